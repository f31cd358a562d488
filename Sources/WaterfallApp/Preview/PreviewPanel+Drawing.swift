import WaterfallLayout
import WaterfallView

/// The panel on the screen: a line setting it apart from the cards, the
/// output's lines from ``PreviewPanel/scroll`` on (clipped at the edge, or
/// wrapped with `wrap`), and at the top right where the text stands when it is
/// longer than the panel, and a failed command's status. A cut output ends
/// with a line saying so.
///
/// ```swift
/// let screen = CellBuffer(width: 30, height: 4)
/// panel.draw(in: screen, rect: Rect(x: 0, y: 0, width: 30, height: 4), theme: .unicode)
/// screen.lines   // ["│ one", "│ two", …]
/// ```
extension PreviewPanel {
  /// Where the text goes in the panel's `rect`: all of it but the line setting
  /// it apart from the cards and a column of margin.
  func textRect(in rect: Rect) -> Rect {
    switch window.side {
    case .right: return Rect(x: rect.minX + 2, y: rect.minY, width: max(0, rect.width - 2), height: rect.height)
    case .left: return Rect(x: rect.minX, y: rect.minY, width: max(0, rect.width - 2), height: rect.height)
    case .up: return Rect(x: rect.minX + 1, y: rect.minY, width: max(0, rect.width - 1), height: max(0, rect.height - 1))
    case .down: return Rect(x: rect.minX + 1, y: rect.minY + 1, width: max(0, rect.width - 1), height: max(0, rect.height - 1))
    }
  }

  /// The lines to show: the output's, then a note when it was cut or could not run.
  var shownLineCount: Int { content.lineCount + (note == nil ? 0 : 1) }

  /// The line at `index` of those shown.
  func shownLine(at index: Int, theme: CardTheme) -> PreviewLine? {
    if index < content.lineCount { return content.line(at: index) }
    guard index == content.lineCount, let note else { return nil }
    return PreviewLine(plain: note, style: theme.secondaryStyle)
  }

  /// What the panel says under the output: that it was cut, or why nothing ran.
  var note: String? {
    if content.isStale { return nil }
    if let cut = content.cut { return "[\(cut.description)]" }
    if content.state == .notStarted { return "[/bin/sh could not be started]" }
    return nil
  }

  /// The rows line `index` takes in a text rect `width` wide (1 unless wrapping),
  /// at most `limit`.
  func rows(ofLine index: Int, width: Int, limit: Int) -> Int {
    guard window.wrap, let line = shownLine(at: index, theme: .unicode) else { return 1 }
    return line.rowCount(width: width, limit: limit)
  }

  /// The largest ``scroll`` that still fills `text` (the last line at its bottom).
  func maximumScroll(in text: Rect) -> Int {
    let count = shownLineCount
    guard window.wrap else { return max(0, count - text.height) }
    var total = 0
    var first = count
    while first > 0 {
      total += rows(ofLine: first - 1, width: text.width, limit: text.height + 1)
      if total > text.height { break }
      first -= 1
    }
    return first
  }

  /// Scrolls by `lines` lines of output (negative: up), within bounds.
  func scroll(by lines: Int, in rect: Rect) {
    scroll = min(max(0, scroll + lines), maximumScroll(in: textRect(in: rect)))
  }

  /// Scrolls by `pages` screens of the panel (negative: up): the line below the
  /// last shown comes to the top (or the other way round).
  func scroll(pages: Int, in rect: Rect) {
    let text = textRect(in: rect)
    guard window.wrap else {
      scroll(by: pages * max(1, text.height - 1), in: rect)
      return
    }
    for _ in 0..<abs(pages) {
      var total = 0
      var step = 0
      var index = pages > 0 ? scroll : scroll - 1
      while index >= 0, index < shownLineCount {
        total += rows(ofLine: index, width: text.width, limit: text.height + 1)
        if total > text.height, step > 0 { break }
        step += 1
        index += pages > 0 ? 1 : -1
      }
      scroll(by: pages > 0 ? max(1, step) : -max(1, step), in: rect)
    }
  }

  /// Draws the panel into `rect`.
  func draw(in canvas: any Canvas, rect: Rect, theme: CardTheme) {
    guard !rect.isEmpty else { return }
    canvas.fill(rect, with: " ")
    drawSeparator(in: canvas, rect: rect, theme: theme)
    let text = textRect(in: rect)
    guard !text.isEmpty else { return }
    scroll = min(scroll, maximumScroll(in: text))
    var row = text.minY
    var index = scroll
    while row < text.maxY, let line = shownLine(at: index, theme: theme) {
      row = draw(line, in: canvas, text: text, row: row, theme: theme)
      index += 1
    }
    drawLabel(in: canvas, text: text, lastShown: index, theme: theme)
  }

  /// Draws `line` from `row`; returns the row after it.
  private func draw(_ line: PreviewLine, in canvas: any Canvas, text: Rect, row: Int, theme: CardTheme) -> Int {
    let base = content.isStale ? theme.textStyle.with(attributes: .dim) : theme.textStyle
    guard window.wrap else {
      var x = text.minX
      for run in line.runs where x < text.maxX {
        x += canvas.put(run.text, at: Point(x: x, y: row), style: base.overlaid(by: run.style), clip: text)
      }
      return row + 1
    }
    var x = text.minX
    var y = row
    for run in line.runs {
      let style = base.overlaid(by: run.style)
      DisplayText.forEachGlyph(in: Substring(run.text)) { glyph in
        if x + glyph.width > text.maxX {
          x = text.minX
          y += 1
        }
        guard y < text.maxY else { return false }
        if glyph.width <= text.width { canvas.set(glyph, at: Point(x: x, y: y), style: style) }
        x += glyph.width
        return true
      }
      if y >= text.maxY { break }
    }
    return y + 1
  }

  /// The line between the panel and the cards.
  private func drawSeparator(in canvas: any Canvas, rect: Rect, theme: CardTheme) {
    let line: Rect
    let glyph: Glyph
    switch window.side {
    case .right: (line, glyph) = (Rect(x: rect.minX, y: rect.minY, width: 1, height: rect.height), theme.border.vertical)
    case .left: (line, glyph) = (Rect(x: rect.maxX - 1, y: rect.minY, width: 1, height: rect.height), theme.border.vertical)
    case .up: (line, glyph) = (Rect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1), theme.border.horizontal)
    case .down: (line, glyph) = (Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 1), theme.border.horizontal)
    }
    if let clipped = line.intersection(canvas.bounds) { canvas.fillClipped(clipped, with: glyph, style: theme.borderStyle) }
  }

  /// Where the text stands (`12/340`) when not all of it shows, and a failed
  /// command's status (`exit 2`), at the top right of the text.
  private func drawLabel(in canvas: any Canvas, text: Rect, lastShown: Int, theme: CardTheme) {
    var parts: [String] = []
    let count = shownLineCount
    if scroll > 0 || lastShown < count { parts.append("\(scroll + 1)/\(count)") }
    if !content.isStale, case .ended(let status?) = content.state, status != 0 { parts.append("exit \(status)") }
    guard !parts.isEmpty else { return }
    let label = " " + parts.joined(separator: " · ") + " "
    let width = DisplayText.width(of: label)
    guard width <= text.width else { return }
    canvas.put(label, at: Point(x: text.maxX - width, y: text.minY), style: theme.barStyle, clip: text)
  }
}
