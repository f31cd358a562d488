import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// What `--print` writes is always JSON (issue 30): text that is not UTF-8, from
/// a CSV, a database's TEXT or a JSON file, becomes U+FFFD; a REAL JSON has no
/// number for is the string JavaScript and Python name it.
@Suite struct JSONOutputTests {
  /// Whether `bytes` are JSON by a strict reading: UTF-8, and parsed by
  /// Foundation's parser, which takes no `NaN` or `Infinity`.
  static func isStrictJSON(_ bytes: [UInt8]) -> Bool {
    guard String(validating: bytes, as: UTF8.self) != nil else { return false }
    return (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
  }

  static func quoted(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    JSONValue.appendQuoted(utf8: bytes, to: &out)
    return out
  }

  static let fffd: [UInt8] = [0xEF, 0xBF, 0xBD]

  @Test(arguments: [
    ([0x43, 0x61, 0x66, 0xE9], Array("Caf".utf8) + fffd),  // Latin-1 é
    ([0xFF, 0x41], fffd + [0x41]),
    ([0xC3], fffd),  // cut short
    ([0xE2, 0x82], fffd),  // one maximal subpart, one U+FFFD
    ([0xE2, 0x82, 0x41], fffd + [0x41]),
    ([0xC0, 0x80], fffd + fffd),  // overlong
    ([0xED, 0xA0, 0x80], fffd + fffd + fffd),  // a surrogate
    ([0xF4, 0x90, 0x80, 0x80], fffd + fffd + fffd + fffd),  // past U+10FFFF
    ([0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80], [0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80]),  // é € 😀
  ] as [([UInt8], [UInt8])])
  func textThatIsNotUTF8BecomesReplacementCharacters(_ bytes: [UInt8], _ expected: [UInt8]) {
    #expect(Self.quoted(bytes) == [0x22] + expected + [0x22])
    #expect(JSONValue.repairingUTF8(bytes) == expected)
    #expect(Self.isStrictJSON(Self.quoted(bytes)))
  }

  /// The repair is Swift's own: random bytes quoted as they are, and decoded by
  /// `String(decoding:as:)` then quoted, give the same JSON.
  @Test func randomBytesAreRepairedAsSwiftDecodesThem() {
    var random = SeededGenerator(seed: 30)
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        [UInt8.random(in: 0x80...0xFF, using: &random), UInt8.random(in: 0...0xFF, using: &random), 0x41][Int.random(in: 0...2, using: &random)]
      }
      let decoded = Array(String(decoding: bytes, as: UTF8.self).utf8)
      guard Self.quoted(bytes) == Self.quoted(decoded), JSONValue.repairingUTF8(bytes) == decoded else {
        Issue.record("\(bytes) is repaired otherwise than Swift decodes it")
        return
      }
    }
  }

  @Test(arguments: [(Double.infinity, #""Infinity""#), (-Double.infinity, #""-Infinity""#), (Double.nan, #""NaN""#), (12.5, "12.5"), (1e-05, "1e-05")])
  func realsAreNumbersOrNamedStrings(_ value: Double, _ text: String) {
    var out: [UInt8] = []
    JSONValue.appendNumber(value, to: &out)
    #expect(String(decoding: out, as: UTF8.self) == text)
    #expect(Self.isStrictJSON(out))
  }

  /// A source whose text is not UTF-8, or whose numbers are not finite, and
  /// what its first item prints as.
  struct Source: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var bytes: [UInt8]?
    var sql: String?
    var printed: String
    var testDescription: String { name }
  }

  static let sources: [Source] = [
    Source(name: "a CSV in Latin-1", file: "shop.csv", bytes: Array("name,city\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x2C, 0x4B, 0xF6, 0x6C, 0x6E, 0x0A],
           printed: #"{"name":"Caf\#u{FFFD}","city":"K\#u{FFFD}ln"}"#),
    Source(name: "a JSON Lines file with a Latin-1 string", file: "notes.jsonl", bytes: Array(#"{"title":"Caf"#.utf8) + [0xE9] + Array("\"}\n".utf8),
           printed: #"{"title":"Caf\#u{FFFD}"}"#),
    Source(name: "a database's TEXT that is not UTF-8", file: "shop.db", sql: "CREATE TABLE t(name TEXT); INSERT INTO t VALUES (CAST(X'436166E9' AS TEXT));",
           printed: #"{"name":"Caf\#u{FFFD}"}"#),
    Source(name: "a database's REALs that are not finite", file: "shop.db", sql: "CREATE TABLE t(name TEXT, a REAL, b REAL); INSERT INTO t VALUES ('x', 9e999, -9e999);",
           printed: #"{"name":"x","a":"Infinity","b":"-Infinity"}"#),
    Source(name: "a query's REAL that is not finite", file: "q.db", sql: "CREATE TABLE t(a REAL); INSERT INTO t VALUES (9e999);",
           printed: #"{"a":"Infinity"}"#),
  ]

  @Test(arguments: sources)
  func printedItemsAreAlwaysJSON(_ source: Source) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(source.file).path
    if let bytes = source.bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
    if let sql = source.sql { try SQLiteFixture.make(at: path, sql: sql) }
    let origin = source.file == "q.db" ? try SourceResolver.resolve(path, query: "SELECT * FROM t") : try SourceResolver.resolve(path)
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: origin, store: store).loadAll()
    #expect(store.count == 1)
    let printed = store.printed(at: 0)
    #expect(String(decoding: printed, as: UTF8.self) == source.printed)
    #expect(Self.isStrictJSON(printed), "\(printed)")
  }
}
