/// Where one element of a collection goes: its kind, its index path and its frame
/// in content coordinates (character cells, rows counted from the top of the content).
///
/// For a header or footer, `indexPath.item` is 0. A header that a layout pins to the
/// top of the visible rect (a sticky header) is returned with `isPinned` set and
/// its frame moved to where it is drawn.
///
/// ```swift
/// let a = LayoutAttributes(kind: .cell, indexPath: IndexPath(item: 3),
///                          frame: Rect(x: 0, y: 12, width: 24, height: 9))
/// ```
public struct LayoutAttributes: Hashable, Sendable, CustomStringConvertible {
  public var kind: ElementKind
  public var indexPath: IndexPath
  public var frame: Rect
  /// Whether the element is drawn pinned to the top edge of the visible rect
  /// rather than at its place in the content.
  public var isPinned: Bool
  /// The order cells are drawn in: a higher one is drawn later, over the others
  /// (the circle's front card). Equal ones keep the layout's order.
  public var zIndex: Int

  public init(kind: ElementKind, indexPath: IndexPath, frame: Rect, isPinned: Bool = false, zIndex: Int = 0) {
    self.kind = kind
    self.indexPath = indexPath
    self.frame = frame
    self.isPinned = isPinned
    self.zIndex = zIndex
  }

  public var description: String {
    "\(kind)\(indexPath) \(frame)\(isPinned ? " pinned" : "")\(zIndex != 0 ? " z\(zIndex)" : "")"
  }
}
