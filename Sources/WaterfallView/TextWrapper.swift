/// Wraps text to a width in columns: at spaces where it can, inside a word where a
/// word is wider than the line (as CJK text, which has no spaces, always is).
///
/// Explicit newlines (`\n`, `\r\n`) start new lines; a lone `\r` is shown as `␍`.
/// When `maxLines` cuts the text short, the last line ends with `…`. Every line
/// returned fits in `width` columns, measured by ``DisplayText``, and is already
/// sanitised: each line is cut from glyphs, so an escape sequence with spaces in it
/// (`ESC ] 0 ; a title BEL`) is one `␛`, never split into words.
///
/// Work stops once `maxLines` lines are full, so a card's three title lines cost
/// the same for a 10 MB title as for a short one.
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

    var lines = LineFiller(width: width, maxLines: maxLines)
    lines.add(body)
    return lines.finish()
  }

  /// The number of lines `text` wraps to at `width`.
  public static func wrappedLineCount(_ text: String, width: Int) -> Int {
    var text = text
    return text.withUTF8 { lineCount(utf8: $0, width: width) }
  }

  /// `line` with `…` at its end, shortened until both fit in `width`.
  public static func ellipsized(_ line: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var glyphs: [Glyph] = []
    var total = 0
    // Only the glyphs that can still show matter.
    DisplayText.forEachGlyph(in: Substring(line)) {
      glyphs.append($0)
      total += $0.width
      return total < width
    }
    return ellipsized(glyphs, total: total, width: width)
  }

  static func ellipsized(_ glyphs: [Glyph], total: Int, width: Int) -> String {
    var glyphs = glyphs
    var total = total
    while total + 1 > width, let last = glyphs.popLast() { total -= last.width }
    while let last = glyphs.last, last == .space { glyphs.removeLast() }
    var result = String.UnicodeScalarView()
    for glyph in glyphs { glyph.appendScalars(to: &result) }
    result.append("…")
    return String(result)
  }

  /// `text` on one line (newlines become spaces), cut with `…` when it is wider
  /// than `width`. Reads no further into `text` than the line can show.
  public static func truncate(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    // One pass and no array of glyphs: the line is built as it is read, and
    // `cut` keeps how many of its scalars stay when it is cut for the `…` (the
    // glyphs that leave it a column, without the spaces at their end).
    var line = String.UnicodeScalarView()
    var scalars = 0
    var cut = 0
    var total = 0
    DisplayText.forEachGlyph(in: Substring(text), newlines: true) {
      let glyph = $0 == .newline ? Glyph.space : $0
      glyph.appendScalars(to: &line)
      scalars += 1 + glyph.markCount
      total += glyph.width
      if total < width, glyph != .space { cut = scalars }
      return total <= width
    }
    if total <= width { return String(line) }
    var result = String.UnicodeScalarView(line.prefix(cut))
    result.append("…")
    return String(result)
  }
}

extension TextWrapper {
  /// `text` on one line, its middle replaced by `…` when it is wider than
  /// `width`: a file name keeps its start and its extension
  /// (`IMG_2024…0001.jpg`).
  ///
  /// ```swift
  /// TextWrapper.truncateMiddle("holiday-photo-0001.jpeg", width: 15)   // "holiday…01.jpeg"
  /// ```
  public static func truncateMiddle(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var glyphs: [Glyph] = []
    DisplayText.forEachGlyph(in: Substring(text), newlines: true) {
      glyphs.append($0 == .newline ? .space : $0)
      return true
    }
    let total = glyphs.reduce(0) { $0 + $1.width }
    var result = String.UnicodeScalarView()
    guard total > width else {
      for glyph in glyphs { glyph.appendScalars(to: &result) }
      return String(result)
    }
    // The end gets half the room left beside the `…`, the start the rest.
    var tailWidth = 0
    var tail = glyphs.endIndex
    while tail > glyphs.startIndex, tailWidth + glyphs[tail - 1].width <= (width - 1) / 2 {
      tail -= 1
      tailWidth += glyphs[tail].width
    }
    var headWidth = 0
    var head = glyphs.startIndex
    while head < tail, headWidth + glyphs[head].width <= width - 1 - tailWidth {
      headWidth += glyphs[head].width
      head += 1
    }
    for glyph in glyphs[..<head] { glyph.appendScalars(to: &result) }
    result.append("…")
    for glyph in glyphs[tail...] { glyph.appendScalars(to: &result) }
    return String(result)
  }
}

/// Lines being filled word by word: the state of one ``TextWrapper/wrap(_:width:maxLines:)``.
struct LineFiller {
  let width: Int
  let maxLines: Int
  private(set) var lines: [String] = []
  private var line = String.UnicodeScalarView()
  private var lineWidth = 0
  /// The word being read, while it may still fit on a line.
  private var word: [Glyph] = []
  private var wordWidth = 0
  /// Whether the word being read is wider than a line and is being broken
  /// anywhere, glyph by glyph.
  private var breaking = false
  private(set) var truncated = false

  init(width: Int, maxLines: Int) {
    self.width = width
    self.maxLines = maxLines
  }

  /// Adds the words of `text`, a line break ending the line; stops once no more
  /// lines may follow.
  mutating func add(_ text: Substring) {
    var open = true
    DisplayText.forEachGlyph(in: text, newlines: true) { glyph in
      if glyph == .newline {
        open = endWord() && endLine()
      } else if glyph == .space {
        open = endWord()
      } else if breaking {
        open = put(glyph)
      } else {
        word.append(glyph)
        wordWidth += glyph.width
        if wordWidth > width { open = startBreaking() }
      }
      return open
    }
    if open { _ = endWord() }
  }

  /// Ends the current line; `false` when no more lines may follow.
  mutating func endLine() -> Bool {
    guard lines.count < maxLines else {
      truncated = true
      return false
    }
    lines.append(String(line))
    line = String.UnicodeScalarView()
    lineWidth = 0
    if lines.count >= maxLines {
      truncated = true
      return false
    }
    return true
  }

  /// The lines, the last one with `…` when the text did not all fit.
  mutating func finish() -> [String] {
    if truncated {
      let last = lines[lines.count - 1]
      lines[lines.count - 1] = TextWrapper.ellipsized(last, width: width)
    } else {
      lines.append(String(line))
    }
    return lines
  }

  /// Places the word just read: on this line after a space when it fits, else on
  /// the next.
  private mutating func endWord() -> Bool {
    defer {
      word.removeAll(keepingCapacity: true)
      wordWidth = 0
      breaking = false
    }
    guard !breaking, !word.isEmpty else { return true }
    let space = lineWidth > 0 ? 1 : 0
    if lineWidth + space + wordWidth > width {
      guard endLine() else { return false }
    } else if space == 1 {
      line.append(" ")
      lineWidth += 1
    }
    for glyph in word { glyph.appendScalars(to: &line) }
    lineWidth += wordWidth
    return true
  }

  /// A word wider than a line breaks anywhere, starting on the current line when
  /// a space and a glyph still fit there.
  private mutating func startBreaking() -> Bool {
    breaking = true
    if lineWidth > 0, lineWidth + 1 < width {
      line.append(" ")
      lineWidth += 1
    } else if lineWidth > 0 {
      guard endLine() else { return false }
    }
    for glyph in word {
      guard put(glyph) else { return false }
    }
    word.removeAll(keepingCapacity: true)
    wordWidth = 0
    return true
  }

  /// Puts one glyph of a broken word, on a new line when it does not fit. A glyph
  /// wider than a whole line (a wide character at width 1) shows as a space.
  private mutating func put(_ glyph: Glyph) -> Bool {
    if lineWidth + glyph.width > width, lineWidth > 0 {
      guard endLine() else { return false }
    }
    let shown = glyph.width > width ? Glyph.space : glyph
    shown.appendScalars(to: &line)
    lineWidth += shown.width
    return true
  }
}
