import Foundation
import Testing
import TestSupport

/// A terminal's answer that comes after the start-up probe has stopped waiting
/// (over ssh, a round trip over 200 ms) never reaches the keys (issue 30): sent
/// into the running browser, whole or in two pieces, it opens no help (`?`),
/// moves nothing, quits nothing, and the keys after it work.
@Suite struct LateAnswersEndToEndTests {
  static let answers: [(String, String)] = [
    ("DA1", "\u{1B}[?62;4c"),
    ("DA2", "\u{1B}[>1;95;0c"),
    ("kitty graphics", "\u{1B}_Gi=31;OK\u{1B}\\"),
    ("cell size", "\u{1B}[6;20;10t"),
    ("window size", "\u{1B}[4;600;800t"),
    ("DECRQM", "\u{1B}[?2026;2$y"),
    ("OSC 11 colour", "\u{1B}]11;rgb:0000/0000/0000\u{07}"),
    ("OSC 10 colour, ST", "\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\"),
    ("cursor position", "\u{1B}[12;40R"),
    ("DA3", "\u{1B}P!|00000000\u{1B}\\"),
  ]

  static func hex(_ text: String) -> [String] { Array(text.utf8).map { String(format: "%02x", $0) } }

  @Test(arguments: [false, true])
  func lateAnswersAreNotKeys(_ inPieces: Bool) throws {
    let tmux = try Tmux("waterfall Data/shops", width: 100, height: 30, name: "lateanswers\(inPieces)")
    _ = try tmux.waitFor("the cards") { ($0.last { !$0.isEmpty } ?? "").hasPrefix(" 1/") }
    for (_, answer) in Self.answers {
      let bytes = Self.hex(answer)
      if inPieces {
        // Cut after `ESC [` (or `ESC ]` …): two writes, the program reading between them.
        try tmux.send(["-H"] + Array(bytes.prefix(2)))
        try tmux.send(["-H"] + Array(bytes.dropFirst(2)))
      } else {
        try tmux.send(["-H"] + bytes)
      }
    }
    // j: the card below, the fourth (the first column holds cards 1, 4, …).
    try tmux.send("j")
    let screen = try tmux.waitFor("the card below selected") { ($0.last { !$0.isEmpty } ?? "").hasPrefix(" 4/") }
    let text = screen.joined(separator: "\n")
    #expect(!text.contains(" Keys "), "the help is not open: \(text)")
    #expect(!text.contains("Details"), "the details are not open: \(text)")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
