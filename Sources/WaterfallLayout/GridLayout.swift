/// A grid: items of one size flowing left to right into rows, as many per row as fit.
///
/// The grid is a waterfall whose items all have the same height, given to the
/// columns left to right, so it keeps the waterfall's sections, headers, footers,
/// sticky headers, fast queries and append path. The column count follows the width:
/// as many columns of at least `itemSize.width` as fit, and the items are then
/// stretched to share the width evenly.
///
/// ```swift
/// let grid = GridLayout(itemSize: GridLayout.small, columnSpacing: 1)
/// grid.prepare(width: 80, source: FixedLayoutSource(heights: Array(repeating: 1, count: 9)))
/// grid.effectiveColumnCount(inSection: 0)   // 4 columns of 19
/// ```
public final class GridLayout: WaterfallLayout {
  /// Small cards: a title and a line or two.
  public static let small = Size(width: 18, height: 6)
  /// Large cards: room for a picture and the title.
  public static let large = Size(width: 30, height: 14)

  /// The least width of an item, and the height of every item.
  public var itemSize: Size

  public init(
    itemSize: Size = GridLayout.small, columnSpacing: Int = 1, rowSpacing: Int = 0,
    sectionInsets: EdgeInsets = .zero, headerHeight: Int = 0, footerHeight: Int = 0,
    pinsHeaders: Bool = false
  ) {
    self.itemSize = itemSize
    super.init(
      columnCount: 1, columnSpacing: columnSpacing, rowSpacing: rowSpacing,
      sectionInsets: sectionInsets, headerHeight: headerHeight, footerHeight: footerHeight,
      itemOrder: .leftToRight, pinsHeaders: pinsHeaders)
  }

  public override func prepare(width: Int, source: any LayoutSource) {
    // Horizontal: rows of the item's height share the view's height.
    let across = isHorizontal ? crossExtent : max(1, width)
    let item = isHorizontal ? itemSize.transposed : itemSize
    let available = across - flowInsets(sectionInsets).horizontal
    let spacing = max(0, columnSpacing)
    columnCount = max(1, (available + spacing) / (max(1, item.width) + spacing))
    itemOrder = .leftToRight
    super.prepare(width: width, source: FixedHeightSource(base: source, height: item.height))
  }

  public override func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    super.appendItems(
      count: count, toSection: section,
      source: FixedHeightSource(base: source, height: isHorizontal ? itemSize.width : itemSize.height))
  }
}

/// A source that keeps another's counts and gives every item one height.
struct FixedHeightSource: LayoutSource {
  var base: any LayoutSource
  var height: Int

  var numberOfSections: Int { base.numberOfSections }
  func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
  func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize { .height(height) }
}
