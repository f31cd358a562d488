/// A layout: where every cell, header and footer of a collection goes.
///
/// After `UICollectionViewLayout`. The collection view calls ``prepare(width:source:)``
/// when its data or width changes, then asks for ``attributes(in:)`` of the rect it
/// shows on every scroll step, so that query must be cheap. New items at the end of
/// the last section come in through ``appendItems(count:toSection:source:)``, which
/// lays out only them and moves no existing cell.
///
/// Frames are in content coordinates, in character cells: `x` from the left edge of
/// the collection, `y` from the top of its content.
///
/// ```swift
/// let layout = WaterfallLayout(columnCount: 3)
/// layout.prepare(width: 80, source: FixedLayoutSource(heights: [4, 7, 5, 6]))
/// layout.attributes(in: Rect(x: 0, y: 0, width: 80, height: 24))   // four cells
/// ```
public protocol CollectionLayout: AnyObject {
  /// Computes every frame for a collection `width` columns wide.
  func prepare(width: Int, source: any LayoutSource)

  /// The width the layout was prepared for and the height of all its content.
  var contentSize: Size { get }

  /// Every element whose frame shares a cell with `rect`, plus a pinned header
  /// when the layout pins headers: section by section, header first, cells in item
  /// order, footer last.
  func attributes(in rect: Rect) -> [LayoutAttributes]

  /// The cell of the item at `indexPath`, or `nil` when there is no such item.
  func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

  /// The header or footer of `section` at its place in the content, or `nil` when
  /// the section has none (height 0) or does not exist.
  func attributesForSupplementary(_ kind: ElementKind, inSection section: Int)
    -> LayoutAttributes?

  /// Whether moving or resizing the visible rect to `newBounds` needs a new
  /// ``prepare(width:source:)``. Scrolling never does; a new width may.
  func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool

  /// Lays out `count` new items appended at the end of `section`, which `source`
  /// already counts. Appended to the last section, existing cells keep their frames
  /// and the section's footer moves down below the new items; anywhere else, the
  /// layout may lay everything out again.
  func appendItems(count: Int, toSection section: Int, source: any LayoutSource)

  /// The item the selection moves to from `indexPath` with an arrow key, or `nil`
  /// when there is none in that direction.
  func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath?
}

extension CollectionLayout {
  /// Every element's attributes, section by section: a convenience for tests and
  /// the `layout` command. It costs O(n).
  public func allAttributes() -> [LayoutAttributes] {
    attributes(in: Rect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2))
  }
}
