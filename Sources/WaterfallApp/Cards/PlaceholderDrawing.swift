import WaterfallLayout
import WaterfallView

/// A ``Placeholder`` made ready to draw at one width: its two lattice rows and its
/// label (truncated to the width, with a space either side) already glyphs, so that
/// a card drawn on every frame makes them once, not on every frame.
///
/// What decides the cells is the placeholder (pattern, colour, label), the width
/// and whether lines are ASCII; ``matches(_:width:ascii:)`` tells whether a drawing
/// made before still fits. A card keeps one, so the cache is bounded by the cards
/// on screen.
///
/// ```swift
/// let drawing = PlaceholderDrawing(Placeholder(name: "img/mug-017.png"), width: 24, ascii: false)
/// drawing.draw(in: canvas, rect: Rect(x: 1, y: 1, width: 24, height: 12), clip: clip)
/// drawing.matches(placeholder, width: 24, ascii: false)   // true: draw it again next frame
/// ```
struct PlaceholderDrawing {
  let placeholder: Placeholder
  let width: Int
  let ascii: Bool
  /// The lattice's two kinds of row, by phase: a cell carries the glyph when its
  /// (column + 2 × row) from the rect's corner is a multiple of the step.
  private let rows: [[Glyph]]
  /// The label as drawn, " text ", and its width in columns (nil: no label).
  private let label: (glyphs: [Glyph], width: Int)?
  private let style: Style
  private let labelStyle: Style

  /// The narrowest placeholder that shows its label.
  static let narrowestLabelled = 8

  init(_ placeholder: Placeholder, width: Int, ascii: Bool) {
    self.placeholder = placeholder
    self.width = width
    self.ascii = ascii
    let pattern = ascii ? Placeholder.asciiPatterns[placeholder.patternIndex] : Placeholder.unicodePatterns[placeholder.patternIndex]
    let glyph = DisplayText.glyphs(of: String(pattern)).first ?? .space
    let step = Placeholder.latticeStep
    rows = (0..<2).map { kind in
      (0..<max(0, width)).map { x in (x + kind * 2) % step == 0 ? glyph : Glyph.space }
    }
    // A label needs room to say something: a small picture's name is its caption.
    if !placeholder.label.isEmpty, width >= Self.narrowestLabelled {
      let text = TextWrapper.truncate(placeholder.label, width: width - 2)
      label = (DisplayText.glyphs(of: " " + text + " "), DisplayText.width(of: text))
    } else {
      label = nil
    }
    style = Style(foreground: placeholder.color)
    labelStyle = Style(foreground: placeholder.color, attributes: .reverse)
  }

  /// Whether this drawing is the one `placeholder` would make at `width`.
  func matches(_ placeholder: Placeholder, width: Int, ascii: Bool) -> Bool {
    self.width == width && self.ascii == ascii && self.placeholder == placeholder
  }

  /// Draws the placeholder over `rect` (whose width is ``width``), only where it
  /// meets `clip`.
  func draw(in canvas: any Canvas, rect: Rect, clip: Rect) {
    guard !rect.isEmpty, let area = rect.intersection(clip) else { return }
    let step = Placeholder.latticeStep
    for y in area.minY..<area.maxY {
      canvas.put(rows[((y - rect.minY) * 2 % step) / 2], at: Point(x: rect.minX, y: y), style: style, clip: area)
    }
    guard let label else { return }
    let x = rect.minX + (rect.width - label.width) / 2
    let y = rect.minY + rect.height / 2
    canvas.put(label.glyphs, at: Point(x: x - 1, y: y), style: labelStyle, clip: area)
  }
}
