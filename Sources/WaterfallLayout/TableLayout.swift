/// A table: one row per item, the rows as wide as the table's columns together
/// (wider than the view, when they must be), under a header row that sticks to
/// the top.
///
/// The table is a one-column waterfall whose items are one row tall, so it keeps
/// the waterfall's sections (each under its own header, pinned while its rows
/// pass), footers, fast queries and append path. Its rows are the view's width
/// when the columns fit in it; a view narrower than the table scrolls
/// sideways, as far as the last column at its left edge
/// (``contentWidth(viewWidth:)``), and a sideways scroll comes to rest at the
/// start of a column (``targetContentOffset(forProposed:)``).
/// The columns themselves are drawn by the cells: the layout only says where
/// each one starts (``columnX(_:)``) and which one is at a point
/// (``column(atX:)``).
///
/// ```swift
/// let table = TableLayout(columnWidths: [8, 5, 30], columnGap: 2)
/// table.prepare(width: 30, source: FixedLayoutSource(heights: [4, 9, 1]))
/// table.contentSize                                     // 47 x 4: the header row, then three rows
/// table.attributesForItem(at: IndexPath(item: 2))?.frame   // (0, 3, 47, 1)
/// table.columnX(2)                                      // 17
/// ```
public final class TableLayout: WaterfallLayout {
  /// The gap between two columns when none is given.
  public static let defaultGap = 2

  /// Each column's width, in cells, left to right.
  public var columnWidths: [Int]
  /// The empty cells between two columns.
  public var columnGap: Int

  /// A table of columns `columnWidths` wide, `columnGap` apart, under a header
  /// `headerHeight` rows tall (0: none) that sticks to the top, with a footer
  /// `footerHeight` rows tall under the last section's rows.
  public init(columnWidths: [Int], columnGap: Int = TableLayout.defaultGap, headerHeight: Int = 1, footerHeight: Int = 0) {
    self.columnWidths = columnWidths.map { max(0, $0) }
    self.columnGap = max(0, columnGap)
    super.init(columnCount: 1, rowSpacing: 0, headerHeight: headerHeight, footerHeight: footerHeight, pinsHeaders: true)
  }

  /// The columns' widths and the gaps between them.
  public var tableWidth: Int {
    columnWidths.reduce(0, +) + max(0, columnWidths.count - 1) * columnGap
  }

  /// Where column `column` starts, from the table's left edge.
  public func columnX(_ column: Int) -> Int {
    columnWidths.prefix(max(0, column)).reduce(0, +) + max(0, min(column, columnWidths.count)) * columnGap
  }

  /// The column at `x` (a gap belongs to the column on its left); nil left of
  /// the table or right of its last column.
  public func column(atX x: Int) -> Int? {
    guard x >= 0 else { return nil }
    var start = 0
    for (column, width) in columnWidths.enumerated() {
      if x < start + width + (column == columnWidths.count - 1 ? 0 : columnGap) { return column }
      start += width + columnGap
    }
    return nil
  }

  public override func prepare(width: Int, source: any LayoutSource) {
    columnCount = 1
    rowSpacing = 0
    itemOrder = .shortestFirst
    sectionStyles = sectionStyles.mapValues {
      var style = $0
      style.columnCount = 1
      return style
    }
    super.prepare(width: contentWidth(viewWidth: width), source: FixedHeightSource(base: source, height: 1))
  }

  /// The rows' width in a view `viewWidth` wide: the view's, or, for a table
  /// wider than the view, enough to scroll any column to the view's left edge
  /// (the last column reaching to the rows' end).
  public func contentWidth(viewWidth: Int) -> Int {
    let table = tableWidth
    guard table > viewWidth, !columnWidths.isEmpty else { return max(1, viewWidth) }
    return max(table, columnX(columnWidths.count - 1) + viewWidth)
  }

  public override func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    super.appendItems(count: count, toSection: section, source: FixedHeightSource(base: source, height: 1))
  }

  /// A sideways scroll rests at the start of the column it would stop in (the
  /// last column's start at most); up and down, anywhere.
  public override func targetContentOffset(forProposed proposed: Point) -> Point {
    guard !columnWidths.isEmpty, proposed.x > 0 else { return Point(x: max(0, proposed.x), y: proposed.y) }
    let column = self.column(atX: proposed.x) ?? columnWidths.count - 1
    return Point(x: columnX(column), y: proposed.y)
  }
}
