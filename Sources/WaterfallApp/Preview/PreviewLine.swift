import WaterfallView

/// One line of a preview command's output, made safe: runs of text, each in the
/// style the command's colour sequences gave it.
///
/// The text holds no control character and no escape sequence (``PreviewSanitizer``
/// replaced them with visible marks, and expanded tabs), so it can be drawn as
/// it is. A line is a plain value and crosses from the worker that reads the
/// command to the main thread that draws it.
///
/// ```swift
/// let line = PreviewSanitizer().line(from: "\u{1B}[31mred\u{1B}[0m ok")
/// line.text          // "red ok"
/// line.runs.count    // 2: "red" in red, " ok" plain
/// ```
public struct PreviewLine: Hashable, Sendable {
  /// Text in one style.
  public struct Run: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String, _ style: Style = .plain) {
      self.text = text
      self.style = style
    }
  }

  public var runs: [Run]

  public init(runs: [Run] = []) {
    self.runs = runs
  }

  /// A line of plain text (made safe as drawing makes any text safe).
  public init(plain text: String, style: Style = .plain) {
    runs = text.isEmpty ? [] : [Run(DisplayText.sanitized(text), style)]
  }

  /// The line's text without its styles.
  public var text: String { runs.map(\.text).joined() }

  /// Appends `text` in `style`, joining the last run when it has the same style.
  mutating func append(_ text: String, style: Style) {
    guard !text.isEmpty else { return }
    if let last = runs.indices.last, runs[last].style == style {
      runs[last].text += text
    } else {
      runs.append(Run(text, style))
    }
  }

  /// The rows the line takes at `width` columns when wrapped: at least 1, and
  /// at most `limit` (counting stops there, so a huge line costs little).
  func rowCount(width: Int, limit: Int = .max) -> Int {
    guard width > 0 else { return 1 }
    var rows = 1
    var x = 0
    for run in runs {
      var stop = false
      DisplayText.forEachGlyph(in: Substring(run.text)) { glyph in
        if x + glyph.width > width {
          rows += 1
          x = 0
          if rows >= limit {
            stop = true
            return false
          }
        }
        x += glyph.width
        return true
      }
      if stop { break }
    }
    return min(rows, limit)
  }
}
