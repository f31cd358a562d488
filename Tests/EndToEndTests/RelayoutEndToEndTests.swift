import Foundation
import TestSupport
import Testing

/// Many text cards at a new width, in the real program: the layout the worker
/// makes is taken in by the run loop, and the screen it ends on is the one
/// `render` draws at that column count.
@Suite(.serialized) struct RelayoutEndToEndTests {
  /// 40,000 cards whose text wraps to many heights (the browser lays out on a
  /// worker from 20,000).
  static func textCards() throws -> URL {
    try Scratch.file("cards.jsonl") { handle in
      var lines = ""
      let words = ["wool", "clay", "oak", "linen", "brass", "teapot", "lantern", "basket", "quilt", "jar"]
      for i in 0..<40_000 {
        let text = (0..<(i * 7 % 31)).map { words[($0 + i) % words.count] }.joined(separator: " ")
        lines += #"{"title":"card \#(i)","description":"\#(text)"}"# + "\n"
      }
      handle.write(Data(lines.utf8))
    }
  }

  /// The status bar: the screen's last row that says `? help`.
  static func status(_ screen: [String]) -> String {
    screen.last { $0.contains("? help") } ?? ""
  }

  @Test func aNewColumnCountAtScaleEndsOnTheScreenRenderDraws() throws {
    let file = try Self.textCards()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let tmux = try Tmux("waterfall --no-animation \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor("every card loaded", timeout: 60) { Self.status($0).contains("1/40000") && Self.status($0).contains("3 cols") }
    try tmux.send("+")
    let screen = try tmux.waitFor("four columns, laid out", timeout: 60) {
      Self.status($0).contains("4 cols") && !Self.status($0).contains("laying out")
    }
    let rendered = try Tmux.waterfall(["render", file.path, "--width", "100", "--height", "30", "--columns", "4"])
    #expect(rendered.status == 0)
    let expected = rendered.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(screen.prefix(29)) == Array(expected.prefix(29)), "the cards as render draws them at 4 columns")
    // Keys still answer after it: Down moves the selection.
    try tmux.send("Down")
    try tmux.waitFor("the selection to move") { !Self.status($0).contains(" 1/40000") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
