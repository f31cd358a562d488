import Foundation
import TestSupport
import Testing

/// `--pictures auto` never holds the first frame (issue 31): the real binary in
/// tmux, every byte it writes captured (`pipe-pane`). The pane's command leaves
/// tmux's variables out (`TMUX`, a `screen` TERM), so that auto asks the
/// terminal rather than taking tmux's word; tmux answers device attributes
/// itself and ignores kitty's query.
@Suite(.serialized) struct PixelProbeEndToEndTests {
  static let query = "\u{1B}_Gi=31,"

  /// Runs `arguments` as the pane's program, presses `keys` once `ready`
  /// holds, quits, and returns all it wrote and the screen once ready.
  static func written(
    _ arguments: String, keys: [String] = [], name: String = #function, ready: ([String]) -> Bool
  ) throws -> (bytes: String, screen: [String]) {
    let folder = try Scratch.folder(name)
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appendingPathComponent("terminal-output.bin")
    let tmux = try Tmux(
      "read go; env -u NO_COLOR -u TMUX TERM=xterm-256color waterfall --pictures auto --no-animation \(arguments)",
      width: 100, height: 30, name: name)
    try Tmux.run(["pipe-pane", "-o", "-t", "0", "cat > \(Tmux.shellQuote(output.path))"], socket: tmux.socket)
    try tmux.send("Enter")
    let screen = try tmux.waitFor("the first screen", ready)
    for key in keys { try tmux.send(key) }
    _ = try tmux.settle()
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
    try Tmux.run(["pipe-pane", "-t", "0"], socket: tmux.socket)
    return (String(decoding: try Data(contentsOf: output), as: UTF8.self), screen)
  }

  /// Pictures: the first frame is written whole, then the question; the
  /// answer tmux sends never reads as keys (`?` would open the help).
  @Test func theFirstFrameComesBeforeTheQuestion() throws {
    let (bytes, screen) = try Self.written("Data/shops", keys: ["j"]) { $0.joined().contains("Linen rug") }
    #expect(screen.joined().contains("Linen rug"))
    let asked = try #require(bytes.range(of: Self.query), "the question was never sent: \(bytes.utf8.count) bytes")
    let firstCard = try #require(bytes.range(of: "Linen rug"))
    #expect(firstCard.upperBound <= asked.lowerBound, "the question came before the first frame")
    #expect(bytes.components(separatedBy: Self.query).count == 2, "asked once")
    #expect(bytes.range(of: "\u{1B}[c", range: asked.upperBound..<bytes.endIndex) != nil, "DA1 last")
  }

  /// Data without pictures: nothing is ever asked, through frames and keys.
  @Test func dataWithoutPicturesNeverAsks() throws {
    let (bytes, screen) = try Self.written("Data/notes.jsonl", keys: ["j", "j", "G", "g"]) {
      $0.joined().contains("Packing list")
    }
    #expect(screen.joined().contains("Packing list"))
    #expect(bytes.utf8.count > 1_000, "the frames were captured")
    #expect(!bytes.contains(Self.query))
    #expect(!bytes.contains("\u{1B}[c"))
    #expect(!bytes.contains("\u{1B}[16t"))
  }
}
