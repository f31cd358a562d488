import WaterfallImages
import WaterfallLayout

/// A kitty picture placed on the screen: its top-left cell and the picture.
///
/// ```swift
/// let placement = KittyPlacement(origin: Point(x: 3, y: 2), picture: thumbnail.kitty!)
/// placement.bytes   // ESC 7, ESC [3;4H, the placement, ESC 8
/// ```
public struct KittyPlacement: Hashable, Sendable {
  public var origin: Point
  public var picture: KittyPicture

  /// What places (or moves) the picture there: save the cursor, move to the cell,
  /// place, and the cursor back where curses left it.
  public var bytes: [UInt8] {
    Array("\u{1B}7\u{1B}[\(origin.y + 1);\(origin.x + 1)H".utf8) + picture.placement + Array("\u{1B}8".utf8)
  }
}
