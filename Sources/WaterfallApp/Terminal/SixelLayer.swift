import WaterfallLayout
import WaterfallTerminal
import WaterfallView

/// The sixel pictures on the screen, drawn after each frame: the frames know
/// nothing of them, so whenever one placed before is gone or moved (a scroll, a
/// card that leaves) the whole screen is repainted first, which clears the old
/// pixels, and every picture placed is sent again; when pictures are only added
/// (they arrive from the decoder) just those are sent; while the set stays the
/// same nothing is.
///
/// ```swift
/// layer.prepare(pictures.placements, canvas: canvas)   // before the frame is shown
/// canvas.present()
/// layer.send(through: session)                          // after
/// ```
final class SixelLayer {
  /// The placements shown now.
  private var shown: [SixelPlacement] = []
  /// The placements of the frame about to be shown, and those of them to send.
  private var next: [SixelPlacement] = []
  private var toSend: [SixelPlacement] = []
  /// Set when something else cleared the screen (Ctrl-L, a resize).
  var screenCleared = false
  /// Inside tmux with passthrough: the pane's top-left cell in the outer terminal.
  let tmuxPane: Point?

  init(tmuxPane: Point? = nil) {
    self.tmuxPane = tmuxPane
  }

  /// Takes the frame's placements; repaints the screen when they changed and
  /// pictures were on it.
  func prepare(_ placements: [SixelPlacement], session: TerminalSession, canvas: TerminalCanvas) {
    next = placements
    let before = Set(shown)
    if screenCleared {
      toSend = placements
    } else if before.isSubset(of: placements) {
      toSend = placements.filter { !before.contains($0) }
    } else {
      session.repaintAll()
      canvas.forgetShownFrame()
      toSend = placements
    }
    screenCleared = false
  }

  /// Sends what ``prepare(_:session:canvas:)`` chose, once the cells are shown.
  func send(through session: TerminalSession) {
    shown = next
    for placement in toSend { session.writeAfterFrame(bytes(for: placement)) }
    toSend = []
  }

  /// What places `placement`: as it is, or inside tmux wrapped for the outer
  /// terminal and moved by the pane's place.
  func bytes(for placement: SixelPlacement) -> [UInt8] {
    guard let pane = tmuxPane else { return placement.bytes }
    let moved = Point(x: placement.origin.x + pane.x, y: placement.origin.y + pane.y)
    return TmuxPassthrough.wrap(SixelPlacement(origin: moved, picture: placement.picture).bytes)
  }
}
