import WaterfallLayout
import WaterfallView

/// A waterfall card's height at a width, measured without building the card: the
/// number the layout asks for a million times.
///
/// It equals ``CardPlan/init(content:width:)``'s ``CardPlan/height`` always (a
/// test checks it over random cards); it is only faster. One paragraph of
/// printable ASCII, CJK, kana or Hangul is wrapped by counting bytes, by
/// ``TextWrapper``'s rules; anything else (newlines, emoji, combining marks)
/// goes through ``TextWrapper`` itself.
///
/// ```swift
/// CardHeight.of(aspect: nil, title: Array("Linen rug".utf8), hasSubtitle: true, hasTags: false, text: nil, width: 24)
/// // 2 borders + 1 title line + 1 subtitle = 4
/// ```
enum CardHeight {
  /// The height of a card with these fields, `width` columns wide.
  static func of(
    aspect: CardContent.Aspect?, title: UnsafeBufferPointer<UInt8>, hasSubtitle: Bool, hasTags: Bool,
    text: UnsafeBufferPointer<UInt8>?, width: Int
  ) -> Int {
    let inner = max(1, width - 2)
    var rows = 0
    if let aspect {
      let image = ItemSize.aspect(width: aspect.width, height: aspect.height).height(forWidth: inner, aspectCorrection: 0.5)
      rows += min(max(image, CardPlan.imageRows.lowerBound), CardPlan.imageRows.upperBound)
    }
    rows += lineCount(title, width: inner, maxLines: CardPlan.maximumTitleLines)
    if hasSubtitle { rows += 1 }
    if hasTags { rows += 1 }
    if aspect == nil, let text { rows += lineCount(text, width: inner, maxLines: CardPlan.maximumTextLines) }
    return max(rows, 1) + 2
  }

  /// The lines `utf8` wraps to at `width`, at most `maxLines`: `TextWrapper.wrap(…).count`.
  static func lineCount(_ utf8: UnsafeBufferPointer<UInt8>, width: Int, maxLines: Int) -> Int {
    if let count = simpleLineCount(utf8, width: width) { return min(count, maxLines) }
    return TextWrapper.wrap(String(decoding: utf8, as: UTF8.self), width: width, maxLines: maxLines).count
  }

  /// The display width of a scalar whose width is known without asking the
  /// system: printable ASCII (1), and CJK ideographs, kana and Hangul syllables
  /// (2, each its own character). Nil for anything else.
  static func simpleWidth(_ scalar: UInt32) -> Int? {
    switch scalar {
    case 0x20..<0x7F: return 1
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
    default: return nil
    }
  }

  /// Word wrapping counted over bytes, as ``TextWrapper`` wraps (at spaces, and
  /// anywhere inside a word wider than the line), or nil when the text is not one
  /// paragraph of characters ``simpleWidth(_:)`` knows.
  static func simpleLineCount(_ utf8: UnsafeBufferPointer<UInt8>, width: Int) -> Int? {
    // The words' widths, and each character's width within words wider than a line.
    var words: [(width: Int, start: Int, end: Int)] = []
    var glyphs: [UInt8] = []
    var wordWidth = 0
    var wordStart = 0
    var i = 0
    while i < utf8.count {
      let lead = utf8[i]
      let scalar: UInt32
      let length: Int
      switch lead {
      case 0x00..<0x80: (scalar, length) = (UInt32(lead), 1)
      case 0xE0..<0xF0 where i + 2 < utf8.count:
        scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F)
        length = 3
      default: return nil
      }
      guard let w = simpleWidth(scalar) else { return nil }
      if scalar == 0x20 {
        if wordWidth > 0 { words.append((wordWidth, wordStart, glyphs.count)) }
        wordWidth = 0
        wordStart = glyphs.count
      } else {
        wordWidth += w
        glyphs.append(UInt8(w))
      }
      i += length
    }
    if wordWidth > 0 { words.append((wordWidth, wordStart, glyphs.count)) }
    guard !words.isEmpty else { return 0 }

    var lines = 1
    var lineWidth = 0
    for word in words {
      let space = lineWidth > 0 ? 1 : 0
      if lineWidth + space + word.width <= width {
        lineWidth += space + word.width
      } else if word.width <= width {
        lines += 1
        lineWidth = word.width
      } else {
        // A word wider than a line breaks anywhere, starting on this line.
        if lineWidth > 0, lineWidth + 1 < width {
          lineWidth += 1
        } else if lineWidth > 0 {
          lines += 1
          lineWidth = 0
        }
        for g in glyphs[word.start..<word.end] {
          if lineWidth > 0, lineWidth + Int(g) > width {
            lines += 1
            lineWidth = 0
          }
          // A glyph wider than the whole line shows as a space.
          lineWidth += Int(g) > width ? 1 : Int(g)
        }
      }
    }
    return lines
  }
}
