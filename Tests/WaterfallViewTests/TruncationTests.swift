import Testing

@testable import WaterfallView

/// `TextWrapper.truncate` builds its line in one pass: it cuts where the glyphs
/// measured whole and ``TextWrapper/ellipsized(_:total:width:)`` cut, for wide
/// glyphs, marks, spaces before the cut and lines that fit.
@Suite struct TruncationTests {
  /// The line made from every glyph, as `truncate` made it before.
  static func byGlyphs(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var glyphs: [Glyph] = []
    DisplayText.forEachGlyph(in: Substring(text), newlines: true) {
      glyphs.append($0 == .newline ? .space : $0)
      return true
    }
    let total = glyphs.reduce(0) { $0 + $1.width }
    guard total > width else { return glyphs.map(\.text).joined() }
    return TextWrapper.ellipsized(glyphs, total: total, width: width)
  }

  static let texts = [
    "", "a", "abcdefgh", "ab  cd", "ab   ", "  x", "价格便宜", "a价b格c", "e\u{301}e\u{301}e\u{301}e\u{301}",
    "x\u{1B}]52;c;a b c\u{1B}\\y", "a\r\nb c\nd", "mug   with   a   glaze", "価 格 価 格", "\u{202E}abc def",
  ]

  @Test(arguments: texts) func cutsWhereTheGlyphsWereCut(_ text: String) {
    for width in 0...12 {
      #expect(TextWrapper.truncate(text, width: width) == Self.byGlyphs(text, width: width), "\(text.debugDescription) at \(width)")
    }
  }
}
