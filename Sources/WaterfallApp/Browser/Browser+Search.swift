import WaterfallLayout
import WaterfallView

/// The search typed after `/`: started on each key, run by the ``SearchEngine``
/// (on worker threads once ``searchInBackground(wake:)`` is called), its matches
/// taken in as they come (``takeSearchResults()``). It looks at the items in the
/// cards' order, sorted or not, so its matches are always appended.
extension Browser {
  /// Runs searches, sorts and the measuring of cards ahead on worker threads
  /// from now on; they call `wake` (from their threads) whenever they have
  /// something, and the run loop then calls ``takeSearchResults(limit:)``,
  /// ``takeSortResult()`` and ``takePrefetchedHeights()``.
  public func searchInBackground(wake: @escaping @Sendable () -> Void) {
    searchEngine = SearchEngine(workers: 2, wake: wake, activity: inputActivity)
    sortEngine = SortEngine(wake: wake)
    heightPrefetcher = HeightPrefetcher(wake: wake)
    layoutWorker = LayoutWorker(wake: wake)
    prefetchHeights()
  }

  /// Whether matches wait to be taken.
  public var searchHasResults: Bool { searchEngine.hasResults }

  /// Whether a search is still looking.
  public var isSearching: Bool { search.map { !$0.finished } ?? false }

  /// Searches for `text` (the filter): the cards keep showing what they showed
  /// until the first matches come. A query that only grew looks among the last
  /// one's matches and the items it had not reached.
  func applyFilter(_ text: String) {
    shown.filter = text
    let query = SearchQuery(text, exactByDefault: options.exactSearch)
    guard !query.isEmpty else {
      guard search != nil else { return }
      searchEngine.cancel()
      search = nil
      dataSource.highlight = nil
      reshow()
      return
    }
    if let old = search, old.query == query { return }
    // The items in the cards' order, so matches come in it (sorted or not).
    var candidates = displayOrder.map(SearchCandidates.list) ?? .range(0..<store.count)
    if let old = search, query.narrows(old.query) { candidates = .list(old.remaining(storeCount: store.count)) }
    var run = SearchRun(query: query, candidates: candidates, end: store.count)
    run.generation = searchEngine.start(query, in: store.itemTexts, candidates: candidates)
    search = run
    dataSource.highlight = query
    if !searchEngine.runsInBackground {
      searchEngine.finishHere()
      takeSearchResults()
    }
  }

  /// Takes in the matches found since the last call: the first ones replace the
  /// cards shown, later ones are appended. Returns whether anything changed.
  /// The run loop passes a `limit` of matches per frame and a time `budget`
  /// (laying out a card costs about a microsecond; matches are taken a chunk at
  /// a time until the budget is spent), so a key never waits behind a flood of
  /// matches.
  @discardableResult
  public func takeSearchResults(limit: Int = .max, budget: Duration? = nil) -> Bool {
    var changed = false
    var taken = 0
    let clock = ContinuousClock()
    let deadline = budget.map { clock.now.advanced(by: $0) }
    while taken < limit, deadline.map({ clock.now < $0 }) ?? true,
      let batch = searchEngine.take(limit: deadline == nil ? limit - taken : min(limit - taken, 256))
    {
      taken += max(1, batch.matches.count)
      guard search?.generation == batch.generation else { continue }
      changed = true
      // In place: a copy of the run would copy every match so far, each batch.
      search!.matches += batch.matches
      search!.done = batch.done
      search!.finished = batch.finished
      let run = search!
      // Matches come in the cards' order (sorted or not): they are appended.
      if run.replacing {
        guard !run.matches.isEmpty || run.finished else { continue }
        search?.replacing = false
        finishAnimation()
        showAgain()
        // Grouped on the worker: the first match is selected when the sections come.
        if pendingGrouping != nil { pendingGrouping?.selectsFirst = true } else { view.selectFirstItem() }
      } else {
        appendShown(shown.items(among: batch.matches))
      }
      if run.finished { continueSearchIfIdle() }
    }
    if changed { relayoutIfPending(allowed: true) }
    return changed
  }

  /// Starts a pass over the items the store gained since the search covered it,
  /// when the search's pass is done.
  func continueSearchIfIdle() {
    guard var run = search, run.finished, !run.replacing, run.end < store.count else { return }
    run.candidates = .range(run.end..<store.count)
    run.end = store.count
    run.done = 0
    run.finished = false
    run.generation = searchEngine.start(run.query, in: store.itemTexts, candidates: run.candidates)
    search = run
    if !searchEngine.runsInBackground {
      searchEngine.finishHere()
      takeSearchResults()
    }
  }

  /// After a reload: the search starts again over the new store, its matches
  /// appended as they come.
  func restartSearchForNewStore() {
    guard let old = search else { return }
    searchEngine.cancel()
    var run = SearchRun(query: old.query, candidates: .range(0..<0), end: 0)
    run.finished = true
    run.replacing = false
    search = run
  }

  /// The status bar's word on the search: "searching 45%" while it looks.
  var searchProgress: String? {
    guard let search, !search.finished else { return nil }
    return "searching \(search.percent)%"
  }
}
