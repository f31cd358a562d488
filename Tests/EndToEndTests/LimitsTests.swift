import Foundation
import TestSupport
import Testing

/// Inputs at the limits: a 10 MB string, a 100,000-character word, a million items.
/// No crash, no hang, and what is cut says so. (JSON nested 10,000 deep is in
/// ``MalformedInputTests``: it is refused with a message.)
@Suite(.serialized) struct LimitsTests {
  static func scratchFile(_ name: String, test: String = #function, _ write: (FileHandle) throws -> Void) throws -> URL {
    try Scratch.file(name, test: test, write)
  }

  @Test func aTenMegabyteStringInEveryFieldOpensAndIsCutVisibly() throws {
    let huge = String(repeating: "lorem ipsum ", count: 10 * 1024 * 1024 / 12)
    let file = try Self.scratchFile("huge.json") { handle in
      let item = #"{"title":"\#(huge)","price":"\#(huge)","description":"\#(huge)","tags":["\#(huge)"],"\#(huge)":1}"#
      try handle.write(contentsOf: Data("[\(item)]".utf8))
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let clock = ContinuousClock()
    var cards = (out: "", err: "", status: Int32(-1))
    let elapsed = try clock.measure {
      cards = try Tmux.launch(Tmux.waterfall, ["render", file.path, "--width", "80", "--height", "24"], input: nil, environment: [:], timeout: 120)
    }
    #expect(cards.status == 0)
    #expect(cards.err == "")
    #expect(cards.out.contains("┃lorem ipsum lorem ipsum ┃"))
    #expect(cards.out.contains(" 1/1 "))
    let details = try Tmux.launch(
      Tmux.waterfall, ["render", file.path, "--width", "80", "--height", "24", "--details", "--keys", "End"],
      input: nil, environment: [:], timeout: 120)
    #expect(details.status == 0)
    #expect(details.out.contains("… (only the first 1000 lines are shown;"), "\(details.out)")
    #expect(elapsed < .seconds(100))
  }

  @Test func aHundredThousandCharacterWordBreaksAnywhere() throws {
    let word = String(repeating: "x", count: 100_000)
    let file = try Self.scratchFile("word.json") { handle in
      try handle.write(contentsOf: Data(#"[{"title":"\#(word)","description":"\#(word)"},{"title":"next"}]"#.utf8))
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let cards = try Tmux.waterfall(["render", file.path, "--width", "60", "--height", "20", "--columns", "1"])
    #expect(cards.status == 0)
    let lines = cards.out.split(separator: "\n")
    #expect(lines.contains { $0 == "┃" + String(repeating: "x", count: 58) + "┃" })
    #expect(lines.contains { $0 == "┃" + String(repeating: "x", count: 57) + "…┃" })
    let details = try Tmux.waterfall(["render", file.path, "--width", "60", "--height", "20", "--details", "--keys", "End"])
    #expect(details.status == 0)
    #expect(details.out.contains("┃              xxxxxxxxxx"))
    #expect(details.out.contains("… (only the first 1000 lines are shown;"), "\(details.out)")
  }

  @Test func aMillionItemsLoadAndTheLastIsReachable() throws {
    let file = try Self.scratchFile("million.jsonl") { handle in
      var chunk = ""
      for i in 0..<1_000_000 {
        chunk += #"{"title":"Item \#(i)","price":"$\#(i)"}"# + "\n"
        if chunk.utf8.count > 1 << 20 {
          try handle.write(contentsOf: Data(chunk.utf8))
          chunk = ""
        }
      }
      try handle.write(contentsOf: Data(chunk.utf8))
    }
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Tmux.launch(
      Tmux.waterfall, ["render", file.path, "--width", "80", "--height", "24", "--keys", "End"], input: nil, environment: [:],
      timeout: 240)
    #expect(run.status == 0)
    #expect(run.err == "")
    #expect(run.out.contains(" 1000000/1000000 "), "\(run.out)")
    #expect(run.out.contains("Item 999999"))
  }
}
