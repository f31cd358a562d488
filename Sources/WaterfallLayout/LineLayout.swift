/// A carousel: one row of cards scrolling sideways, the card at the middle of the
/// view largest, and every scroll coming to rest with a card exactly in the middle.
///
/// After `ZHLineLayout` (a `UICollectionViewFlowLayout` scrolling horizontally). The
/// cards stand in slots ``itemSize`` wide, ``spacing`` apart; the first slot is inset
/// by `(viewWidth - itemWidth) / 2` and the content is `viewWidth + (n - 1) * pitch`
/// wide (pitch = item width + spacing), so each card, the first and last included,
/// is centred at content offset `i * pitch`. A card's size is its slot's scaled by
///
///     scale = 1 - |d| / viewWidth,   d = i * pitch - offset
///
/// (its centre's distance from the view's middle), no less than ``minimumItemSize``
/// so that every card stays a readable box; the scaled card is centred in its slot,
/// so cards never overlap. ``targetContentOffset(forProposed:)`` rounds an offset to
/// the nearest card's.
///
/// Since frames depend on the scroll position, the view tells the layout the rect it
/// shows (``updateVisibleRect(_:)``) before asking for attributes, as UIKit's
/// `shouldInvalidateLayoutForBoundsChange` returning `YES` does.
///
/// ```swift
/// let line = LineLayout(itemSize: Size(width: 20, height: 10), spacing: 2)
/// line.prepare(size: Size(width: 60, height: 12), source: FixedLayoutSource(heights: [1, 1, 1]))
/// line.attributesForItem(at: IndexPath(item: 0))?.frame   // (20, 1, 20, 10): centred, full size
/// line.attributesForItem(at: IndexPath(item: 1))?.frame   // (45, 3, 13, 6): 22 columns off, scale 0.63
/// line.targetContentOffset(forProposed: Point(x: 35, y: 0))   // (44, 0): item 2 rests in the middle
/// ```
public final class LineLayout: CollectionLayout {
  /// The size of the card in the middle of the view (clamped to the view).
  public var itemSize: Size
  /// Empty columns between two slots.
  public var spacing: Int
  /// The least size a card shrinks to (clamped to its full size).
  public var minimumItemSize: Size

  private var items = FlatItems()
  private var viewSize = Size(width: 1, height: 1)
  /// The content offset the cards are sized for.
  private var offset = 0

  public init(itemSize: Size = Size(width: 30, height: 14), spacing: Int = 1, minimumItemSize: Size = Size(width: 10, height: 4)) {
    self.itemSize = itemSize
    self.spacing = spacing
    self.minimumItemSize = minimumItemSize
  }

  public var scrollDirection: ScrollDirection { .horizontal }

  /// The full size of a card: ``itemSize`` within the view, at least one cell.
  public var cardSize: Size {
    Size(width: max(1, min(itemSize.width, viewSize.width)), height: max(1, min(itemSize.height, viewSize.height)))
  }

  /// Columns from one card's slot to the next one's.
  public var pitch: Int { cardSize.width + max(0, spacing) }

  /// The left edge of the first slot, so that it can be centred.
  private var inset: Int { (viewSize.width - cardSize.width) / 2 }

  private var top: Int { (viewSize.height - cardSize.height) / 2 }

  public func prepare(width: Int, source: any LayoutSource) {
    viewSize.width = max(1, width)
    items = FlatItems(source: source)
  }

  public func prepare(size: Size, source: any LayoutSource) {
    viewSize = Size(width: max(1, size.width), height: max(1, size.height))
    items = FlatItems(source: source)
  }

  public var contentSize: Size {
    Size(width: viewSize.width + max(0, items.count - 1) * pitch, height: viewSize.height)
  }

  public func updateVisibleRect(_ rect: Rect) {
    offset = rect.minX
  }

  /// The scale of the card whose centre is `distance` columns from the view's middle.
  public func scale(atDistance distance: Int) -> Double {
    max(0, 1 - Double(abs(distance)) / Double(viewSize.width))
  }

  /// The frame of the card at flat index `index`, scaled for the current offset.
  private func frame(ofCard index: Int) -> Rect {
    let full = cardSize
    let scale = scale(atDistance: index * pitch - offset)
    let least = Size(width: min(full.width, minimumItemSize.width), height: min(full.height, minimumItemSize.height))
    let width = min(full.width, max(least.width, Int((Double(full.width) * scale).rounded())))
    let height = min(full.height, max(least.height, Int((Double(full.height) * scale).rounded())))
    return Rect(
      x: inset + index * pitch + (full.width - width) / 2, y: top + (full.height - height) / 2,
      width: width, height: height)
  }

  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty, items.count > 0 else { return [] }
    // The slots sharing a column with the rect; a card lies inside its slot.
    let first = max(0, floorDivide(rect.minX - inset - cardSize.width, pitch))
    let last = min(items.count - 1, floorDivide(rect.maxX - inset, pitch))
    guard first <= last else { return [] }
    return items.cells(first..<(last + 1), in: rect, frame: frame(ofCard:))
  }

  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    items.cell(at: indexPath, frame: frame(ofCard:))
  }

  /// None: the carousel has no headers or footers.
  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? { nil }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    max(1, newBounds.width) != viewSize.width || max(1, newBounds.height) != viewSize.height
  }

  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    items.append(count, toSection: section, source: source)
  }

  /// Left and right: the previous and next card. Up and down: none.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard let index = items.flatIndex(of: indexPath) else { return nil }
    switch direction {
    case .left: return index > 0 ? items.indexPath(at: index - 1) : nil
    case .right: return index + 1 < items.count ? items.indexPath(at: index + 1) : nil
    case .up, .down: return nil
    }
  }

  /// The offset of the card nearest to the middle at `proposed`: `i * pitch`, the
  /// nearer one on a tie being the later card, clamped to the cards there are.
  public func targetContentOffset(forProposed proposed: Point) -> Point {
    guard items.count > 0 else { return Point(x: 0, y: 0) }
    let index = min(max(0, floorDivide(proposed.x + pitch / 2, pitch)), items.count - 1)
    return Point(x: index * pitch, y: 0)
  }

  /// The item that rests in the middle at content offset `offset` (one that
  /// ``targetContentOffset(forProposed:)`` gives), or `nil` when there are none.
  public func item(restingAt offset: Point) -> IndexPath? {
    guard items.count > 0 else { return nil }
    return items.indexPath(at: min(max(0, floorDivide(offset.x + pitch / 2, pitch)), items.count - 1))
  }

  /// The content offset at which the item at `indexPath` rests in the middle.
  public func centredOffset(of indexPath: IndexPath) -> Int? {
    items.flatIndex(of: indexPath).map { $0 * pitch }
  }
}
