/// Settings of one section that differ from its layout's defaults.
///
/// Every property left `nil` falls back to the layout's own value, as CHT's
/// per-section delegate methods do.
///
/// ```swift
/// let layout = WaterfallLayout(columnCount: 3)
/// layout.sectionStyles[0] = SectionStyle(columnCount: 1, headerHeight: 2)
/// ```
public struct SectionStyle: Hashable, Sendable {
  public var columnCount: Int?
  public var columnSpacing: Int?
  public var rowSpacing: Int?
  public var insets: EdgeInsets?
  public var headerHeight: Int?
  public var headerInsets: EdgeInsets?
  public var footerHeight: Int?
  public var footerInsets: EdgeInsets?

  public init(
    columnCount: Int? = nil, columnSpacing: Int? = nil, rowSpacing: Int? = nil,
    insets: EdgeInsets? = nil, headerHeight: Int? = nil, headerInsets: EdgeInsets? = nil,
    footerHeight: Int? = nil, footerInsets: EdgeInsets? = nil
  ) {
    self.columnCount = columnCount
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.insets = insets
    self.headerHeight = headerHeight
    self.headerInsets = headerInsets
    self.footerHeight = footerHeight
    self.footerInsets = footerInsets
  }
}
