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
  /// The frame being drawn.
  public private(set) var buffer: CellBuffer
  /// The frame shown before, which the session compares rows with.
  private var shown: CellBuffer?

  /// Whether styles keep their colours (the session's, read once).
  private let colorsEnabled: Bool

  public init(session: TerminalSession) {
    self.session = session
    colorsEnabled = session.colorsEnabled
    buffer = CellBuffer(width: session.size.width, height: session.size.height)
  }

  public var size: Size { buffer.size }

  public func set(_ glyph: Glyph, at point: Point, style: Style) {
    buffer.set(glyph, at: point, style: colorsEnabled ? style : style.withoutColors)
  }

  public func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style) {
    buffer.setRun(glyphs, at: point, style: colorsEnabled ? style : style.withoutColors)
  }

  public func fillClipped(_ rect: Rect, with glyph: Glyph, style: Style) {
    buffer.fillClipped(rect, with: glyph, style: colorsEnabled ? style : style.withoutColors)
  }

  /// Blanks the canvas, first matching it to the screen's size.
  public func clear() {
    if buffer.size != session.size {
      buffer = CellBuffer(width: session.size.width, height: session.size.height)
      shown = nil
    } else {
      buffer.clear()
    }
  }

  /// Shows what was drawn: the session writes only the rows that differ from
  /// the frame shown before. The two buffers then trade places, so the next
  /// frame is drawn into the older one.
  public func present() {
    session.draw(buffer, previous: shown)
    let next = shown ?? CellBuffer(width: buffer.size.width, height: buffer.size.height)
    shown = buffer
    buffer = next
  }

  /// Forgets the frame shown, so the next one is written whole (after Ctrl-L,
  /// or when something else may have drawn on the screen).
  public func forgetShownFrame() {
    shown = nil
  }
}
