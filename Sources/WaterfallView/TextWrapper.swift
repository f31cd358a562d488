/// Wraps text to a width in columns: at spaces where it can, inside a word where a
/// word is wider than the line (as CJK text, which has no spaces, always is).
///
/// Explicit newlines (`\n`, `\r\n`) start new lines; a lone `\r` is shown as `␍`. When `maxLines` cuts the text short, the last
/// line ends with `…`. Every line returned fits in `width` columns, measured by
/// ``DisplayText``, and is already sanitised.
///
/// ```swift
/// TextWrapper.wrap("Ceramic mug with a blue glaze", width: 12)
/// // ["Ceramic mug", "with a blue", "glaze"]
/// TextWrapper.wrap("Ceramic mug with a blue glaze", width: 12, maxLines: 2)
/// // ["Ceramic mug", "with a blue…"]
/// ```
public enum TextWrapper {
  public static func wrap(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var body = Substring(text)
    while let last = body.last, last == "\n" || last == "\r\n" || last == " " { body = body.dropLast() }
    guard !body.isEmpty else { return [] }

    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var truncated = false
    /// Ends the current line; `false` when no more lines may follow.
    func flush() -> Bool {
      lines.append(line)
      line = ""
      lineWidth = 0
      return lines.count < maxLines
    }

    paragraphs: for (index, paragraph) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
      if index > 0, !flush() {
        truncated = true
        break
      }
      for word in paragraph.split(separator: " ") {
        let glyphs = DisplayText.glyphs(of: word)
        let wordWidth = glyphs.reduce(0) { $0 + $1.width }
        let space = lineWidth > 0 ? 1 : 0
        if lineWidth + space + wordWidth <= width {
          if space == 1 { line += " " }
          line += word.isASCIIPrintable ? String(word) : glyphs.map(\.text).joined()
          lineWidth += space + wordWidth
          continue
        }
        if wordWidth <= width {
          guard flush() else {
            truncated = true
            break paragraphs
          }
          line = word.isASCIIPrintable ? String(word) : glyphs.map(\.text).joined()
          lineWidth = wordWidth
          continue
        }
        // A word wider than a line breaks anywhere, starting on the current line.
        if lineWidth > 0, lineWidth + 1 < width {
          line += " "
          lineWidth += 1
        } else if lineWidth > 0, !flush() {
          truncated = true
          break paragraphs
        }
        for glyph in glyphs {
          if lineWidth + glyph.width > width, !flush() {
            truncated = true
            break paragraphs
          }
          line += glyph.text
          lineWidth += glyph.width
        }
      }
    }
    if truncated {
      lines[lines.count - 1] = ellipsized(lines[lines.count - 1], width: width)
    } else {
      lines.append(line)
    }
    return lines
  }

  /// The number of lines `text` wraps to at `width`, without building them.
  public static func wrappedLineCount(_ text: String, width: Int) -> Int {
    wrap(text, width: width).count
  }

  /// `line` with `…` at its end, shortened until both fit in `width`.
  public static func ellipsized(_ line: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var glyphs = DisplayText.glyphs(of: line)
    var total = glyphs.reduce(0) { $0 + $1.width }
    while total + 1 > width, let last = glyphs.popLast() { total -= last.width }
    while let last = glyphs.last, last.text == " " { glyphs.removeLast() }
    return glyphs.map(\.text).joined() + "…"
  }

  /// `text` on one line, cut with `…` when it is wider than `width`.
  public static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let flat = String(text.map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    let glyphs = DisplayText.glyphs(of: flat)
    let total = glyphs.reduce(0) { $0 + $1.width }
    if total <= width { return glyphs.map(\.text).joined() }
    return ellipsized(flat, width: width)
  }
}

extension Substring {
  /// Whether every scalar is printable ASCII, so the text needs no sanitising.
  var isASCIIPrintable: Bool {
    utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }
}
