import WaterfallLayout

/// A window onto another canvas: its own coordinates, translated, and a clip that
/// nothing drawn through it can cross.
///
/// The collection view draws each cell through a region whose coordinates are the
/// content's (so a cell draws at its layout frame) and whose bounds are the visible
/// part of that frame.
///
/// ```swift
/// // Content row 100 appears at screen row 2 when the view is scrolled to row 98.
/// let region = CanvasRegion(base: screen, offset: Point(x: 0, y: -98),
///                           bounds: Rect(x: 0, y: 98, width: 80, height: 20))
/// region.put("hello", at: Point(x: 0, y: 100))   // drawn on screen row 2
/// ```
public final class CanvasRegion: Canvas {
  public let base: any Canvas
  /// Added to a point in this region to get the point on `base`.
  public let offset: Point
  public let bounds: Rect

  public init(base: any Canvas, offset: Point, bounds: Rect) {
    self.base = base
    self.offset = offset
    self.bounds = bounds
  }

  public var size: Size { bounds.size }

  public func set(_ glyph: Glyph, at point: Point, style: Style) {
    guard bounds.contains(point) else { return }
    if glyph.width == 2, point.x + 1 >= bounds.maxX {
      base.set(.space, at: Point(x: point.x + offset.x, y: point.y + offset.y), style: style)
      return
    }
    base.set(glyph, at: Point(x: point.x + offset.x, y: point.y + offset.y), style: style)
  }

  public func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style) {
    base.setRun(glyphs, at: Point(x: point.x + offset.x, y: point.y + offset.y), style: style)
  }

  public func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style) {
    guard let area = rect.intersection(bounds) else { return }
    base.fillClipped(area.offsetBy(dx: offset.x, dy: offset.y), with: glyph, style: style)
  }
}
