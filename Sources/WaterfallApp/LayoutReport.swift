import WaterfallLayout

/// The browser's layout as JSON Lines: its parameters, every element's frame, then
/// the content height. What `waterfall layout` prints.
public struct LayoutReport {
  let browser: Browser

  public init(browser: Browser) {
    self.browser = browser
  }

  public func lines() -> [String] {
    let layout = browser.collectionView.layout
    _ = browser.collectionView.contentSize
    var columns = browser.columns
    var columnSpacing = 0
    var rowSpacing = 0
    var insets = EdgeInsets.zero
    var order = ItemOrder.shortestFirst
    if let waterfall = layout as? WaterfallLayout {
      columns = max(1, waterfall.effectiveColumnCount(inSection: 0))
      columnSpacing = waterfall.columnSpacing
      rowSpacing = waterfall.rowSpacing
      insets = waterfall.sectionInsets
      order = waterfall.itemOrder
    }
    var lines = [
      "{\"width\":\(browser.size.width),\"columns\":\(columns),\"columnSpacing\":\(columnSpacing),\"rowSpacing\":\(rowSpacing),"
        + "\"insets\":[\(insets.top),\(insets.left),\(insets.bottom),\(insets.right)],\"order\":\"\(order.rawValue)\",\"layout\":\"\(browser.options.layout.rawValue)\"}"
    ]
    for a in layout.allAttributes() {
      let f = a.frame
      lines.append(
        "{\"kind\":\"\(a.kind.rawValue)\",\"section\":\(a.indexPath.section),\"item\":\(a.indexPath.item),\"x\":\(f.minX),\"y\":\(f.minY),\"w\":\(f.width),\"h\":\(f.height)}")
    }
    lines.append("{\"contentHeight\":\(layout.contentSize.height)}")
    return lines
  }
}
