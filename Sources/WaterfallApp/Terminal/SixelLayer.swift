import WaterfallLayout
import WaterfallTerminal
import WaterfallView

/// The sixel pictures on the screen, drawn after curses' update: curses knows
/// nothing of them, so whenever the set placed changes (a scroll, a card that
/// leaves) the whole screen is repainted first, which clears the old pixels, and
/// every picture placed is sent again; while it stays the same nothing is sent.
///
/// ```swift
/// layer.prepare(pictures.placements, canvas: canvas)   // before the frame is shown
/// canvas.present()
/// layer.send(through: session)                          // after
/// ```
final class SixelLayer {
  /// The placements shown now.
  private var shown: [SixelPlacement] = []
  /// The placements of the frame about to be shown, and whether they must be sent.
  private var next: [SixelPlacement] = []
  private var pending = false
  /// Set when something else cleared the screen (Ctrl-L, a resize).
  var screenCleared = false

  /// Takes the frame's placements; repaints the screen when they changed and
  /// pictures were on it.
  func prepare(_ placements: [SixelPlacement], session: TerminalSession, canvas: TerminalCanvas) {
    next = placements
    pending = placements != shown || screenCleared
    if placements != shown, !shown.isEmpty {
      session.repaintAll()
      canvas.forgetShownFrame()
    }
    screenCleared = false
  }

  /// Sends the placements once the cells are shown, if they changed.
  func send(through session: TerminalSession) {
    guard pending else { return }
    pending = false
    shown = next
    for placement in next { session.writeAfterCurses(placement.bytes) }
  }
}
