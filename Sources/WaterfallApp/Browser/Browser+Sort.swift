/// Sorting the cards: `s` the next field, `S` the other way round, `--sort`.
/// The sort runs on the ``SortEngine``; the cards keep their order until it is
/// done, then the selected card stays selected, at its row on the screen. At
/// scale the new order shows a frame's worth of cards at a time (``ShowQueue``),
/// and a search's matches follow the order as they are found: the search looks
/// at the items in the cards' order (``displayOrder``).
extension Browser {
  /// Cards shown at once when the order changes; the rest follow.
  public static let cardsShownAtOnce = 10_000
  /// The most cards appended per frame after that.
  public static let cardsPerFrame = 10_000
  /// The time a frame spends appending them (a key waits at most this long).
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

  /// Takes in a finished sort, or shows the next cards of the order (at most
  /// `limit`; by default a frame's worth when working in the background, all
  /// otherwise). Returns whether anything changed.
  @discardableResult
  public func takeSortResult(limit: Int? = nil) -> Bool {
    if let done = sortEngine.take(), done.order == pendingSort {
      pendingSort = nil
      sortOrder = done.order
      sortedItems = done.items
      orderSearch()
      showInOrder()
      return true
    }
    guard let limit else {
      return searchEngine.runsInBackground ? showMore(limit: Self.cardsPerFrame, budget: Self.frameBudget) : showMore(limit: .max)
    }
    return showMore(limit: limit)
  }

  /// Whether a finished sort waits to be taken, or cards of a new order to be shown.
  public var sortHasResult: Bool { sortEngine.hasResult || showQueue != nil }

  /// Whether cards of a new order are still coming (the benchmark waits for them).
  public var isShowingOrder: Bool { showQueue != nil }

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
  /// item), keeping the selected card at its row: at scale the first
  /// ``cardsShownAtOnce`` now and the rest a frame at a time (``showMore(limit:)``).
  func showInOrder() {
    if let search, search.replacing { return }  // its first matches will show
    finishAnimation()
    let keep = selectedItem
    let row = selectedRow
    let list: [Int]
    if let search {
      list = shown.items(among: search.matches)
    } else if let order = displayOrder {
      list = shown.items(among: order)
    } else {
      list = shown.items(of: store)
    }
    let first = searchEngine.runsInBackground ? min(list.count, Self.cardsShownAtOnce) : list.count
    showQueue = nil
    throttle.isPending = false
    dataSource.show(list[..<first])
    updateFooter()
    view.reloadData(with: makeLayout())
    if !select(keep, atRow: row) { view.selectFirstItem() }
    if first < list.count {
      var queue = ShowQueue(items: list, shown: first, selecting: keep, row: row)
      queue.waitingSelection = selectedItem
      showQueue = queue
    }
  }

  /// Shows up to `limit` more cards of the new order, a thousand at a time
  /// until `budget` is spent; returns whether any came.
  @discardableResult
  func showMore(limit: Int, budget: Duration? = nil) -> Bool {
    guard showQueue != nil, limit > 0 else { return false }
    let clock = ContinuousClock()
    let deadline = budget.map { clock.now.advanced(by: $0) }
    var shown = 0
    while shown < limit, var queue = showQueue, deadline.map({ clock.now < $0 }) ?? true {
      let next = queue.take(deadline == nil ? limit - shown : min(limit - shown, 1_000))
      shown += next.count
      showQueue = nil
      appendShown(next)
      if !queue.isDone { showQueue = queue }
      // The card that was selected comes: selected again, unless the user moved.
      if let target = queue.selecting, selectedItem == queue.waitingSelection, next.contains(target) {
        select(target, atRow: queue.row)
        showQueue?.selecting = nil
      }
    }
    return true
  }
}
