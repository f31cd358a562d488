import WaterfallImages
import WaterfallLayout
import WaterfallTerminal

/// The kitty pictures on the screen, after each frame: each picture's pixels
/// are sent once; each frame only placements change: a picture placed at a new
/// cell is placed again (kitty moves it), one no longer placed is taken off (its
/// pixels kept), and nothing is sent for one that stayed. Text is never repainted
/// for them: kitty draws pictures over the cells.
///
/// ```swift
/// layer.send(pictures.kittyPlacements, through: session)   // after the frame is shown
/// layer.bytes(for: placements)   // what it would send, for tests
/// ```
final class KittyLayer {
  /// Where each picture (by id) is placed now.
  private var shown: [UInt32: Point] = [:]
  /// The pictures whose pixels the terminal has.
  private var sent: Set<UInt32> = []
  /// Set when the screen was cleared (Ctrl-L, a resize): every placement again.
  var screenCleared = false
  /// Inside tmux with passthrough: the pane's top-left cell in the outer terminal.
  let tmuxPane: Point?

  init(tmuxPane: Point? = nil) {
    self.tmuxPane = tmuxPane
  }

  func send(_ placements: [KittyPlacement], through session: TerminalSession) {
    let bytes = bytes(for: placements)
    if !bytes.isEmpty { session.writeAfterFrame(bytes) }
  }

  /// The bytes that take the screen from the placements shown to `placements`,
  /// which are then the ones shown.
  func bytes(for placements: [KittyPlacement]) -> [UInt8] {
    var bytes: [UInt8] = []
    var now: [UInt32: Point] = [:]
    for placement in placements {
      let id = placement.picture.id
      now[id] = placement.origin
      if !sent.contains(id) {
        bytes += outer(placement.picture.transmission)
        sent.insert(id)
      }
      if screenCleared || shown[id] != placement.origin { bytes += placed(placement) }
    }
    for (id, _) in shown.sorted(by: { $0.key < $1.key }) where now[id] == nil {
      bytes += outer(Array("\u{1B}_Ga=d,d=i,i=\(id),q=2\u{1B}\\".utf8))
    }
    shown = now
    screenCleared = false
    return bytes
  }

  /// `bytes` as they are, or inside tmux each string wrapped for the outer terminal.
  private func outer(_ bytes: [UInt8]) -> [UInt8] {
    tmuxPane == nil ? bytes : TmuxPassthrough.wrapEach(bytes)
  }

  /// What places `placement`; inside tmux moved by the pane's place and wrapped.
  private func placed(_ placement: KittyPlacement) -> [UInt8] {
    guard let pane = tmuxPane else { return placement.bytes }
    let moved = Point(x: placement.origin.x + pane.x, y: placement.origin.y + pane.y)
    return TmuxPassthrough.wrap(KittyPlacement(origin: moved, picture: placement.picture).bytes)
  }
}
