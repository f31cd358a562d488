/// A layout seen with one item more than it has: the item at ``gap`` is a point
/// (an empty frame at ``point``), and the items after it in its section are the base
/// layout's items one index earlier.
///
/// What animating a deletion or an insertion needs: a ``TransitionLayout`` matches
/// cells by index path, so the layout without the item is shown in the index space
/// of the layout with it. From the layout with the item to a `GapLayout` over the
/// one without, the item shrinks to a point while the later cards slide to their new
/// places (a delete); the other way round, it grows from a point (an undo).
///
/// ```swift
/// let after = WaterfallLayout(columnCount: 2)
/// after.prepare(width: 20, source: FixedLayoutSource(heights: [3, 4]))   // items 0 and 2 of before
/// let gapped = GapLayout(base: after, gap: IndexPath(item: 1), point: Point(x: 15, y: 2))
/// gapped.attributesForItem(at: IndexPath(item: 2))?.frame   // after's item 1: (10, 0, 10, 4)
/// gapped.attributesForItem(at: IndexPath(item: 1))?.frame   // (15, 2, 0, 0)
/// ```
public final class GapLayout: CollectionLayout {
  public let base: any CollectionLayout
  /// The item that is a point, in this layout's index space.
  public let gap: IndexPath
  /// Where the point is, in content coordinates.
  public let point: Point

  public init(base: any CollectionLayout, gap: IndexPath, point: Point) {
    self.base = base
    self.gap = gap
    self.point = point
  }

  /// Nothing to do: the base is prepared already.
  public func prepare(width: Int, source: any LayoutSource) {}

  public var contentSize: Size { base.contentSize }
  public var scrollDirection: ScrollDirection { base.scrollDirection }

  public func updateVisibleRect(_ rect: Rect) { base.updateVisibleRect(rect) }

  /// The base's index path for `indexPath` of this layout, `nil` for the gap.
  func baseIndexPath(_ indexPath: IndexPath) -> IndexPath? {
    guard indexPath.section == gap.section, indexPath.item >= gap.item else { return indexPath }
    return indexPath.item == gap.item ? nil : IndexPath(item: indexPath.item - 1, section: indexPath.section)
  }

  /// This layout's index path for the base's `indexPath`.
  func shiftedIndexPath(_ indexPath: IndexPath) -> IndexPath {
    guard indexPath.section == gap.section, indexPath.item >= gap.item else { return indexPath }
    return IndexPath(item: indexPath.item + 1, section: indexPath.section)
  }

  /// The base's elements in `rect`, renumbered; the gap has no cells to show.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    base.attributes(in: rect).map {
      guard $0.kind == .cell else { return $0 }
      var a = $0
      a.indexPath = shiftedIndexPath(a.indexPath)
      return a
    }
  }

  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let inBase = baseIndexPath(indexPath) else {
      return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: Rect(origin: point, size: .zero))
    }
    guard var a = base.attributesForItem(at: inBase) else { return nil }
    a.indexPath = indexPath
    return a
  }

  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? {
    base.attributesForSupplementary(kind, inSection: section)
  }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }

  /// Nothing: items do not arrive in the middle of an animation.
  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {}

  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    baseIndexPath(indexPath).flatMap { base.neighbor(of: $0, toward: direction) }.map(shiftedIndexPath)
  }
}

/// A layout source without one of its items: what a layout is prepared on to show
/// where the cards go once that item is gone, before the data changes.
///
/// ```swift
/// let rest = RemovingItemSource(base: FixedLayoutSource(heights: [3, 4, 2]), removed: IndexPath(item: 1))
/// rest.numberOfItems(inSection: 0)                        // 2
/// rest.sizeForItem(at: IndexPath(item: 1), width: 10)     // .height(2): the base's item 2
/// ```
public struct RemovingItemSource: LayoutSource {
  public var base: any LayoutSource
  public var removed: IndexPath

  public init(base: any LayoutSource, removed: IndexPath) {
    self.base = base
    self.removed = removed
  }

  public var numberOfSections: Int { base.numberOfSections }

  public func numberOfItems(inSection section: Int) -> Int {
    let count = base.numberOfItems(inSection: section)
    return section == removed.section && removed.item < count ? count - 1 : count
  }

  private func baseIndexPath(_ indexPath: IndexPath) -> IndexPath {
    indexPath.section == removed.section && indexPath.item >= removed.item
      ? IndexPath(item: indexPath.item + 1, section: indexPath.section) : indexPath
  }

  public func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
    base.sizeForItem(at: baseIndexPath(indexPath), width: width)
  }

  public func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize {
    base.sizeForItem(at: baseIndexPath(indexPath), height: height)
  }
}
