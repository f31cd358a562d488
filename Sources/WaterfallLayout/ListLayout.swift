/// A list: one full-width column, each item as tall as its source says at that width.
///
/// The list is a one-column waterfall, so it keeps sections, headers, footers,
/// sticky headers, fast queries and the append path.
///
/// ```swift
/// let list = ListLayout(rowSpacing: 0)
/// list.prepare(width: 60, source: FixedLayoutSource(heights: [3, 3, 3]))
/// list.attributesForItem(at: IndexPath(item: 2))?.frame   // (0, 6, 60, 3)
/// ```
public final class ListLayout: WaterfallLayout {
  public init(
    rowSpacing: Int = 0, sectionInsets: EdgeInsets = .zero, headerHeight: Int = 0,
    footerHeight: Int = 0, pinsHeaders: Bool = false
  ) {
    super.init(
      columnCount: 1, rowSpacing: rowSpacing, sectionInsets: sectionInsets,
      headerHeight: headerHeight, footerHeight: footerHeight, pinsHeaders: pinsHeaders)
  }

  public override func prepare(width: Int, source: any LayoutSource) {
    columnCount = 1
    sectionStyles = sectionStyles.mapValues {
      var style = $0
      style.columnCount = 1
      return style
    }
    super.prepare(width: width, source: source)
  }
}
