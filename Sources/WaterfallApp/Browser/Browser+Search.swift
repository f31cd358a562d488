import WaterfallLayout
import WaterfallView

/// The search typed after `/`: started on each key, run by the ``SearchEngine``
/// (on worker threads once ``searchInBackground(wake:)`` is called), its matches
/// taken in as they come (``takeSearchResults()``).
extension Browser {
  /// Runs searches, sorts and the measuring of cards ahead on worker threads
  /// from now on; they call `wake` (from their threads) whenever they have
  /// something, and the run loop then calls ``takeSearchResults(limit:)``,
  /// ``takeSortResult()`` and ``takePrefetchedHeights()``.
  public func searchInBackground(wake: @escaping @Sendable () -> Void) {
    searchEngine = SearchEngine(workers: 2, wake: wake)
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
    var candidates = SearchCandidates.range(0..<store.count)
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
  /// The run loop passes a `limit` of matches per frame (laying out a card costs
  /// a few microseconds), so a key never waits behind a flood of matches.
  @discardableResult
  public func takeSearchResults(limit: Int = .max) -> Bool {
    var changed = false
    var taken = 0
    while taken < limit, let batch = searchEngine.take(limit: limit - taken) {
      taken += max(1, batch.matches.count)
      guard var run = search, batch.generation == run.generation else { continue }
      changed = true
      run.matches += batch.matches
      run.done = batch.done
      run.finished = batch.finished
      search = run
      if sortedItems != nil {
        // Sorted cards take the matches in once the pass is done.
        guard run.finished else { continue }
        let wasReplacing = run.replacing
        search?.replacing = false
        if wasReplacing {
          finishAnimation()
          showAgain()
          view.selectFirstItem()
        } else {
          reshow()
        }
      } else if run.replacing {
        guard !run.matches.isEmpty || run.finished else { continue }
        search?.replacing = false
        finishAnimation()
        showAgain()
        view.selectFirstItem()
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
