/// A stand-in that places only a run of one section's items, those around the
/// selection, laid out afresh from a row ``top`` down, while the whole layout
/// is made elsewhere (on a worker thread, at a million items).
///
/// The run is laid out by ``base`` as a section of its own, so it costs time in
/// proportion to the run, not to the collection. Items outside the run have no
/// frame and are not shown; the arrow keys stop at the run's ends. The content
/// is ``contentHeight`` tall (a guess at the whole layout's), so the run can sit
/// where the whole layout will put it, about.
///
/// A ``base`` that flows sideways makes the window flow sideways too: ``top``
/// is then the column where the run starts, and ``contentHeight`` the content's
/// width.
///
/// ```swift
/// let run = WaterfallLayout(columnCount: 3)
/// let window = WindowLayout(base: run, section: 0, items: 5_000..<7_000, top: 40_000, contentHeight: 2_000_000)
/// view.setLayout(window)   // prepares the run only: 2,000 items
/// window.attributesForItem(at: IndexPath(item: 5_000))?.frame.minY   // 40000: the run's first card
/// window.attributesForItem(at: IndexPath(item: 10))                  // nil: not in the run
/// ```
public final class WindowLayout: CollectionLayout {
  /// The layout of the run alone, its items numbered from 0 in section 0.
  public let base: any CollectionLayout
  /// The section the run is in.
  public let section: Int
  /// The items of ``section`` placed.
  public let items: Range<Int>
  /// The row of the content where the run's layout starts (the column, when
  /// the base flows sideways).
  public let top: Int
  /// The height the content is taken to have (its width, sideways).
  public let contentHeight: Int
  private var preparedWidth = 0

  public init(base: any CollectionLayout, section: Int, items: Range<Int>, top: Int, contentHeight: Int) {
    self.base = base
    self.section = section
    self.items = items
    self.top = max(0, top)
    self.contentHeight = contentHeight
  }

  /// Lays out the run only, asking `source` for its items' sizes.
  public func prepare(width: Int, source: any LayoutSource) {
    preparedWidth = width
    base.prepare(width: width, source: RunSource(source: source, section: section, items: items))
  }

  /// Lays out the run only in a view of `size` (a sideways flow shares its height).
  public func prepare(size: Size, source: any LayoutSource) {
    preparedWidth = size.width
    base.prepare(size: size, source: RunSource(source: source, section: section, items: items))
  }

  public var scrollDirection: ScrollDirection { base.scrollDirection }

  private var isHorizontal: Bool { base.scrollDirection == .horizontal }

  public var contentSize: Size {
    let run = base.contentSize
    return isHorizontal
      ? Size(width: max(contentHeight, top + run.width), height: run.height)
      : Size(width: preparedWidth, height: max(contentHeight, top + run.height))
  }

  /// The run's elements in `rect`, numbered and placed as in the collection.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    var shifted = rect
    if isHorizontal { shifted.origin.x -= top } else { shifted.origin.y -= top }
    return base.attributes(in: shifted).compactMap {
      guard $0.kind == .cell else { return nil }
      return placed($0)
    }
  }

  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == section, items.contains(indexPath.item) else { return nil }
    return base.attributesForItem(at: IndexPath(item: indexPath.item - items.lowerBound)).map(placed)
  }

  /// None: the run has no headers or footers.
  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? { nil }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != preparedWidth || base.shouldInvalidate(forBoundsChange: newBounds)
  }

  /// Nothing: items after the run are not placed.
  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {}

  /// The neighbour within the run; none past its ends.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard indexPath.section == section, items.contains(indexPath.item) else { return nil }
    return base.neighbor(of: IndexPath(item: indexPath.item - items.lowerBound), toward: direction).map {
      IndexPath(item: $0.item + items.lowerBound, section: section)
    }
  }

  /// A run element at its place in the collection.
  private func placed(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var a = attributes
    a.indexPath = IndexPath(item: a.indexPath.item + items.lowerBound, section: section)
    if isHorizontal { a.frame.origin.x += top } else { a.frame.origin.y += top }
    return a
  }

  /// The run's items, numbered from 0 in section 0, asked of the whole source.
  struct RunSource: LayoutSource {
    var source: any LayoutSource
    var section: Int
    var items: Range<Int>

    var numberOfSections: Int { 1 }

    func numberOfItems(inSection section: Int) -> Int {
      min(items.count, max(0, source.numberOfItems(inSection: self.section) - items.lowerBound))
    }

    func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
      source.sizeForItem(at: IndexPath(item: indexPath.item + items.lowerBound, section: section), width: width)
    }
  }
}
