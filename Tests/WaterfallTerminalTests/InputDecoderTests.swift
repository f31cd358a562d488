import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallTerminal

/// Every answer a terminal sends is kept from the keys, whenever it comes and
/// however it is cut (issue 30); the keys themselves read as before.
@Suite struct InputDecoderTests {
  static let esc = "\u{1B}"
  static let st = "\u{1B}\\"

  /// Answers of every kind a terminal sends, as xterm, kitty, VTE, foot and
  /// WezTerm spell them.
  static let answers: [(String, String)] = [
    ("primary device attributes (DA1)", esc + "[?62;4c"),
    ("DA1, xterm's", esc + "[?64;1;2;6;9;15;16;17;18;21;22;28c"),
    ("secondary device attributes (DA2)", esc + "[>1;95;0c"),
    ("tertiary device attributes (DA3, a DCS)", esc + "P!|00000000" + st),
    ("XTVERSION (a DCS)", esc + "P>|XTerm(388)" + st),
    ("kitty graphics: OK", esc + "_Gi=31;OK" + st),
    ("kitty graphics: an error", esc + "_Gi=31;ENOENT:file not found" + st),
    ("cell size in pixels", esc + "[6;20;10t"),
    ("window size in pixels", esc + "[4;600;800t"),
    ("window size in cells", esc + "[8;24;80t"),
    ("DECRQM, a private mode", esc + "[?2026;2$y"),
    ("DECRQM, an ANSI mode", esc + "[4;1$y"),
    ("OSC 11 background, ended by BEL", esc + "]11;rgb:0000/0000/0000\u{07}"),
    ("OSC 10 foreground, ended by ST", esc + "]10;rgb:ffff/ffff/ffff" + st),
    ("OSC 4 palette colour", esc + "]4;1;rgb:cdcd/0000/0000\u{07}"),
    ("cursor position report", esc + "[12;40R"),
    ("cursor position report, DEC's", esc + "[?12;40;1R"),
    ("device status: OK", esc + "[0n"),
    ("focus in", esc + "[I"),
    ("kitty keyboard flags", esc + "[?0u"),
    ("a colour in 8-bit ST", esc + "]11;rgb:1/2/3\u{9C}"),
  ]

  static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

  /// An answer between two keys, cut at every place: only the keys come out.
  /// Between the pieces nothing more was waiting (``InputDecoder/idle()``),
  /// except right after the `ESC`, where curses would have waited for the rest.
  @Test(arguments: answers)
  func answersNeverBecomeKeys(_ name: String, _ answer: String) {
    let text = Self.scalars("a" + answer + "?")
    for cut in 0...text.count {
      var decoder = InputDecoder()
      var events = decoder.feed(Array(text[..<cut]), time: 0)
      if Array(text[..<cut]).last != "\u{1B}" { events += decoder.idle() }
      events += decoder.feed(Array(text[cut...]), time: 500)
      events += decoder.idle()
      #expect(events == [.key(.character("a")), .key(.character("?"))], "\(name), cut after \(cut)")
      #expect(decoder.swallowed == 1, "\(name), cut after \(cut)")
    }
  }

  /// Answers back to back, and a key decoded by curses in between.
  @Test func answersBackToBackAndAmongKeys() {
    var decoder = InputDecoder()
    let all = Self.answers.map(\.1).joined()
    var events = decoder.feed(Self.scalars(all), time: 0)
    events += decoder.feed(.event(.key(.down)), time: 0)
    events += decoder.feed(Self.scalars(all + "j"), time: 0)
    events += decoder.idle()
    #expect(events == [.key(.down), .key(.character("j"))])
    #expect(decoder.swallowed == Self.answers.count * 2)
  }

  /// What the keys read as: as before, and the cursor keys in pieces too.
  @Test(arguments: [
    ([InputDecoder.Unit.character(27)], [InputEvent.key(.escape)]),
    ([.character(27), .character(UInt32(UInt8(ascii: "x")))], [.key(.alt("x"))]),
    ([.character(27), .character(27)], [.key(.escape), .key(.escape)]),
    ([.character(27), .event(.key(.up))], [.key(.escape), .key(.up)]),
    ([.character(27), .unknownKey], [.key(.escape)]),
    ([.character(27), .character(0x4F)], [.key(.alt("O"))]),
    ([.character(27), .character(0x5B), .character(0x41)], [.key(.up)]),
    ([.character(27), .character(0x5B), .character(0x31), .character(0x48)], [.key(.home)]),
    ([.character(27), .character(0x5B), .character(0x35), .character(0x7E)], [.key(.pageUp)]),
    ([.character(27), .character(0x5B), .character(0x5A)], [.key(.backTab)]),
    ([.character(27), .character(0x5B), .character(13)], [.key(.enter)]),  // Alt-[ then Enter
    ([.character(9), .character(13), .character(127), .character(12), .character(0x3F)],
     [.key(.tab), .key(.enter), .key(.backspace), .key(.control("l")), .key(.character("?"))]),
    ([.event(.resize(Size(width: 80, height: 24)))], [.resize(Size(width: 80, height: 24))]),
  ] as [([InputDecoder.Unit], [InputEvent])])
  func keysReadAsKeys(_ units: [InputDecoder.Unit], _ expected: [InputEvent]) {
    var decoder = InputDecoder()
    var events: [InputEvent] = []
    for unit in units { events += decoder.feed(unit, time: 0) }
    events += decoder.idle()
    #expect(events == expected)
  }

  /// A sequence left unfinished is given up after ``InputDecoder/expiry``: a
  /// key typed a second after Alt-[ is a key; an answer's rest within it is not.
  @Test func anUnfinishedSequenceExpires() {
    var decoder = InputDecoder()
    _ = decoder.feed(Self.scalars(Self.esc + "[?6"), time: 1_000)
    #expect(decoder.isInsideSequence)
    #expect(decoder.idle().isEmpty, "still waiting for its rest")
    #expect(decoder.feed(Self.scalars("2;4c"), time: 1_000 + InputDecoder.expiry).isEmpty)
    _ = decoder.feed(Self.scalars(Self.esc + "["), time: 5_000)
    #expect(decoder.feed(Self.scalars("j"), time: 5_001 + InputDecoder.expiry) == [.key(.character("j"))])
  }

  // MARK: Bracketed pastes

  static let pasteStart = esc + "[200~"
  static let pasteEnd = esc + "[201~"

  /// A paste is one event with its text, whatever keys the text would be.
  @Test(arguments: ["q", "hello world", "x\ry\nz\t", "\u{1B}[A\u{1B}x", "\u{1B}[201", "\u{1B}[20", "ünïcødé 🌊", ""])
  func aPasteIsOneEventWithItsText(text: String) {
    var decoder = InputDecoder()
    let events = decoder.feed(Self.scalars(Self.pasteStart + text + Self.pasteEnd + "j"), time: 0)
    #expect(events == [.paste(text), .key(.character("j"))])
    #expect(!decoder.isInsideSequence)
  }

  /// Cut anywhere, a paste is still one event, and what follows it keys.
  @Test func aPasteCutIntoPiecesIsOneEvent() {
    let whole = Self.scalars(Self.pasteStart + "abc" + Self.esc + "[20x" + Self.pasteEnd + "q")
    for cut in 1..<whole.count {
      var decoder = InputDecoder()
      let events = decoder.feed(Array(whole[..<cut]), time: 0) + decoder.feed(Array(whole[cut...]), time: 1)
      #expect(events == [.paste("abc\u{1B}[20x"), .key(.character("q"))], "cut at \(cut)")
    }
  }

  /// Keys curses decoded inside a paste are its text; a paste whose end never
  /// comes is given as far as it came when the next character is late.
  @Test func keysInsideAPasteAreTextAndAnUnendedPasteEnds() {
    var decoder = InputDecoder()
    var events = decoder.feed(Self.scalars(Self.pasteStart + "a"), time: 0)
    events += decoder.feed(.event(.key(.enter)), time: 0)
    events += decoder.feed(.event(.key(.up)), time: 0)
    events += decoder.feed(Self.scalars("b" + Self.esc + "[2"), time: 0)
    #expect(events.isEmpty)
    events = decoder.feed(Self.scalars("j"), time: 1 + InputDecoder.expiry)
    #expect(events == [.paste("a\nb\u{1B}[2"), .key(.character("j"))])
  }

  /// A paste keeps at most ``InputDecoder/longestPaste`` characters.
  @Test func aHugePasteIsCut() {
    var decoder = InputDecoder()
    let huge = String(repeating: "x", count: InputDecoder.longestPaste + 10)
    let events = decoder.feed(Self.scalars(Self.pasteStart + huge + Self.pasteEnd), time: 0)
    guard case .paste(let text)? = events.first else {
      Issue.record("no paste: \(events.count) events")
      return
    }
    #expect(text.unicodeScalars.count == InputDecoder.longestPaste)
    #expect(events.count == 1)
  }
}
