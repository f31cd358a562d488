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

  /// The status bar where other lines follow it (the frame trace): the line with `? help`.
  static func statusLine(_ screen: [String]) -> String {
    screen.last { $0.contains("? help") } ?? ""
  }

  @Test func aNewColumnCountAtScaleEndsOnTheScreenRenderDraws() throws {
    let file = try Self.textCards()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let tmux = try Tmux("waterfall --no-animation \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor("every card loaded", timeout: 60) { Self.statusLine($0).contains("1/40000") && Self.statusLine($0).contains("3 columns") }
    try tmux.send("+")
    let screen = try tmux.waitFor("four columns, laid out", timeout: 60) {
      Self.statusLine($0).contains("4 columns") && !Self.statusLine($0).contains("laying out")
    }
    // 40,000 cards laid out by the debug build (under ASan, on a busy machine, past 30 s).
    let rendered = try Tmux.waterfall(["render", file.path, "--width", "100", "--height", "30", "--columns", "4"], timeout: 120)
    #expect(rendered.status == 0)
    let expected = rendered.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(screen.prefix(29)) == Array(expected.prefix(29)), "the cards as render draws them at 4 columns")
    // Keys still answer after it: Down moves the selection.
    try tmux.send("Down")
    try tmux.waitFor("the selection to move") { !Self.statusLine($0).contains(" 1/40000") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  /// 40,000 cards in 40,000 groups (`--group-by shelf`): every card its own group.
  static func groupedCards() throws -> URL {
    try Scratch.file("groups.jsonl") { handle in
      var lines = ""
      for i in 0..<40_000 {
        lines += #"{"title":"card \#(i)","shelf":"shelf \#(i)","description":"\#(String(repeating: "oak ", count: i % 9))"}"# + "\n"
      }
      handle.write(Data(lines.utf8))
    }
  }

  @Test func manyGroupsAreGroupedOnTheWorkerAndEndOnTheScreenRenderDraws() throws {
    let file = try Self.groupedCards()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let tmux = try Tmux("waterfall --no-animation --group-by shelf \(Tmux.shellQuote(file.path))", width: 100, height: 30)
    defer { tmux.kill() }
    func settled(_ screen: [String]) -> Bool {
      !Self.statusLine(screen).contains("grouping") && !Self.statusLine(screen).contains("laying out")
    }
    try tmux.waitFor("every card in its group", timeout: 60) {
      Self.statusLine($0).contains("1/40000") && Self.statusLine($0).contains("40000 groups") && settled($0)
    }
    let rendered = try Tmux.waterfall(["render", file.path, "--group-by", "shelf", "--width", "100", "--height", "30"])
    #expect(rendered.status == 0)
    let expected = rendered.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(try tmux.settle().prefix(29)) == Array(expected.prefix(29)), "the groups as render draws them")
    // A hide groups the items anew on the worker; keys answer meanwhile.
    try tmux.send("x")
    try tmux.send("Down")
    try tmux.waitFor("the hide grouped and laid out", timeout: 60) {
      Self.statusLine($0).contains("/39999") && Self.statusLine($0).contains("39999 groups") && settled($0)
    }
    try tmux.send("u")
    try tmux.waitFor("the card back", timeout: 60) {
      Self.statusLine($0).contains("/40000") && Self.statusLine($0).contains("40000 groups") && settled($0)
    }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
