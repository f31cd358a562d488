import WaterfallImages
import WaterfallLayout

/// A sixel picture placed on the screen: its top-left cell and its bytes.
///
/// ```swift
/// let placement = SixelPlacement(origin: Point(x: 3, y: 2), picture: thumbnail.sixel!)
/// placement.bytes   // ESC 7, ESC [3;4H, the picture, ESC 8
/// ```
public struct SixelPlacement: Hashable, Sendable {
  public var origin: Point
  public var picture: SixelPicture

  /// What to write after the cells are shown: save the cursor, move to the top-left
  /// cell, the picture, and the cursor back where curses left it.
  public var bytes: [UInt8] {
    Array("\u{1B}7\u{1B}[\(origin.y + 1);\(origin.x + 1)H".utf8) + picture.bytes + Array("\u{1B}8".utf8)
  }
}
