import Testing
import WaterfallLayout
@testable import WaterfallView

/// Text from data that tries to drive the terminal: every sequence is shown as one
/// `␛`, every control as a visible picture, and nothing is ever split or mis-measured.
@Suite struct HostileTextTests {
  @Test(arguments: [
    // CSI: erase the screen, colours, the alternate screen, the 8-bit introducer.
    ("a\u{1B}[2Jb", "a␛b"),
    ("\u{1B}[38;5;196mred\u{1B}[0m", "␛red␛"),
    ("\u{1B}[?1049h", "␛"),
    ("\u{9B}2J!", "␛!"),
    // OSC: window title (BEL), clipboard (ST), 8-bit OSC and ST, cancelled by CAN.
    ("t\u{1B}]0;pwned title\u{07}!", "t␛!"),
    ("\u{1B}]52;c;SGFja2Vk\u{1B}\\ok", "␛ok"),
    ("\u{9D}2;x\u{9C}y", "␛y"),
    ("\u{1B}]0;x\u{18}y", "␛y"),
    // DCS, APC (kitty graphics), PM, SOS.
    ("\u{1B}P1$r0m\u{1B}\\.", "␛."),
    ("\u{1B}_Gf=100;AAAA\u{1B}\\.", "␛."),
    ("\u{1B}^pm\u{1B}\\\u{1B}Xsos\u{1B}\\", "␛␛"),
    // Short escapes: reset, charset, screen alignment test, save cursor.
    ("\u{1B}c\u{1B}(B\u{1B}#8\u{1B}7", "␛␛␛␛"),
    // Not complete sequences: only the introducer is replaced, the rest is text.
    ("\u{1B}", "␛"),
    ("\u{1B}[12", "␛[12"),
    ("\u{1B}]0;no end", "␛]0;no end"),
    ("\u{1B}]0;a\u{1B}[2J", "␛]0;a␛"),
    ("\u{1B}[1\nx", "␛[1␊x"),
    ("\u{9D}0;t", "\u{FFFD}0;t"),
    // Other controls, DEL, C1, bidi overrides and isolates.
    ("1\r2\u{08}3\u{07}4\u{7F}5\u{0}", "1␍2␈3␇4␡5␀"),
    ("c1\u{85}\u{8D}", "c1\u{FFFD}\u{FFFD}"),
    ("\u{202E}evil\u{202C}\u{2066}x\u{2069}", "\u{FFFD}evil\u{FFFD}\u{FFFD}x\u{FFFD}"),
    ("line\u{2028}sep", "line\u{FFFD}sep"),
  ])
  func sequencesAndControlsBecomeVisible(text: String, shown: String) {
    #expect(DisplayText.sanitized(text) == shown)
    #expect(DisplayText.width(of: text) == DisplayText.width(of: shown))
  }

  @Test(arguments: [
    // Combining marks join their base; zero-width characters add no column.
    ("e\u{301}", 1), ("a\u{200B}b", 2), ("a\u{200D}b", 2), ("\u{FEFF}x", 2), ("x\u{FE0F}", 1),
    ("e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", 1), ("\u{301}", 1), ("价\u{301}", 2),
  ])
  func zeroWidthAndCombiningCharactersAreMeasuredAsDrawn(text: String, width: Int) {
    #expect(DisplayText.width(of: text) == width)
    let buffer = CellBuffer(width: 10, height: 1)
    #expect(buffer.put(text + "|", at: Point(x: 0, y: 0)) == width + 1)
    #expect(buffer.lines[0].hasSuffix("|" + String(repeating: " ", count: 9 - width)))
  }

  @Test func sequencesAreFoundWhole() {
    func kind(_ text: String) -> EscapeSequence? {
      var scalars = text.unicodeScalars.makeIterator()
      let first = scalars.next()!
      return EscapeSequence.consume(after: first, from: &scalars)
    }
    #expect(kind("\u{1B}[2J") == .controlSequence)
    #expect(kind("\u{1B}]0;t\u{07}") == .commandString)
    #expect(kind("\u{1B}c") == .escape)
    #expect(kind("\u{1B}[") == nil)
    #expect(kind("a") == nil)
    var rest = "]0;pwned\u{07}ok".unicodeScalars.makeIterator()
    #expect(EscapeSequence.consume(after: "\u{1B}", from: &rest) == .commandString)
    #expect(rest.next() == "o")
  }

  @Test func noGlyphEverCarriesAControlWhateverTheBytes() {
    // Every scalar below U+0100, every bidi control, in every order of pairs.
    var scalars: [Unicode.Scalar] = (0..<0x100).compactMap(Unicode.Scalar.init)
    scalars += (0x202A...0x202E).compactMap(Unicode.Scalar.init) + (0x2066...0x2069).compactMap(Unicode.Scalar.init)
    var text = String.UnicodeScalarView()
    for a in scalars where a.value % 7 == 0 || a.value < 0x30 || a.value >= 0x7F {
      for b in scalars {
        text.append(a)
        text.append(b)
      }
    }
    for glyph in DisplayText.glyphs(of: String(text)) {
      for scalar in glyph.text.unicodeScalars {
        let v = scalar.value
        #expect(!(v < 0x20 || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)))
      }
    }
  }

  @Test func manyUnclosedSequencesTakeLinearTime() {
    // Each `ESC ]` looks ahead only to the next escape, so this is quick; a
    // look-ahead to the end of the text would take minutes.
    let text = String(repeating: "\u{1B}]0;", count: 200_000)
    let clock = ContinuousClock()
    var width = 0
    let elapsed = clock.measure { width = DisplayText.width(of: text) }
    #expect(width == 4 * 200_000)
    #expect(elapsed < .seconds(5), "took \(elapsed)")
  }
}

@Suite struct HostileWrappingTests {
  @Test func aSequenceWithSpacesIsOneGlyphNotWords() {
    #expect(TextWrapper.wrap("Buy \u{1B}]0;my evil title\u{07} now", width: 20) == ["Buy ␛ now"])
    #expect(TextWrapper.truncate("x\u{1B}]52;c;a b c\u{1B}\\y", width: 10) == "x␛y")
  }

  @Test func crlfAndLoneCarriageReturns() {
    #expect(TextWrapper.wrap("one\r\ntwo\rthree\r\n", width: 20) == ["one", "two␍three"])
    #expect(TextWrapper.truncate("a\r\nb", width: 5) == "a b")
  }

  @Test func aWideCharacterNeverOverflowsANarrowLine() {
    #expect(TextWrapper.wrap("价格", width: 1) == [" ", " "])
    #expect(TextWrapper.wrap("a价", width: 2, maxLines: 1) == ["a…"])
    #expect(TextWrapper.truncate("价格", width: 1) == "…")
  }

  /// A small deterministic generator of nasty text: words, CJK, marks, controls,
  /// sequences, newlines and runs of spaces.
  static func nastyTexts(count: Int) -> [String] {
    let pieces = [
      "word", "a", "supercalifragilistic", "价格", "😀", "e\u{301}", "\u{301}", "\u{200B}", " ", "  ", "\n", "\r\n",
      "\r", "\t", "\u{1B}[2J", "\u{1B}]0;a b\u{07}", "\u{1B}", "\u{7F}", "\u{202E}", "\u{9B}", "ab cd", "…",
    ]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(seed >> 33)
    }
    return (0..<count).map { _ in (0..<(next() % 14)).map { _ in pieces[next() % pieces.count] }.joined() }
  }

  @Test func everyLineFitsAndShorterWrapsArePrefixes() {
    for text in Self.nastyTexts(count: 400) {
      for width in [1, 2, 3, 5, 8, 13] {
        let all = TextWrapper.wrap(text, width: width)
        for line in all {
          #expect(DisplayText.width(of: line) <= width, "\(width) \(text.debugDescription): \(line.debugDescription)")
          #expect(DisplayText.sanitized(line) == line, "lines are already sanitised")
        }
        for limit in 1...3 {
          let cut = TextWrapper.wrap(text, width: width, maxLines: limit)
          #expect(cut.count == min(limit, all.count))
          #expect(Array(cut.dropLast()) == Array(all.prefix(max(0, cut.count - 1))), "\(text.debugDescription)")
          if all.count > limit { #expect(cut.last?.hasSuffix("…") == true) }
        }
        let line = TextWrapper.truncate(text, width: width)
        #expect(DisplayText.width(of: line) <= width)
      }
    }
  }

  @Test func hugeTitlesAndWordsCostOnlyWhatShows() {
    let tenMegabytes = String(repeating: "lorem ipsum ", count: 10 * 1024 * 1024 / 12)
    let word = String(repeating: "x", count: 100_000)
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      #expect(TextWrapper.wrap(tenMegabytes, width: 24, maxLines: 3) == ["lorem ipsum lorem ipsum", "lorem ipsum lorem ipsum", "lorem ipsum lorem ipsum…"])
      #expect(TextWrapper.truncate(tenMegabytes, width: 10) == "lorem ips…")
      #expect(TextWrapper.wrap(word, width: 10, maxLines: 2) == ["xxxxxxxxxx", "xxxxxxxxx…"])
      #expect(TextWrapper.wrap(word, width: 1000).count == 100)
    }
    #expect(elapsed < .seconds(5), "took \(elapsed)")
  }
}
