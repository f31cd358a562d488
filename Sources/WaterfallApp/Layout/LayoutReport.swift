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
    // The spacings as the options name them (across cards side by side, down
    // between rows), whichever way the cards flow.
    var columnSpacing = browser.options.parameters.columnSpacing
    var rowSpacing = browser.options.parameters.rowSpacing
    var insets = browser.options.parameters.insets
    var order = ItemOrder.shortestFirst
    if let waterfall = layout as? WaterfallLayout {
      columns = max(1, waterfall.effectiveColumnCount(inSection: 0))
      let sideways = waterfall.scrollDirection == .horizontal
      columnSpacing = sideways ? waterfall.rowSpacing : waterfall.columnSpacing
      rowSpacing = sideways ? waterfall.columnSpacing : waterfall.rowSpacing
      insets = waterfall.sectionInsets
      order = waterfall.itemOrder
    }
    var lines = [
      "{\"width\":\(browser.size.width),\"columns\":\(columns),\"columnSpacing\":\(columnSpacing),\"rowSpacing\":\(rowSpacing),"
        + "\"insets\":[\(insets.top),\(insets.left),\(insets.bottom),\(insets.right)],\"order\":\"\(order.rawValue)\",\"layout\":\"\(browser.options.layout.rawValue)\","
        + "\"direction\":\"\(layout.scrollDirection.rawValue)\",\"height\":\(browser.collectionView.frame.height)}"
    ]
    // The carousel and the circle show what the screen does: the frames at its
    // scroll and selection.
    layout.updateVisibleRect(browser.collectionView.visibleRect)
    for a in layout.allAttributes() {
      let f = a.frame
      lines.append(
        "{\"kind\":\"\(a.kind.rawValue)\",\"section\":\(a.indexPath.section),\"item\":\(a.indexPath.item),\"x\":\(f.minX),\"y\":\(f.minY),\"w\":\(f.width),\"h\":\(f.height)}")
    }
    lines.append("{\"contentHeight\":\(layout.contentSize.height),\"contentWidth\":\(layout.contentSize.width)}")
    return lines
  }
}
