/// Counting the lines text wraps to without making them: what measuring a
/// million cards needs, where ``TextWrapper/wrap(_:width:maxLines:)`` would build
/// every line only to count them. The rules are the wrapper's, and a test holds
/// the two equal.
extension TextWrapper {
  /// The number of lines `utf8` wraps to at `width`, at most `maxLines`: the
  /// count of ``wrap(_:width:maxLines:)``'s lines.
  ///
  /// One paragraph of printable ASCII, CJK ideographs, kana or Hangul (whose
  /// widths need no lookup) is counted over its bytes, making no string; anything
  /// else (newlines, emoji, combining marks, controls) is wrapped.
  ///
  /// ```swift
  /// var text = "Ceramic mug with a blue glaze"
  /// text.withUTF8 { TextWrapper.lineCount(utf8: $0, width: 12) }   // 3
  /// ```
  public static func lineCount(utf8: UnsafeBufferPointer<UInt8>, width: Int, maxLines: Int = .max) -> Int {
    guard width > 0, maxLines > 0 else { return 0 }
    if let count = simpleLineCount(utf8, width: width) { return min(count, maxLines) }
    return wrap(String(decoding: utf8, as: UTF8.self), width: width, maxLines: maxLines).count
  }

  /// The display width of a scalar that is always a character of its own,
  /// known without decoding a string: printable ASCII and the Latin letters
  /// and signs of U+00A1 to U+02FF but the soft hyphen (1); CJK ideographs and
  /// punctuation, kana, Hangul syllables and fullwidth forms (2); and the
  /// pictographs of U+2600 to U+27BF and U+1F300 to U+1F9FF, but the skin
  /// tones that join the one before, at the width `wcwidth` gives them (1 or
  /// 2, as ``DisplayText`` draws them). Nil for anything else (a test holds
  /// these equal to ``DisplayText``'s widths).
  ///
  /// ```swift
  /// TextWrapper.simpleWidth(0x1F3A7)   // 2: 🎧
  /// TextWrapper.simpleWidth(0x1F3FB)   // nil: a skin tone joins the emoji before it
  /// ```
  static func simpleWidth(_ scalar: UInt32) -> Int? {
    switch scalar {
    case 0x20..<0x7F, 0xA1...0xAC, 0xAE...0x2FF: return 1
    case 0x3001...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
      0xFF01...0xFF60, 0xFFE0...0xFFE6:
      return 2
    case 0x1F3FB...0x1F3FF: return nil
    case 0x2600...0x27BF, 0x1F300...0x1F9FF:
      guard let value = Unicode.Scalar(scalar) else { return nil }
      let width = DisplayText.rawWidth(value)
      return width > 0 ? width : nil
    default: return nil
    }
  }

  /// Word wrapping counted over bytes, as ``TextWrapper`` wraps (at spaces, and
  /// anywhere inside a word wider than the line), or nil when the text is not one
  /// paragraph of characters ``simpleWidth(_:)`` knows.
  ///
  /// Each word is placed as its end is found, keeping nothing (a word wider than
  /// the line is read again, glyph by glyph): no allocation, a card at a time,
  /// a million cards measured while loading.
  static func simpleLineCount(_ utf8: UnsafeBufferPointer<UInt8>, width: Int) -> Int? {
    var lines = 1
    var lineWidth = 0
    var placedAny = false
    var wordWidth = 0
    var wordStart = 0
    var i = 0
    // One past the end reads as a space: the last word is placed there.
    while i <= utf8.count {
      // Printable ASCII but the space, the common case: one more column of the word.
      if i < utf8.count, utf8[i] > 0x20, utf8[i] < 0x7F {
        let end = printableRunEnd(utf8, from: i + 1)
        wordWidth += end - i
        i = end
        continue
      }
      // A CJK ideograph of U+5000 to U+9FFF (led by E5 to E9): two columns of
      // the word, as `simpleWidth` says, without decoding it.
      if i + 2 < utf8.count, utf8[i] &- 0xE5 < 5 {
        wordWidth += 2
        i += 3
        continue
      }
      let scalar: UInt32
      let length: Int
      if i == utf8.count {
        (scalar, length) = (0x20, 1)
      } else {
        let lead = utf8[i]
        switch lead {
        case 0x00..<0x80: (scalar, length) = (UInt32(lead), 1)
        case 0xC2..<0xE0 where i + 1 < utf8.count:
          scalar = (UInt32(lead & 0x1F) << 6) | UInt32(utf8[i + 1] & 0x3F)
          length = 2
        case 0xE0..<0xF0 where i + 2 < utf8.count:
          scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[i + 1] & 0x3F) << 6) | UInt32(utf8[i + 2] & 0x3F)
          length = 3
        case 0xF0..<0xF5 where i + 3 < utf8.count:
          scalar = (UInt32(lead & 0x07) << 18) | (UInt32(utf8[i + 1] & 0x3F) << 12) | (UInt32(utf8[i + 2] & 0x3F) << 6)
            | UInt32(utf8[i + 3] & 0x3F)
          length = 4
        default: return nil
        }
      }
      guard let w = simpleWidth(scalar) else { return nil }
      if scalar == 0x20 {
        if wordWidth > 0 {
          placedAny = true
          let space = lineWidth > 0 ? 1 : 0
          if lineWidth + space + wordWidth <= width {
            lineWidth += space + wordWidth
          } else if wordWidth <= width {
            lines += 1
            lineWidth = wordWidth
          } else {
            // A word wider than a line breaks anywhere, starting on this line.
            if lineWidth > 0, lineWidth + 1 < width {
              lineWidth += 1
            } else if lineWidth > 0 {
              lines += 1
              lineWidth = 0
            }
            // Its glyphs, each as wide as simpleWidth said.
            var g = wordStart
            while g < i {
              let (glyph, glyphLength) = Self.simpleGlyph(in: utf8, at: g)
              g += glyphLength
              if lineWidth > 0, lineWidth + glyph > width {
                lines += 1
                lineWidth = 0
              }
              // A glyph wider than the whole line shows as a space.
              lineWidth += glyph > width ? 1 : glyph
            }
          }
        }
        wordWidth = 0
        wordStart = i + length
      } else {
        wordWidth += w
      }
      i += length
    }
    return placedAny ? lines : 0
  }

  /// Where the run of printable ASCII but the space (0x21 to 0x7E) that goes
  /// on at `start` ends: the index of the first other byte, or the count.
  /// Eight bytes are looked at a time, as a word of text is a few of them.
  ///
  /// ```swift
  /// TextWrapper.printableRunEnd(bytes, from: 0)   // bytes: "Ceramic mug": 7
  /// ```
  static func printableRunEnd(_ utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let count = utf8.count
    var index = start
    if let base = utf8.baseAddress {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      while index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        // Below 0x21: the byte borrows into its high bit. Above 0x7E: its
        // high bit is set, or adding one sets it (0x7F).
        let stops = (((word &- ones &* 0x21) & ~word) | ((word &+ ones) | word)) & highs
        // A borrow or carry runs only into later bytes (higher, little-endian):
        // the lowest mark is the first stop.
        if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < count, utf8[index] > 0x20, utf8[index] < 0x7F { index += 1 }
    return index
  }

  /// The width and byte length of the glyph at `at` in text ``simpleLineCount(_:width:)``
  /// has already found all simple.
  private static func simpleGlyph(in utf8: UnsafeBufferPointer<UInt8>, at: Int) -> (width: Int, length: Int) {
    let lead = utf8[at]
    switch lead {
    case 0x00..<0x80: return (1, 1)
    case 0x80..<0xE0: return (1, 2)
    case 0xE0..<0xF0:
      let scalar = (UInt32(lead & 0x0F) << 12) | (UInt32(utf8[at + 1] & 0x3F) << 6) | UInt32(utf8[at + 2] & 0x3F)
      return (simpleWidth(scalar) ?? 2, 3)
    default:
      let scalar = (UInt32(lead & 0x07) << 18) | (UInt32(utf8[at + 1] & 0x3F) << 12) | (UInt32(utf8[at + 2] & 0x3F) << 6)
        | UInt32(utf8[at + 3] & 0x3F)
      return (simpleWidth(scalar) ?? 2, 4)
    }
  }
}
