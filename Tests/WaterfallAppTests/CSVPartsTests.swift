import Testing
import TestSupport
import WaterfallWorkers

@testable import WaterfallApp

/// A CSV file's records turned into items on both cores read as they do in
/// turn: the same items at the same places, quoted line breaks, CRLF, CR-only
/// lines and blank lines included, and the same error for a quote left open.
@Suite struct CSVPartsTests {
  static func records(_ count: Int, lineBreak: String) -> String {
    var rng = SeededGenerator(seed: 17)
    let titles = ["mug", "\"tea, pot\"", "\"two\(lineBreak)lines\"", "\"said \"\"hi\"\"\"", "茶壶", "", "  spaced  "]
    var text = "id,title,price\(lineBreak)"
    for i in 0..<count {
      text += "\(i),\(titles.randomElement(using: &rng)!),\(Int.random(in: 0...999, using: &rng))\(lineBreak)"
      if i % 50 == 7 { text += lineBreak }  // a blank line
    }
    return text
  }

  @Test(arguments: ["\n", "\r\n", "\r"], [97, 4_096, 1 << 20])
  func recordsReadInPartsAreThoseReadInTurn(lineBreak: String, chunk: Int) {
    let text = Self.records(500, lineBreak: lineBreak)
    let serial = JSONArrayPartsTests.read(text, path: "items.csv", chunk: chunk, parallelism: .serial)
    let parts = JSONArrayPartsTests.read(text, path: "items.csv", chunk: chunk, parallelism: .helpers(.normal))
    #expect(serial.items.count == 500 && serial.error == nil, "\(serial.error ?? "")")
    #expect(parts.items == serial.items)
  }

  @Test func aQuoteLeftOpenKeepsTheRecordsBeforeIt() {
    let text = Self.records(300, lineBreak: "\n") + "300,\"never closed,1\n"
    let serial = JSONArrayPartsTests.read(text, path: "items.csv", chunk: 1 << 20, parallelism: .serial)
    let parts = JSONArrayPartsTests.read(text, path: "items.csv", chunk: 1 << 20, parallelism: .helpers(.normal))
    #expect(serial.items.count == 300)
    #expect(serial.error?.contains("a quoted field is not closed") == true, "\(serial.error ?? "")")
    #expect(parts.items == serial.items && parts.error == serial.error)
  }

  /// Reads `text` as one chunk straight through a ``CSVReader`` with helpers.
  static func readWhole(_ text: String) -> (reader: CSVReader, items: [ScannedItem], error: LoadError?) {
    var reader = CSVReader(scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true, delimiter: UInt8(ascii: ","))
    reader.parallelism = .helpers(.normal)
    var items: [ScannedItem] = []
    var failure: LoadError?
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      let chunk = Chunk(bytes: bytes, start: 0, location: TextLocation(line: 1, column: 1), atEnd: true, path: "a.csv")
      do throws(LoadError) { _ = try reader.read(chunk, from: 0, into: &items) } catch { failure = error }
    }
    return (reader, items, failure)
  }

  /// A chunk past the threshold is found in parts at once, and the
  /// records are those read in turn, for each kind of line break and with a
  /// quote left open at the end.
  @Test(arguments: ["\n", "\r\n"])
  func aLargeChunkIsReadInParts(lineBreak: String) {
    let text = Self.records(40_000, lineBreak: lineBreak)
    #expect(GuessedParts.parts(for: text.utf8.count) >= 2)
    let whole = Self.readWhole(text)
    #expect(whole.reader.guessesKept >= 1)
    #expect(whole.items.count == 40_000 && whole.error == nil)
    for chunk in [100_000, 1 << 22] {
      let serial = JSONArrayPartsTests.read(text, path: "items.csv", chunk: chunk, parallelism: .serial)
      let parts = JSONArrayPartsTests.read(text, path: "items.csv", chunk: chunk, parallelism: .helpers(.normal))
      #expect(parts.items == serial.items && parts.error == serial.error, "chunks of \(chunk)")
    }
    let open = text + "40000,\"never closed,1\n"
    let serial = JSONArrayPartsTests.read(open, path: "items.csv", chunk: 1 << 20, parallelism: .serial)
    let parts = JSONArrayPartsTests.read(open, path: "items.csv", chunk: 1 << 20, parallelism: .helpers(.normal))
    #expect(serial.error?.contains("a quoted field is not closed") == true)
    #expect(parts.items == serial.items && parts.error == serial.error)
  }

  /// A line break past the middle that lies inside a quoted field is no
  /// record's end: the guess is let go, and the records are those read in turn.
  @Test func aBreakInsideQuotesIsNoRecordsEnd() {
    let before = (0..<2_000).map { "\($0),mug,\($0)\n" }.joined()
    let quoted = "2000,\"" + String(repeating: "a long\nquoted\nfield ", count: 20_000) + "\",1\n"
    let after = (2_001..<2_100).map { "\($0),bowl,\($0)\n" }.joined()
    let text = "id,title,price\n" + before + quoted + after
    let whole = Self.readWhole(text)
    #expect(whole.reader.guessesKept == 0)
    #expect(whole.items.count == 2_100 && whole.error == nil)
    let serial = JSONArrayPartsTests.read(text, path: "items.csv", chunk: 1 << 22, parallelism: .serial)
    let parts = JSONArrayPartsTests.read(text, path: "items.csv", chunk: 1 << 22, parallelism: .helpers(.normal))
    #expect(parts.items == serial.items && serial.items.count == 2_100)
  }
}
