/// Sorting the cards: `s` the next field, `S` the other way round, `--sort`.
/// The sort runs on the ``SortEngine``; the cards keep their order until it is
/// done, then the selected card stays selected, at its row on the screen.
extension Browser {
  /// Sorts by the field after the current one among those the data has, after
  /// the last back to the data's order (`s`).
  func sortByNextField() {
    let fields = store.fieldNames()
    let current = (pendingSort ?? sortOrder)?.field
    let next: String?
    if let current, let i = fields.firstIndex(of: current) {
      next = i + 1 < fields.count ? fields[i + 1] : nil
    } else {
      next = current == nil ? fields.first : nil
    }
    requestSort(SortOrder(field: next))
  }

  /// The current order reversed (`S`).
  func reverseSort() {
    let current = pendingSort ?? sortOrder ?? SortOrder(field: nil)
    requestSort(SortOrder(field: current.field, descending: !current.descending))
  }

  /// Sorts the cards in `order`: at once for the data's order, otherwise when
  /// the sort engine is done (``takeSortResult()``).
  public func requestSort(_ order: SortOrder) {
    if order.field == nil, !order.descending {
      sortEngine.cancel()
      pendingSort = nil
      guard sortedItems != nil else { return }
      sortOrder = nil
      sortedItems = nil
      reshow()
      return
    }
    pendingSort = order
    sortEngine.start(order, in: store.itemTexts)
    takeSortResult()
  }

  /// Takes in a finished sort; returns whether there was one.
  @discardableResult
  public func takeSortResult() -> Bool {
    guard let done = sortEngine.take(), done.order == pendingSort else { return false }
    pendingSort = nil
    sortOrder = done.order
    sortedItems = done.items
    reshow()
    return true
  }

  /// Whether a finished sort waits to be taken.
  public var sortHasResult: Bool { sortEngine.hasResult }

  /// The status bar's word on the order: "price ↑", or "sorting price ↓…".
  var sortLabel: String? {
    if let pendingSort { return "sorting \(pendingSort)…" }
    return sortOrder.map(\.description)
  }
}
