/// Sorting the cards: `s` the next field, `S` the other way round, `--sort`.
/// The sort runs on the ``SortEngine``; the cards keep their order until it is
/// done, then the selected card stays selected, at its row on the screen (at
/// scale the cards around it are laid out at once and the rest on the layout
/// worker). A search's matches follow the order as they are found: the search
/// looks at the items in the cards' order (``displayOrder``).
extension Browser {
  /// The time a frame spends taking in matches (a key waits at most about this long).
  public static let frameBudget = Duration.milliseconds(1)

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
  /// the sort engine is done (``takeSortResult(limit:)``).
  public func requestSort(_ order: SortOrder) {
    if order.field == nil, !order.descending {
      sortEngine.cancel()
      pendingSort = nil
      guard sortedItems != nil else { return }
      sortOrder = nil
      sortedItems = nil
      orderSearch()
      showInOrder()
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
    orderSearch()
    showInOrder()
    return true
  }

  /// Whether a finished sort waits to be taken.
  public var sortHasResult: Bool { sortEngine.hasResult }

  /// The status bar's word on the order: "price ↑", or "sorting price ↓…".
  var sortLabel: String? {
    if let pendingSort { return "sorting \(pendingSort)…" }
    return sortOrder.map(\.description)
  }

  /// Every store item in the cards' order when sorted (the items loaded since
  /// the sort after the sorted ones); nil: the data's order.
  var displayOrder: [Int]? {
    guard let sorted = sortedItems else { return nil }
    return store.count > sorted.count ? sorted + Array(sorted.count..<store.count) : sorted
  }

  /// Puts the search in the cards' new order: a finished search's matches are
  /// reordered; one still looking starts again over what it could still match,
  /// in the new order, so its matches keep coming in order.
  func orderSearch() {
    guard var run = search else { return }
    let order = displayOrder
    func inOrder(_ items: [Int]) -> [Int] {
      guard let order else { return items.sorted() }
      var member = [Bool](repeating: false, count: store.count)
      for item in items where item < member.count { member[item] = true }
      return order.filter { member[$0] }
    }
    if run.finished {
      run.matches = inOrder(run.matches)
      search = run
      return
    }
    let candidates = SearchCandidates.list(inOrder(run.remaining(storeCount: store.count)))
    var fresh = SearchRun(query: run.query, candidates: candidates, end: store.count)
    fresh.replacing = true
    fresh.generation = searchEngine.start(run.query, in: store.itemTexts, candidates: candidates)
    search = fresh
    if !searchEngine.runsInBackground {
      searchEngine.finishHere()
      takeSearchResults()
    }
  }

  /// Shows the cards in the current order (the search's matches, or every
  /// item), keeping the selected card at its row; a search that has not found
  /// its first matches yet shows them when they come.
  func showInOrder() {
    if let search, search.replacing { return }
    reshow()
  }
}
