import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One malformed (or merely unusual) input, what `waterfall` must say about it, and
/// what it must still show.
struct MalformedInput: Sendable, CustomTestStringConvertible {
  var name: String
  /// Makes the input inside a scratch directory and returns the path to open.
  var make: @Sendable (URL) throws -> String
  /// Standard error, line by line, with `$P` for the path opened.
  var messages: [String]
  var status: Int32
  /// The items shown: every valid item must survive.
  var items: Int
  /// Text the screen must show.
  var shows: String? = nil

  var testDescription: String { name }

  static func file(_ bytes: [UInt8], named name: String = "data.json") -> @Sendable (URL) throws -> String {
    { directory in
      let url = directory.appendingPathComponent(name)
      try Data(bytes).write(to: url)
      return url.path
    }
  }

  static func file(_ text: String, named name: String = "data.json") -> @Sendable (URL) throws -> String {
    file(Array(text.utf8), named: name)
  }

  /// A directory of pages: name → content (`nil`: a subdirectory; a `->` prefix: a
  /// symbolic link to that name).
  static func pages(_ pages: [(String, String?)]) -> @Sendable (URL) throws -> String {
    { directory in
      let root = directory.appendingPathComponent("pages")
      try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
      for (name, content) in pages {
        let url = root.appendingPathComponent(name)
        switch content {
        case nil:
          try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case let link? where link.hasPrefix("->"):
          try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: String(link.dropFirst(2)))
        case let text?:
          try Data(text.utf8).write(to: url)
        }
      }
      return root.path
    }
  }
}

/// Malformed files, each with its exact message and exit status, and no valid item
/// lost; and the limits: huge strings and words, a million items, deep nesting.
///
/// An error that stops a page keeps the items before it, which are shown, and
/// makes the exit status 2; a skipped JSON Lines line is reported but is not an
/// error. When nothing at all is left to show, the program ends at once with 2.
@Suite struct MalformedInputTests {
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
  static let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)

  static let table: [MalformedInput] = [
    .init(
      name: "a truncated array keeps the items before the cut",
      make: MalformedInput.file(#"[{"title":"a"},{"title":"b"},{"title":"#),
      messages: ["waterfall: $P:1:39: unexpected end of input, expected a value"], status: 2, items: 2),
    .init(
      name: "an array cut after a comma",
      make: MalformedInput.file("[{\"title\":\"a\"},\n"),
      messages: ["waterfall: $P:2:1: unexpected end of input, expected a value"], status: 2, items: 1),
    .init(
      name: "trailing garbage after the array",
      make: MalformedInput.file(#"[{"title":"a"}] x"#),
      messages: ["waterfall: $P:1:17: unexpected 'x' after the array"], status: 2, items: 1),
    .init(
      name: "a truncated string and nothing before it",
      make: MalformedInput.file(#"[{"title":"abc"#),
      messages: ["waterfall: $P:1:11: unterminated string"], status: 2, items: 0),
    .init(
      name: "a byte-order mark before an array is accepted",
      make: MalformedInput.file(bom + Array(#"[{"title":"a"},{"title":"b"}]"#.utf8)),
      messages: [], status: 0, items: 2),
    .init(
      name: "a byte-order mark before JSON Lines is accepted",
      make: MalformedInput.file(bom + Array("{\"title\":\"a\"}\n{\"title\":\"b\"}\n".utf8), named: "data.jsonl"),
      messages: [], status: 0, items: 2),
    .init(
      name: "CRLF JSON Lines are accepted",
      make: MalformedInput.file("{\"title\":\"a\"}\r\n{\"title\":\"b\"}\r\n\r\n{\"title\":\"c\"}\r\n", named: "data.jsonl"),
      messages: [], status: 0, items: 3),
    .init(
      name: "a CRLF array is accepted",
      make: MalformedInput.file("[\r\n{\"title\":\"a\"},\r\n{\"title\":\"b\"}\r\n]\r\n"),
      messages: [], status: 0, items: 2),
    .init(
      name: "an empty file shows no items",
      make: MalformedInput.file(""), messages: [], status: 0, items: 0, shows: "No items to show"),
    .init(
      name: "a file of blank lines shows no items",
      make: MalformedInput.file("\n  \n\r\n"), messages: [], status: 0, items: 0, shows: "No items to show"),
    .init(
      name: "a directory with no pages is refused",
      make: MalformedInput.pages([("notes.txt", "hello")]),
      messages: ["waterfall: $P: no pages (*.json or *.jsonl files) or pictures (*.png, *.jpg) in this directory"], status: 2, items: 0),
    .init(
      name: "a missing file is refused",
      make: { $0.appendingPathComponent("missing.json").path },
      messages: ["waterfall: $P: No such file or directory"], status: 2, items: 0),
    .init(
      name: "a page that disappears before it loads (a dangling link) is reported, the other pages kept",
      make: MalformedInput.pages([
        ("1.json", #"[{"title":"a"},{"title":"b"}]"#), ("2.json", "->gone.json"), ("3.json", #"[{"title":"c"}]"#),
      ]),
      messages: ["waterfall: $P/2.json: No such file or directory"], status: 2, items: 3),
    .init(
      name: "a page that is a directory is reported, the other pages kept",
      make: MalformedInput.pages([("1.json", #"[{"title":"a"}]"#), ("2.json", nil)]),
      messages: ["waterfall: $P/2.json: Is a directory"], status: 2, items: 1),
    .init(
      name: "a broken first page does not hide the pages after it",
      make: MalformedInput.pages([("1.json", "[{"), ("2.json", #"[{"title":"b"}]"#)]),
      messages: ["waterfall: $P/1.json:1:3: expected a string key, found end of input"], status: 2, items: 1),
    .init(
      name: "non-UTF-8 (Latin-1) bytes are shown as U+FFFD",
      make: MalformedInput.file([0x5B, 0x7B] + Array(#""title":"Caf"#.utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array(#"me"}]"#.utf8)),
      messages: [], status: 0, items: 1, shows: "Caf\u{FFFD} cr\u{FFFD}me"),
    .init(
      name: "UTF-16 text is refused with the command that converts it",
      make: MalformedInput.file([0xFF, 0xFE] + Array(#"[{"title":"a"}]"#.utf8).flatMap { [$0, 0] }),
      messages: ["waterfall: $P: this is UTF-16LE text, and waterfall reads UTF-8 (convert it: iconv -f UTF-16LE -t UTF-8 $P)"],
      status: 2, items: 0),
    .init(
      name: "JSON nested 10,000 deep after a good item is refused, the item kept",
      make: MalformedInput.file(#"[{"title":"ok"},"# + deep + "]"),
      messages: ["waterfall: $P:1:528: nesting deeper than 512 levels"], status: 2, items: 1),
    .init(
      name: "JSON nested 10,000 deep alone is refused",
      make: MalformedInput.file(deep),
      messages: ["waterfall: $P:1:513: nesting deeper than 512 levels"], status: 2, items: 0),
    .init(
      name: "JSON Lines: a deep line and a broken line are skipped, the rest kept",
      make: MalformedInput.file("{\"title\":\"a\"}\n" + deep + "\n{oops}\n{\"title\":\"b\"}\n", named: "data.jsonl"),
      messages: [
        "waterfall: $P:2:513: nesting deeper than 512 levels (line skipped)",
        "waterfall: $P:3:2: expected a string key, found 'o' (line skipped)",
      ], status: 0, items: 2),
    .init(
      name: "JSON Lines: an unclosed last line is skipped",
      make: MalformedInput.file("{\"title\":\"a\"}\n{\"title\":\"b\"", named: "data.jsonl"),
      messages: ["waterfall: $P:2:13: expected ',' or '}' in the object, found end of input (line skipped)"],
      status: 0, items: 1),
    .init(
      name: "a PNG opened by mistake is refused",
      make: MalformedInput.file([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x41, 0x00, 0x0D, 0x49], named: "image.json"),
      messages: ["waterfall: $P: looks like a PNG picture, not data; to browse pictures, open their folder"],
      status: 2, items: 0),
  ]

  /// Runs `waterfall render` on `path` and returns its stderr lines, status and the
  /// number of items its status bar counts.
  static func render(_ path: String, as user: [String] = []) throws -> (messages: [String], status: Int32, items: Int?, screen: String) {
    let arguments = ["render", path, "--all-pages", "--width", "60", "--height", "12"]
    let result: (out: String, err: String, status: Int32)
    if user.isEmpty {
      result = try Tmux.waterfall(arguments)
    } else {
      result = try Tmux.launch(user[0], Array(user.dropFirst()) + [Tmux.waterfall] + arguments, input: nil, environment: ["LANG": "C.UTF-8"])
    }
    let messages = result.err.split(separator: "\n").map(String.init)
    let bar = result.out.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    let count = bar.split(separator: " ").first { $0.contains("/") }.flatMap { Int($0.split(separator: "/").last ?? "") }
    return (messages, result.status, count ?? 0, result.out)
  }

  @Test(arguments: table)
  func malformedInputIsReportedAndNoValidItemLost(_ input: MalformedInput) throws {
    let scratch = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let path = try input.make(scratch)
    let run = try Self.render(path)
    #expect(run.messages == input.messages.map { $0.replacingOccurrences(of: "$P", with: path) })
    #expect(run.status == input.status)
    #expect(run.items == input.items, "items shown")
    if let shows = input.shows { #expect(run.screen.contains(shows), "\(run.screen)") }
  }

  static var isRoot: Bool { geteuid() == 0 }
  static var canRunAsNobody: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

  /// Root reads through `chmod 000`, so as root the program runs as `nobody`
  /// (through setpriv), for whom the mode does apply.
  @Test(
    "an unreadable file (chmod 000) is refused with exit 2; as root the program runs as nobody, since root reads through chmod 000",
    .enabled(if: !isRoot || canRunAsNobody, "the tests run as root, root reads through chmod 000, and setpriv is missing"))
  func unreadableFileIsRefused() throws {
    let scratch = URL(fileURLWithPath: "/tmp").appendingPathComponent("wf-unreadable-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
    let file = scratch.appendingPathComponent("locked.json")
    try Data(#"[{"title":"secret"}]"#.utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
    let user = Self.isRoot ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
    let run = try Self.render(file.path, as: user)
    #expect(run.messages == ["waterfall: \(file.path): Permission denied"])
    #expect(run.status == 2)
  }
}
