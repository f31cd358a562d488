import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallTerminal

/// Real-pixel detection without waiting (issue 31): the terminal's answers read
/// by the input decoder as they come, with the times they come at, and the
/// question's phases (not asked, asked, answered, timed out) stepped by those
/// times, never by a clock.
@Suite struct GraphicsProbeTests {
  static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
  static let kittyError = "\u{1B}_Gi=31;ENOENT:unsupported\u{1B}\\"

  /// Feeds `text` to `decoder` a character at a time at `time`, as curses hands
  /// it over, and the answers that come out to `probe`; returns the keys.
  static func feed(
    _ text: String, at time: UInt64, to decoder: inout InputDecoder, probe: inout GraphicsProbe
  ) -> [InputEvent] {
    var keys: [InputEvent] = []
    for scalar in text.unicodeScalars {
      for event in decoder.feed(.character(scalar.value), time: time) {
        if case .answer(let answer) = event { probe.take(answer, at: time) } else { keys.append(event) }
      }
    }
    return keys
  }

  @Test(arguments: [
    (kittyOK + "\u{1B}[?62;22c", GraphicsSupport.kitty),
    ("\u{1B}[?62;4;22c", .sixel),
    ("\u{1B}[?63;1;2;4;6c", .sixel),
    ("\u{1B}[?62;22c", .none),
    (kittyError + "\u{1B}[?62;c", .none),
    ("\u{1B}[?64;44c", .none),
    (kittyOK + "\u{1B}[6;20;10t\u{1B}[?62;4c", .kitty),
  ])
  func answersAreRead(_ answer: String, _ expected: GraphicsSupport) {
    var decoder = InputDecoder()
    var probe = GraphicsProbe()
    #expect(probe.ask(at: 100) == GraphicsProbe.query)
    #expect(Self.feed("j" + answer + "k", at: 105, to: &decoder, probe: &probe) == [.key(.character("j")), .key(.character("k"))])
    #expect(probe.phase == .answered(expected))
    #expect(probe.support == expected)
  }

  /// Not asked: answers change nothing, and nothing is decided; asked once only.
  @Test func notAskedUntilAsked() {
    var probe = GraphicsProbe()
    #expect(probe.phase == .notAsked)
    #expect(probe.take(.deviceAttributes([62, 4]), at: 5) == nil)
    #expect(probe.expire(at: 5_000) == false)
    #expect(probe.phase == .notAsked)
    #expect(probe.support == nil)
    #expect(probe.deadline == nil)
    #expect(probe.ask(at: 7_000) == GraphicsProbe.query)
    #expect(probe.phase == .asked(at: 7_000))
    #expect(probe.deadline == 7_000 + GraphicsProbe.limit)
    #expect(probe.ask(at: 7_001) == nil, "asked once")
    #expect(probe.support == nil)
  }

  /// The answer in pieces, over several reads within the limit.
  @Test func answeredInPieces() {
    var decoder = InputDecoder()
    var probe = GraphicsProbe()
    _ = probe.ask(at: 0)
    #expect(Self.feed("\u{1B}_Gi=31;", at: 10, to: &decoder, probe: &probe).isEmpty)
    #expect(Self.feed("OK\u{1B}\\\u{1B}[6;1", at: 20, to: &decoder, probe: &probe).isEmpty)
    #expect(probe.phase == .asked(at: 0))
    #expect(Self.feed("8;9t\u{1B}[?6", at: 30, to: &decoder, probe: &probe).isEmpty)
    #expect(probe.cellSize == Size(width: 9, height: 18))
    #expect(Self.feed("2;c", at: GraphicsProbe.limit, to: &decoder, probe: &probe).isEmpty)
    #expect(probe.phase == .answered(.kitty))
  }

  /// No answer within the limit: timed out, no real pixels; an answer after it
  /// changes nothing and is no key.
  @Test func timesOut() {
    var decoder = InputDecoder()
    var probe = GraphicsProbe()
    _ = probe.ask(at: 50)
    #expect(probe.expire(at: 50 + GraphicsProbe.limit) == false, "the limit itself is still in time")
    #expect(probe.phase == .asked(at: 50))
    let expired = probe.expire(at: 51 + GraphicsProbe.limit)
    #expect(expired)
    #expect(probe.phase == .timedOut)
    #expect(probe.support == GraphicsSupport.none)
    #expect(probe.deadline == nil)
    let keys = Self.feed("\u{1B}[?62;4cq", at: 3_000, to: &decoder, probe: &probe)
    #expect(keys == [.key(.character("q"))])
    #expect(probe.phase == .timedOut)
  }

  /// An answer that comes after the limit when nothing expired the question
  /// first (no frame in between) is late all the same.
  @Test func aLateAnswerIsLateWithoutATick() {
    var probe = GraphicsProbe()
    _ = probe.ask(at: 0)
    #expect(probe.take(.deviceAttributes([62, 4]), at: GraphicsProbe.limit + 1) == nil)
    #expect(probe.phase == .timedOut)
  }

  /// Once DA1 has answered, later answers change nothing.
  @Test func answeredOnce() {
    var probe = GraphicsProbe()
    _ = probe.ask(at: 0)
    #expect(probe.take(.deviceAttributes([62]), at: 3) == GraphicsSupport.none)
    #expect(probe.take(.kittyGraphics(id: 31, message: "OK"), at: 4) == nil)
    #expect(probe.take(.deviceAttributes([62, 4]), at: 5) == nil)
    #expect(probe.phase == .answered(GraphicsSupport.none))
    #expect(probe.expire(at: 10_000) == false)
  }

  /// The query asks kitty, then the cell's size, then DA1 last (its answer decides).
  @Test func theQuery() {
    let text = String(decoding: GraphicsProbe.query, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}_Gi=31,"))
    #expect(text.contains("\u{1B}[16t"))
    #expect(text.hasSuffix("\u{1B}[c"))
  }

  @Test func theEnvironmentDecidesWhereItCan() {
    #expect(GraphicsSupport.fromEnvironment(["TERM": "dumb"]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment([:]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-kitty"]) == .kitty)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-256color", "TMUX": "/tmp/x,1,0"]) == GraphicsSupport.none)
    #expect(GraphicsSupport.fromEnvironment(["TERM": "xterm-256color"]) == nil)
  }
}
