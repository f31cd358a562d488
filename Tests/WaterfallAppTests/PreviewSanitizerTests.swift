import TestSupport
import Testing
import WaterfallView

@testable import WaterfallApp

/// A preview command's output made safe: colours kept as styles, every other
/// control and escape sequence a visible mark, tabs expanded; read in chunks
/// cut anywhere, up to a bound (issue 27).
@Suite struct PreviewSanitizerTests {
  static func text(_ input: String) -> String {
    var sanitizer = PreviewSanitizer()
    return sanitizer.line(from: input).text
  }

  /// Whether `text` holds anything a terminal would act on.
  static func isInert(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
      let v = scalar.value
      return v >= 0x20 && v != 0x7F && !(0x80..<0xA0).contains(v) && !(0x202A...0x202E).contains(v)
        && !(0x2066...0x2069).contains(v)
    }
  }

  static let cases: [(String, String)] = [
    ("plain text", "plain text"),
    ("\u{1B}[31mred\u{1B}[0m", "red"),
    ("\u{1B}[1;38;5;208mbold orange\u{1B}[m", "bold orange"),
    ("\u{1B}[38:2::10:20:30mtrue\u{1B}[39m", "true"),
    // Tabs to the next multiple of 8, after wide characters too.
    ("a\tb", "a       b"),
    ("\tx", "        x"),
    ("价格\tx", "价格    x"),
    ("12345678\tx", "12345678        x"),
    // Escape sequences other than colours: one mark each, the body never shown.
    ("a\u{1B}[2Jb", "a␛b"),
    ("a\u{1B}[10;20Hb", "a␛b"),
    ("a\u{1B}[?1049hb", "a␛b"),
    ("a\u{1B}[?25lb", "a␛b"),
    ("a\u{1B}[>1mb", "a␛b"),
    ("clip\u{1B}]52;c;cm0gLXJmIH4K\u{07}board", "clip␛board"),
    ("title\u{1B}]0;pwned\u{1B}\\!", "title␛!"),
    ("link \u{1B}]8;;http://x\u{1B}\\here\u{1B}]8;;\u{1B}\\", "link ␛here␛"),
    ("reset\u{1B}c", "reset␛"),
    ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\", "dcs␛"),
    ("charset\u{1B}(0x", "charset␛x"),
    ("c1 \u{9B}2J csi", "c1 ␛ csi"),
    ("c1 \u{9B}31m red", "c1  red"),
    ("osc c1 \u{9D}0;t\u{9C}.", "osc c1 ␛."),
    // An escape that starts no complete sequence is a mark; its rest shows.
    ("lone \u{1B}", "lone ␛"),
    ("open \u{1B}[12", "open ␛[12"),
    ("open osc \u{1B}]0;never ended", "open osc ␛]0;never ended"),
    // Other controls: their pictures.
    ("bell\u{07}", "bell␇"),
    ("back\u{08}space", "back␈space"),
    ("nul\u{0}here", "nul␀here"),
    ("del\u{7F}", "del␡"),
    ("progress 10%\rprogress 20%", "progress 10%␍progress 20%"),
    ("crlf\r", "crlf"),
    ("vt\u{0B}ff\u{0C}", "vt␋ff␌"),
    ("c1 \u{85} next line", "c1 � next line"),
    ("bidi \u{202E}evil\u{202C} \u{2066}iso\u{2069}", "bidi �evil� �iso�"),
    ("e\u{301} combining", "e\u{301} combining"),
  ]

  @Test(arguments: cases) func keepsColoursAndMarksEveryOtherControl(_ input: String, _ expected: String) {
    let shown = Self.text(input)
    #expect(shown == expected)
    #expect(Self.isInert(shown))
  }

  @Test func coloursBecomeStylesThatCarryToTheNextLine() {
    var sanitizer = PreviewSanitizer()
    let first = sanitizer.line(from: "a\u{1B}[31;1mb\u{1B}[22mc")
    #expect(first.runs == [
      PreviewLine.Run("a"), PreviewLine.Run("b", Style(foreground: .red, attributes: .bold)),
      PreviewLine.Run("c", Style(foreground: .red)),
    ])
    let second = sanitizer.line(from: "d\u{1B}[0me")
    #expect(second.runs == [PreviewLine.Run("d", Style(foreground: .red)), PreviewLine.Run("e")])
  }

  static let renditions: [(String, Style)] = [
    ("", .plain),
    ("0", .plain),
    ("1", Style(attributes: .bold)),
    ("2;3;4;7", Style(attributes: [.dim, .italic, .underline, .reverse])),
    ("4:0", .plain),
    ("1;22", .plain),
    ("31", Style(foreground: .red)),
    ("97;104", Style(foreground: .indexed(15), background: .indexed(12))),
    ("38;5;208", Style(foreground: .indexed(208))),
    ("48;5;17;1", Style(background: .indexed(17), attributes: .bold)),
    ("38;2;1;2;3", Style(foreground: .rgb(1, 2, 3))),
    ("38:2::1:2:3", Style(foreground: .rgb(1, 2, 3))),
    ("38:2:1:2:3", Style(foreground: .rgb(1, 2, 3))),
    ("38:5:9", Style(foreground: .indexed(9))),
    ("38;5;999", .plain),
    ("38;2;300;0;0", .plain),
    ("38;5", .plain),
    ("38", .plain),
    ("31;39", .plain),
    ("5;9;53", .plain),
    ("99999999999999999999999;1", Style(attributes: .bold)),
  ]

  @Test(arguments: renditions) func readsGraphicRenditions(_ parameters: String, _ expected: Style) {
    var style = Style.plain
    GraphicRendition.apply(parameters, to: &style)
    #expect(style == expected)
  }

  @Test func randomBytesNeverReachTheTerminal() {
    var rng = SeededGenerator(seed: 27)
    // Escapes and controls often, so that sequences of every kind come up.
    let alphabet: [UInt8] = [0x1B, 0x1B, 0x5B, 0x5D, 0x50, 0x07, 0x5C, 0x3B, 0x32, 0x6D, 0x0D, 0x09, 0x08, 0x00, 0x7F, 0x9B, 0xC2, 0x41]
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &rng)).map { _ in
        Bool.random(using: &rng) ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
      }
      var reader = PreviewReader()
      var lines = reader.take(bytes).lines
      if let last = reader.finish() { lines.append(last) }
      for line in lines {
        #expect(Self.isInert(line.text), "\(bytes)")
      }
    }
  }

  // MARK: Reading in chunks

  /// Every line `input` gives, read in chunks of `size` bytes.
  static func read(_ input: String, chunk size: Int, byteLimit: Int = 1 << 20, lineLimit: Int = 10_000) -> (lines: [String], cut: PreviewReader.Cut?) {
    var reader = PreviewReader(byteLimit: byteLimit, lineLimit: lineLimit)
    var lines: [String] = []
    let bytes = Array(input.utf8)
    var start = 0
    while start < bytes.count {
      lines += reader.take(bytes[start..<min(bytes.count, start + size)]).lines.map(\.text)
      start += size
    }
    if let last = reader.finish() { lines.append(last.text) }
    return (lines, reader.cut)
  }

  @Test(arguments: [1, 2, 3, 5, 64]) func chunksCutAnywhereReadAsAWhole(_ size: Int) {
    let input = "价格 \u{1B}[31mred\u{1B}[0m\r\nsecond\u{1B}]0;t\u{07} 😀\nno newline at the end"
    let whole = Self.read(input, chunk: input.utf8.count)
    #expect(whole.lines == ["价格 red", "second␛ 😀", "no newline at the end"])
    #expect(Self.read(input, chunk: size).lines == whole.lines)
  }

  @Test func theOpenLineShowsAsFarAsItCameWithoutAHalfCharacter() {
    var reader = PreviewReader()
    let bytes = Array("one\ntwo 价".utf8)
    let output = reader.take(bytes.dropLast(2))
    #expect(output.lines.map(\.text) == ["one"])
    #expect(output.tail?.text == "two ")
    let rest = reader.take(bytes.suffix(2) + [0x0A])
    #expect(rest.lines.map(\.text) == ["two 价"])
    #expect(rest.tail == nil)
  }

  @Test func outputIsCutAtTheBoundAndSaysSo() {
    let lines = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
    let byLines = Self.read(lines, chunk: 7, lineLimit: 10)
    #expect(byLines.lines == (1...10).map { "line \($0)" })
    #expect(byLines.cut == .lines(10))
    #expect(byLines.cut?.description == "cut at 10 lines")
    let exactly = Self.read((1...10).map { "line \($0)" }.joined(separator: "\n") + "\n", chunk: 7, lineLimit: 10)
    #expect(exactly.cut == nil, "exactly the bound is not cut")
    let byBytes = Self.read(lines, chunk: 7, byteLimit: 23)
    #expect(byBytes.lines == ["line 1", "line 2", "line 3", "li"])
    #expect(byBytes.cut == .bytes(23))
    #expect(PreviewReader.Cut.bytes(1 << 20).description == "cut at 1 MiB")
    #expect(PreviewReader.Cut.lines(10_000).description == "cut at 10,000 lines")
  }
}
