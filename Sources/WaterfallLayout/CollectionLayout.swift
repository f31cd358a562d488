/// A layout: where every cell, header and footer of a collection goes.
///
/// After `UICollectionViewLayout`. The collection view calls ``prepare(width:source:)``
/// when its data or width changes, then asks for ``attributes(in:)`` of the rect it
/// shows on every scroll step, so that query must be cheap. New items at the end of
/// the last section come in through ``appendItems(count:toSection:source:)``, which
/// lays out only them and moves no existing cell.
///
/// Frames are in content coordinates, in character cells: `x` from the left edge of
/// the content, `y` from its top. A layout scrolls in its ``scrollDirection``; one
/// whose frames depend on the scroll position (the carousel) or the selection (the
/// circle) is told of them through ``updateVisibleRect(_:)`` and
/// ``selectionDidChange(to:)``, and a layout that rests only at some offsets says
/// where through ``targetContentOffset(forProposed:)``.
///
/// ```swift
/// let layout = WaterfallLayout(columnCount: 3)
/// layout.prepare(width: 80, source: FixedLayoutSource(heights: [4, 7, 5, 6]))
/// layout.attributes(in: Rect(x: 0, y: 0, width: 80, height: 24))   // four cells
/// ```
public protocol CollectionLayout: AnyObject {
  /// Computes every frame for a collection `width` columns wide.
  func prepare(width: Int, source: any LayoutSource)

  /// Computes every frame for a view of `size`: what the collection view calls.
  /// Layouts that depend on the view's height (a horizontal flow, the carousel,
  /// the circle) keep it; by default this is ``prepare(width:source:)``.
  func prepare(size: Size, source: any LayoutSource)

  /// The direction the content scrolls in; vertical by default.
  var scrollDirection: ScrollDirection { get }

  /// Tells the layout the rect the view shows, before the view asks for the
  /// attributes in it: the carousel sizes its cards by their distance from its
  /// middle. Nothing by default.
  func updateVisibleRect(_ rect: Rect)

  /// Tells the layout which item is selected, and returns whether frames moved:
  /// the circle turns the selected card to the front. Nothing by default.
  func selectionDidChange(to indexPath: IndexPath?) -> Bool

  /// The content offset a scroll that would stop at `proposed` comes to rest at:
  /// the carousel snaps a card to the middle. `proposed` itself by default.
  func targetContentOffset(forProposed proposed: Point) -> Point

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
  public func prepare(size: Size, source: any LayoutSource) {
    prepare(width: size.width, source: source)
  }

  public var scrollDirection: ScrollDirection { .vertical }

  public func updateVisibleRect(_ rect: Rect) {}

  public func selectionDidChange(to indexPath: IndexPath?) -> Bool { false }

  public func targetContentOffset(forProposed proposed: Point) -> Point { proposed }

  /// Every element's attributes, section by section: a convenience for tests and
  /// the `layout` command. It costs O(n).
  public func allAttributes() -> [LayoutAttributes] {
    attributes(in: Rect(x: Int.min / 4, y: Int.min / 4, width: Int.max / 2, height: Int.max / 2))
  }
}
