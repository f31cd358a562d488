import Testing
import WaterfallTerminal

/// tmux passthrough: the exact wrapping, and detection from a scripted tmux.
@Suite struct TmuxPassthroughTests {
  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func wrapDoublesEveryEscape() {
    let sixel = Array("\u{1B}7\u{1B}[3;4H\u{1B}P0;1q\"1;1;2;6#0~~\u{1B}\\\u{1B}8".utf8)
    #expect(
      Self.text(TmuxPassthrough.wrap(sixel))
        == "\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[3;4H\u{1B}\u{1B}P0;1q\"1;1;2;6#0~~\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\")
    #expect(TmuxPassthrough.wrap([]) == Array("\u{1B}Ptmux;\u{1B}\\".utf8))
  }

  @Test func wrapEachCutsAfterEveryStringTerminator() {
    let chunks = Array("\u{1B}_Gm=1;AA\u{1B}\\\u{1B}_Gm=0;BB\u{1B}\\".utf8)
    #expect(
      Self.text(TmuxPassthrough.wrapEach(chunks))
        == "\u{1B}Ptmux;\u{1B}\u{1B}_Gm=1;AA\u{1B}\u{1B}\\\u{1B}\\\u{1B}Ptmux;\u{1B}\u{1B}_Gm=0;BB\u{1B}\u{1B}\\\u{1B}\\")
    // A tail without a terminator is wrapped too.
    #expect(Self.text(TmuxPassthrough.wrapEach(Array("\u{1B}8".utf8))) == "\u{1B}Ptmux;\u{1B}\u{1B}8\u{1B}\\")
  }

  /// A tmux that answers `show` and `display` from a table, recording what was asked.
  final class ScriptedTmux {
    var answers: [String: String?]
    var asked: [[String]] = []
    init(_ answers: [String: String?]) { self.answers = answers }
    func run(_ arguments: [String]) -> String? {
      asked.append(arguments)
      return answers[arguments[0]] ?? nil
    }
  }

  @Test func passthroughOnGivesThePaneAndTheOuterTerminal() {
    let tmux = ScriptedTmux(["show": "on\n", "display": "5|81|xterm-256color|256,RGB,sixel,title\n"])
    let found = TmuxPassthrough.detect(environment: ["TMUX": "/tmp/tmux-0/default,1,0"], run: tmux.run)
    #expect(found == TmuxPassthrough(paneTop: 5, paneLeft: 81, outer: .sixel))
    #expect(tmux.asked.first == ["show", "-Av", "allow-passthrough"])
    let kitty = ScriptedTmux(["show": "all\n", "display": "0|0|xterm-kitty|256,RGB\n"])
    #expect(TmuxPassthrough.detect(environment: ["TMUX": "x"], run: kitty.run)?.outer == .kitty)
    let plain = ScriptedTmux(["show": "on\n", "display": "0|0|xterm-256color|256,RGB\n"])
    #expect(TmuxPassthrough.detect(environment: ["TMUX": "x"], run: plain.run)?.outer == GraphicsSupport.none)
  }

  @Test func noPassthroughOutsideTmuxWhenOffOrWithoutAnAnswer() {
    let on = ScriptedTmux(["show": "on\n", "display": "0|0|xterm|\n"])
    #expect(TmuxPassthrough.detect(environment: ["TERM": "xterm"], run: on.run) == nil)
    #expect(on.asked.isEmpty, "tmux is not run outside tmux")
    let off = ScriptedTmux(["show": "off\n", "display": "0|0|xterm|\n"])
    #expect(TmuxPassthrough.detect(environment: ["TMUX": "x"], run: off.run) == nil)
    #expect(off.asked.count == 1)
    // tmux < 3.3 has no such option: the command fails.
    let old = ScriptedTmux(["show": nil, "display": "0|0|xterm|\n"])
    #expect(TmuxPassthrough.detect(environment: ["TMUX": "x"], run: old.run) == nil)
    let garbled = ScriptedTmux(["show": "on\n", "display": "top|left\n"])
    #expect(TmuxPassthrough.detect(environment: ["TMUX": "x"], run: garbled.run) == nil)
  }
}
