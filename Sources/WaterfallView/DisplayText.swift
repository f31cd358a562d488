import CTextWidth

/// Text made safe for the terminal and measured in columns: the one sanitiser every
/// string from data (field values, field names, file names) goes through before it
/// is measured or drawn.
///
/// Nothing in data can reach the terminal as control:
///
/// - a whole escape sequence (CSI such as `ESC [ 2 J`, a command string such as
///   OSC 52 `ESC ] 52 ; c ; … BEL`, DCS, or a short escape such as `ESC c`) becomes
///   one `␛`; its body never shows, so it cannot be mistaken for text (see
///   ``EscapeSequence``); an `ESC` that starts no complete sequence becomes `␛` too;
/// - other C0 controls and DEL become their Control Pictures (`␍`, `␈`, `␇`, `␡`…),
///   and a tab one space;
/// - C1 controls (U+0080-009F), bidi embeddings, overrides and isolates (U+202A-202E,
///   U+2066-2069) and characters the terminal cannot print become `�`.
///
/// Invalid UTF-8 was already `�` when the bytes became a `String`. Widths come from
/// glibc's `wcwidth`, the table ncurses uses: a glyph is one spacing scalar (1 or 2
/// columns) followed by the zero-width scalars that combine with it, so `e` + U+0301
/// is one glyph of width 1, `价` one of width 2, and a zero-width space adds nothing.
///
/// ```swift
/// DisplayText.width(of: "价格 café")                      // 9
/// DisplayText.sanitized("ok\u{1B}]0;pwned\u{07}!")        // "ok␛!"
/// DisplayText.sanitized("a\u{1B}[2Jb\rc\u{202E}d")        // "a␛b␍c�d"
/// ```
public enum DisplayText {
  /// Whether the process's character type is UTF-8, set once: the environment's
  /// locale when it is UTF-8, otherwise C.UTF-8.
  static let localeState: Int32 = ct_use_utf8_ctype()

  /// Sets a UTF-8 character type for the process (once) and returns whether the
  /// user's own locale was UTF-8. Call it before starting curses.
  @discardableResult
  public static func prepareLocale() -> Bool {
    environmentIsUTF8
  }

  /// Whether the user's own locale is UTF-8; when it is not, drawing falls back to
  /// ASCII box lines.
  public static var environmentIsUTF8: Bool { localeState == 1 }

  /// The replacement drawn for a scalar that must not reach the terminal as it is,
  /// or `nil` when the scalar is safe.
  @inline(__always)
  public static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
    let v = scalar.value
    switch v {
    case 0x20..<0x7F: return nil
    case 0x09: return " "
    case 0x00..<0x20: return Unicode.Scalar(0x2400 + v)  // ␀ … ␟
    case 0x7F: return "\u{2421}"  // ␡
    case 0x80..<0xA0: return "\u{FFFD}"
    case 0x202A...0x202E, 0x2066...0x2069: return "\u{FFFD}"
    default: return nil
    }
  }

  /// The columns `scalar` covers once replaced: 0 for a combining or zero-width
  /// scalar, 1 or 2 otherwise. Unprintable scalars count as the 1-column `�`.
  @inline(__always)
  public static func width(of scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return 1 }
    if let r = replacement(for: scalar) { return r.value == 0x20 ? 1 : rawWidth(r) }
    let w = rawWidth(scalar)
    return w < 0 ? 1 : w
  }

  @inline(__always)
  static func rawWidth(_ scalar: Unicode.Scalar) -> Int {
    _ = localeState
    return Int(ct_wcwidth(scalar.value))
  }

  /// What a whole escape sequence is shown as.
  public static let escapeGlyph = Glyph(scalar: "\u{241B}", width: 1)

  /// Calls `body` with each glyph of `text`, in order, until it returns `false`.
  ///
  /// A zero-width scalar with nothing before it to combine with is drawn on a
  /// space; marks past the fourth on one base are dropped, as ncurses drops them.
  /// With `newlines`, a line break (`\n`, or `\r\n`) is passed as
  /// ``Glyph/newline`` instead of being shown as `␊`: how text is wrapped without
  /// first splitting it into lines.
  public static func forEachGlyph(in text: Substring, newlines: Bool = false, _ body: (Glyph) -> Bool) {
    var current = Glyph.space
    var hasCurrent = false
    var marks = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      let v = scalar.value
      if newlines {
        if v == 0x0D {
          // The \r of \r\n: its \n breaks the line. A lone \r shows as ␍.
          var probe = scalars
          if probe.next() == "\n" { continue }
        } else if v == 0x0A {
          if hasCurrent, !body(current) { return }
          hasCurrent = false
          marks = 0
          if !body(.newline) { return }
          continue
        }
      }
      if v >= 0x20 && v < 0x7F {
        if hasCurrent, !body(current) { return }
        current = Glyph(scalar: scalar, width: 1)
        hasCurrent = true
        marks = 0
        continue
      }
      if EscapeSequence.isIntroducer(scalar) {
        // The whole sequence when it is one; a lone ESC too. A lone C1
        // introducer is a C1 control like the others (`�`).
        let whole = EscapeSequence.consume(after: scalar, from: &scalars) != nil
        if whole || v == 0x1B {
          if hasCurrent, !body(current) { return }
          current = escapeGlyph
          hasCurrent = true
          marks = 0
          continue
        }
      }
      var shown = replacement(for: scalar) ?? scalar
      var w = shown.value == 0x20 ? 1 : rawWidth(shown)
      if w < 0 {
        shown = "\u{FFFD}"
        w = 1
      }
      if w == 0 {
        if !hasCurrent {
          current = Glyph.space
          hasCurrent = true
          marks = 0
        }
        if marks < 4 { current.marks[marks] = shown.value }
        marks += 1
        continue
      }
      if hasCurrent, !body(current) { return }
      current = Glyph(scalar: shown, width: w)
      hasCurrent = true
      marks = 0
    }
    if hasCurrent { _ = body(current) }
  }

  /// The glyphs of `text`.
  public static func glyphs(of text: some StringProtocol) -> [Glyph] {
    var result: [Glyph] = []
    forEachGlyph(in: Substring(text)) {
      result.append($0)
      return true
    }
    return result
  }

  /// The columns `text` covers once sanitised: the sum of its glyphs' widths.
  public static func width(of text: some StringProtocol) -> Int {
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
      ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    if plain { return text.utf8.count }
    var total = 0
    forEachGlyph(in: Substring(text)) {
      total += $0.width
      return true
    }
    return total
  }

  /// `text` with every unsafe scalar replaced, as it would be drawn.
  public static func sanitized(_ text: some StringProtocol) -> String {
    // Printable ASCII is drawn as it is.
    let plain =
      text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
      ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    if plain { return String(text) }
    var result = ""
    forEachGlyph(in: Substring(text)) {
      result.unicodeScalars.append($0.scalar)
      for lane in 0..<$0.markCount { result.unicodeScalars.append(Unicode.Scalar($0.marks[lane])!) }
      return true
    }
    return result
  }
}
