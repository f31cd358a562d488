import WaterfallLayout

/// A card showing text in a box: the simplest useful cell, and the base of richer
/// ones.
///
/// The text wraps to the inside of the box; what does not fit ends with `…`.
///
/// ```swift
/// let cell = view.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
/// cell.text = notes[indexPath.item]
/// ```
open class TextCell: Cell {
  /// The text inside the box.
  public var text = "" {
    didSet { if text != oldValue { wrapped = nil } }
  }
  public var theme = CardTheme.unicode
  /// The wrapped lines of ``text`` and the size they were wrapped for: a cell is
  /// drawn on every frame while it is visible, but wraps its text once.
  private var wrapped: (size: Size, lines: [[Glyph]])?

  public required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  open override func prepareForReuse() {
    text = ""
  }

  /// The rows a `TextCell` needs to show `text` whole at `width`: the wrapped lines
  /// plus the two border rows.
  public static func height(for text: String, width: Int) -> Int {
    max(1, TextWrapper.wrappedLineCount(text, width: max(1, width - 2))) + 2
  }

  /// Draws the box, heavier when selected.
  public func drawBorder(in canvas: any Canvas, clip: Rect) {
    canvas.drawBox(
      frame, lines: isSelected ? theme.selectedBorder : theme.border,
      style: isSelected ? theme.selectedBorderStyle : theme.borderStyle, clip: clip)
  }

  /// The rect inside the border.
  public var contentRect: Rect {
    frame.inset(by: EdgeInsets(all: 1))
  }

  /// ``text`` wrapped to `size`, as glyphs, remembered until the text or the size
  /// changes.
  public func wrappedLines(for size: Size) -> [[Glyph]] {
    if let wrapped, wrapped.size == size { return wrapped.lines }
    let lines = TextWrapper.wrap(text, width: size.width, maxLines: size.height).map { DisplayText.glyphs(of: $0) }
    wrapped = (size, lines)
    return lines
  }

  open override func draw(in canvas: any Canvas, clip: Rect) {
    drawBorder(in: canvas, clip: clip)
    let inside = contentRect
    guard let area = inside.intersection(clip) else { return }
    let lines = wrappedLines(for: inside.size)
    for (row, line) in lines.enumerated() where inside.minY + row >= area.minY && inside.minY + row < area.maxY {
      canvas.put(
        line, at: Point(x: inside.minX, y: inside.minY + row),
        style: isSelected ? theme.selectedTextStyle : theme.textStyle, clip: area)
    }
  }
}

/// A full-width bar with a line of text: a section header or footer.
open class BarCell: Cell {
  public var title = ""
  public var style = CardTheme.unicode.barStyle

  public required init(reuseIdentifier: String) {
    super.init(reuseIdentifier: reuseIdentifier)
  }

  open override func prepareForReuse() {
    title = ""
  }

  open override func draw(in canvas: any Canvas, clip: Rect) {
    canvas.fill(frame, with: " ", style: style, clip: clip)
    canvas.put(
      TextWrapper.truncate(title, width: max(0, frame.width - 2)),
      at: Point(x: frame.minX + 1, y: frame.minY + frame.height / 2), style: style, clip: clip)
  }
}
