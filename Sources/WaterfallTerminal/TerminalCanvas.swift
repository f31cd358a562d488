import WaterfallLayout
import WaterfallView

/// The terminal as a ``Canvas``: everything is drawn into a screen-sized
/// ``CellBuffer`` (the same cells tests read), then ``present()`` hands it to the
/// session, which sends only what changed.
///
/// ```swift
/// let canvas = TerminalCanvas(session: session)
/// canvas.clear()
/// view.draw(in: canvas)
/// canvas.present()
/// ```
public final class TerminalCanvas: Canvas {
  public let session: TerminalSession
  public private(set) var buffer: CellBuffer

  public init(session: TerminalSession) {
    self.session = session
    buffer = CellBuffer(width: session.size.width, height: session.size.height)
  }

  public var size: Size { buffer.size }

  public func set(_ glyph: Glyph, at point: Point, style: Style) {
    buffer.set(glyph, at: point, style: session.colorsEnabled ? style : style.withoutColors)
  }

  public func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style) {
    buffer.fillClipped(rect, with: glyph, style: session.colorsEnabled ? style : style.withoutColors)
  }

  /// Blanks the canvas, first matching it to the screen's size.
  public func clear() {
    if buffer.size != session.size {
      buffer = CellBuffer(width: session.size.width, height: session.size.height)
    } else {
      buffer.clear()
    }
  }

  /// Shows what was drawn.
  public func present() {
    session.draw(buffer)
  }
}
