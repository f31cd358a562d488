import Testing
import WaterfallLayout
@testable import WaterfallView

@Suite struct DisplayTextTests {
  @Test(arguments: [
    ("abc", 3), ("价格", 4), ("café", 4), ("cafe\u{301}", 4), ("😀", 2), ("", 0),
    ("\u{1B}[2J", 1), ("\u{1B}[2", 3), ("a\u{200B}b", 2), ("\u{200B}", 1), ("👩\u{200D}💻", 4), ("\u{301}", 1), ("a\u{202E}b", 3),
  ])
  func widths(text: String, width: Int) {
    #expect(DisplayText.width(of: text) == width)
    #expect(DisplayText.glyphs(of: text).reduce(0) { $0 + $1.width } == width)
  }

  @Test func controlsBecomeVisiblePictures() {
    #expect(DisplayText.sanitized("a\u{1B}]0;title\u{07}b") == "a␛b")
    #expect(DisplayText.sanitized("1\r2\u{08}3\n4\u{7F}") == "1␍2␈3␊4␡")
    #expect(DisplayText.sanitized("tab\there") == "tab here")
    #expect(DisplayText.sanitized("c1\u{9B}31m") == "c1␛")
    #expect(DisplayText.sanitized("c1\u{85}x") == "c1\u{FFFD}x")
    #expect(DisplayText.sanitized("\u{202E}evil\u{2066}") == "\u{FFFD}evil\u{FFFD}")
  }

  @Test func combiningMarksStayWithTheirBase() {
    let glyphs = DisplayText.glyphs(of: "e\u{301}x")
    #expect(glyphs == [Glyph(text: "e\u{301}", width: 1), Glyph(text: "x", width: 1)])
  }

  @Test func noGlyphEverHoldsAControlCharacter() {
    var text = ""
    for v in 0..<0x100 { text.unicodeScalars.append(Unicode.Scalar(v)!) }
    for glyph in DisplayText.glyphs(of: text) {
      for scalar in glyph.text.unicodeScalars {
        #expect(!(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)), "\(scalar.value)")
      }
    }
  }
}

@Suite struct TextWrapperTests {
  @Test func wrapsAtSpaces() {
    #expect(TextWrapper.wrap("Ceramic mug with a blue glaze", width: 12) == ["Ceramic mug", "with a blue", "glaze"])
  }

  @Test func ellipsisWhenCutShort() {
    #expect(TextWrapper.wrap("Ceramic mug with a blue glaze", width: 12, maxLines: 2) == ["Ceramic mug", "with a blue…"])
    #expect(TextWrapper.wrap("one\ntwo\nthree", width: 10, maxLines: 2) == ["one", "two…"])
  }

  @Test func longWordsAndCJKBreakAnywhere() {
    #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWrapper.wrap("价格便宜好用", width: 5) == ["价格", "便宜", "好用"])
  }

  @Test func newlinesStartLines() {
    #expect(TextWrapper.wrap("a\n\nb\n", width: 5) == ["a", "", "b"])
    #expect(TextWrapper.wrap("", width: 5) == [])
  }

  @Test func everyLineFits() {
    let text = "Le café 価格 😀😀 naïve supercalifragilistic 一二三四五六七八九十 ok"
    for width in 1...20 {
      for line in TextWrapper.wrap(text, width: width, maxLines: 3) {
        #expect(DisplayText.width(of: line) <= width, "\(width): \(line)")
      }
    }
  }

  @Test func truncateFlattensNewlines() {
    #expect(TextWrapper.truncate("a\nb", width: 5) == "a b")
    #expect(TextWrapper.truncate("abcdefgh", width: 5) == "abcd…")
  }
}
