import WaterfallLayout

/// The `table` layout's columns: ← → move the current column, scrolling the
/// table sideways by whole columns to show it; `+` and `-` widen and narrow it.
extension LayoutCoordinator {
  /// Moves the current column by `steps` (negative: left).
  func moveTableColumn(by steps: Int) {
    let columns = dataSource.updateTable { $0.moveCurrent(by: steps, viewWidth: view.frame.width) }
    view.setScrollOffset(Point(x: columns.scrollX, y: view.scrollOffset.y))
    view.reconfigureCells()
  }

  /// Widens the current column by `delta` cells (narrows it, negative): the
  /// table is laid out again at its new width.
  func resizeTableColumn(by delta: Int) {
    let columns = dataSource.updateTable { $0.resizeCurrent(by: delta, viewWidth: view.frame.width) }
    relayoutCards()
    view.setScrollOffset(Point(x: columns.scrollX, y: view.scrollOffset.y))
    view.reconfigureCells()
  }

  /// Measures the table's columns again on the rows shown now (a window of
  /// a paged source's rows moved), laid out again at their new widths.
  func remeasureTableColumns() {
    guard options.layout == .table else { return }
    dataSource.remeasureTable()
    relayoutCards()
  }

  /// The table's columns as the layout needs them, once the kind is the table.
  func updateTableWidths() {
    guard options.layout == .table else { return }
    policy.tableColumnWidths = dataSource.tableColumns().widths
  }
}
