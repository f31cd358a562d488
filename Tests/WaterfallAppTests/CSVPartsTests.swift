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
}
