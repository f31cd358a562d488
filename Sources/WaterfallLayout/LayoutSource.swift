/// What a layout asks about the collection it lays out: how many sections and
/// items there are, and how tall each item is at the width the layout gives it.
///
/// `CollectionView` is the source of its layout; tests and the benchmark use
/// ``FixedLayoutSource``.
public protocol LayoutSource {
  /// The number of sections.
  var numberOfSections: Int { get }
  /// The number of items in `section`.
  func numberOfItems(inSection section: Int) -> Int
  /// The size of the item at `indexPath` when it is `width` columns wide.
  func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize
  /// The size of the item at `indexPath` when it is `height` rows tall, for a
  /// horizontal flow: an exact answer is its width in columns (see ``ItemSize``).
  /// By default, the answer for a width of `height`: the vertical flow turned.
  func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize
  /// Calls `body` with the size of each of `items` in `section`, in order,
  /// given its extent `across` a flow in `direction`: what laying out many
  /// items asks, asked once. By default, ``sizeForItem(at:width:)`` (or
  /// `height:`) an item at a time.
  ///
  /// ```swift
  /// source.forEachSize(ofItems: 0..<count, inSection: 0, across: 24, direction: .vertical) { size in … }
  /// ```
  func forEachSize(
    ofItems items: Range<Int>, inSection section: Int, across: Int, direction: ScrollDirection, _ body: (ItemSize) -> Void)
}

extension LayoutSource {
  public func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize {
    sizeForItem(at: indexPath, width: height)
  }
}

extension LayoutSource {
  public func forEachSize(
    ofItems items: Range<Int>, inSection section: Int, across: Int, direction: ScrollDirection, _ body: (ItemSize) -> Void
  ) {
    for item in items { body(sizeForItem(at: IndexPath(item: item, section: section), across: across, direction: direction)) }
  }

  /// The size of the item at `indexPath` given its extent `across` a flow in
  /// `direction`: its width when vertical, its height when horizontal.
  func sizeForItem(at indexPath: IndexPath, across: Int, direction: ScrollDirection) -> ItemSize {
    direction == .vertical ? sizeForItem(at: indexPath, width: across) : sizeForItem(at: indexPath, height: across)
  }
}

/// A layout source holding its sizes in arrays, one per section.
///
/// ```swift
/// let source = FixedLayoutSource(sections: [[.height(3), .height(5)], []])
/// source.numberOfItems(inSection: 1)   // 0
/// ```
public struct FixedLayoutSource: LayoutSource, Sendable {
  public var sections: [[ItemSize]]

  public init(sections: [[ItemSize]]) {
    self.sections = sections
  }

  /// One section whose item heights are `heights`.
  public init(heights: [Int]) {
    self.sections = [heights.map { .height($0) }]
  }

  public var numberOfSections: Int { sections.count }

  public func numberOfItems(inSection section: Int) -> Int { sections[section].count }

  public func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
    sections[indexPath.section][indexPath.item]
  }
}
