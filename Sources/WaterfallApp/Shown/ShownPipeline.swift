import WaterfallWorkers

/// Which of the store's items the cards show, and in which order: the search
/// typed after `/`, the items hidden with `x`, and the sort, composed.
///
/// It owns the search (``SearchRun``, run by a ``SearchEngine``) and the sort
/// (``SortJob`` on a ``Worker``) and knows nothing of the screen: whenever what
/// shows changes it tells its owner with a ``ShownChange`` (``onChange``),
/// whose ``input`` is then the items to show. A search's matches come in the
/// cards' order (sorted or not), so later matches are always appended.
///
/// When the source searches and sorts where the data lives
/// (``refineAtSource(_:)``: a database), neither runs here: a search typed or
/// an order asked becomes a ``SourceRefinement`` handed to the owner
/// (``Change/refine(_:)``), which re-opens the source refined; its items then
/// come already searched and in order, and are shown as they come.
///
/// ```swift
/// let pipeline = ShownPipeline(store: store, exactSearch: false, configuration: .init())
/// pipeline.onChange = { change in print(change) }
/// pipeline.search("mug")      // .reshow(selectFirst: true) once the first matches are in
/// pipeline.requestSort(SortOrder(field: "price"))
/// pipeline.input.items()      // the matches, cheapest first
/// ```
final class ShownPipeline {
  /// What changed in what shows.
  enum Change: Equatable {
    /// Show ``ShownPipeline/input`` anew: selecting its first item (a
    /// search's first matches), or keeping the selection where it still shows.
    case reshow(selectFirst: Bool)
    /// Show these store items after those shown (a search's later matches,
    /// items loaded since), in order.
    case append([Int])
    /// Read the source again refined so: the search or the order changed, and
    /// the source does them (the cards show what they show until its items come).
    case refine(SourceRefinement)
  }

  /// The store the items are indices of.
  var store: ItemStore
  /// Bare search terms match exactly, `'term` fuzzily (`--exact`).
  let exactSearch: Bool
  /// Told of every change, at once, in order.
  var onChange: (Change) -> Void = { _ in }
  /// The filter's text and the items hidden.
  private(set) var shown = ShownItems()
  /// The search typed after `/`, while there is one: its matches so far.
  private(set) var search: SearchRun?
  /// Where searches run.
  let searchEngine: SearchEngine
  /// Where sorts run.
  let sortWorker: Worker<SortJob.Result>
  /// Builds the search's compact texts once every item is in.
  let textPreparer: SearchTextPreparer
  /// The order the cards are in, when sorted (nil: the data's order).
  private(set) var sortOrder: SortOrder?
  /// A sort asked for and not yet done.
  private(set) var pendingSort: SortOrder?
  /// The store's items in ``sortOrder``: those the store had when it was sorted.
  private(set) var sortedItems: [Int]?
  /// Which cards add the sort field's line, while sorted by a field.
  private(set) var sortLines: SortFieldLines?
  /// Whether the sort asked for shows its first item selected when it is done
  /// (`--sort`: the cards open at the top of the order).
  private var sortSelectsFirst = false
  /// What the source was last asked to search and sort, when it does them
  /// (``refineAtSource(_:)``); nil: they are done here, over the store.
  private(set) var refinement: SourceRefinement?

  init(store: ItemStore, exactSearch: Bool, configuration: Browser.Configuration) {
    self.store = store
    self.exactSearch = exactSearch
    searchEngine = SearchEngine(
      workers: configuration.searchLanes, mode: configuration.workers, activity: configuration.inputActivity,
      awaited: configuration.awaitedWork)
    sortWorker = Worker(name: "sort", mode: configuration.workers, priority: .lowered)
    textPreparer = SearchTextPreparer(
      mode: configuration.workers, awaited: configuration.awaitedWork, yieldingTo: searchEngine.lanesAtWork)
  }

  /// The search typed; empty shows everything.
  var filter: String { shown.filter }

  /// What the cards show, to be shown anew: a search's matches, the sorted
  /// items, or every item, less those hidden. Made in constant time.
  var input: GroupingInput {
    var input = GroupingInput(hidden: shown.hidden)
    if let search {
      input.list = search.matches
    } else if let sorted = sortedItems {
      // The items loaded since the sort come after the sorted ones.
      input.list = sorted
      input.range = min(sorted.count, store.count)..<store.count
    } else {
      input.range = 0..<store.count
    }
    return input
  }

  /// The query whose matched characters the cards highlight.
  var highlight: SearchQuery? {
    guard let refinement else { return search?.query }
    return refinement.query.isEmpty ? nil : refinement.query
  }

  // MARK: A source that searches and sorts

  /// From now on the source searches and sorts, and `initial` is what it was
  /// opened with (`--query`, `--sort`, `--group-by`): searches and orders are
  /// asked of it (``Change/refine(_:)``); the store holds what it keeps, in order.
  func refineAtSource(_ initial: SourceRefinement) {
    searchEngine.cancel()
    sortWorker.cancel()
    search = nil
    sortedItems = nil
    pendingSort = nil
    sortOrder = initial.sort.flatMap { $0.field == nil && !$0.descending ? nil : $0 }
    shown.filter = initial.search ?? ""
    refinement = initial
  }

  /// Asks the source for `refinement` in place of the last, when it differs.
  private func refine(_ change: (inout SourceRefinement) -> Void) {
    guard var wanted = refinement else { return }
    change(&wanted)
    guard wanted != refinement else { return }
    refinement = wanted
    onChange(.refine(wanted))
  }

  // MARK: Hides

  /// Hides `item` (`x`): the owner shows ``input`` anew.
  func hide(_ item: Int) {
    shown.hide(item)
  }

  /// Shows the item hidden last again (`u`); returns it, or nil when none is hidden.
  func undoHide() -> Int? {
    shown.undoHide()
  }

  // MARK: The store

  /// Items the store gained from `start` on: appended, or searched in a pass
  /// of their own once the search's pass is done.
  func storeGained(from start: Int) {
    guard start < store.count else { return }
    if search != nil {
      continueSearchIfIdle()
    } else {
      onChange(.append(shown.items(of: store, in: start..<store.count)))
    }
  }

  /// Takes `newStore` (a reload): hides are forgotten, the search starts again
  /// over it and the sort is undone; returns the order to sort in again once
  /// the owner has shown the new items.
  func replaceStore(_ newStore: ItemStore) -> SortOrder? {
    store = newStore
    textPreparer.cancel()
    shown.showHidden()
    if refinement != nil {
      // The source's items come searched and in order: the order asked is the one shown.
      if let asked = pendingSort { sortOrder = asked.field == nil && !asked.descending ? nil : asked }
      pendingSort = nil
      return nil
    }
    if let old = search {
      searchEngine.cancel()
      var run = SearchRun(query: old.query, candidates: .range(0..<0), end: 0)
      run.finished = true
      run.replacing = false
      search = run
    }
    let order = pendingSort ?? sortOrder
    sortedItems = nil
    sortOrder = nil
    sortLines = nil
    return order
  }

  /// Every item is loaded: a sort made while loading is made again over all
  /// of them (`atTop`: the cards were at the top of the order, and stay there).
  func loadingFinished(atTop: Bool) {
    guard refinement == nil else { return }
    if let order = pendingSort ?? sortOrder { requestSort(order, selectingFirst: atTop) }
  }

  // MARK: Searching

  /// The user is about to search (`/`): the compact texts of the items in
  /// are built meanwhile, so the first key finds them built. (Not at load:
  /// they cost about as much memory as the cards, spent only once someone searches.)
  func prepareSearchTexts() {
    guard refinement == nil else { return }
    textPreparer.prepare(store.itemTexts)
  }

  /// Whether a search is still looking.
  var isSearching: Bool { search.map { !$0.finished } ?? false }

  /// Searches for `text` (the filter): the cards keep showing what they showed
  /// until the first matches come. A query that only grew looks among the last
  /// one's matches and the items it had not reached.
  func search(_ text: String) {
    shown.filter = text
    let query = SearchQuery(text, exactByDefault: exactSearch)
    if let refinement {
      // The same query (a space added) asks nothing new of the source.
      guard query != refinement.query else { return }
      return refine { $0.search = query.isEmpty ? nil : text; $0.exactSearch = exactSearch }
    }
    guard !query.isEmpty else {
      guard search != nil else { return }
      searchEngine.cancel()
      search = nil
      onChange(.reshow(selectFirst: false))
      return
    }
    if let old = search, old.query == query { return }
    // The items in the cards' order, so matches come in it (sorted or not).
    var candidates = displayOrder.map(SearchCandidates.list) ?? .range(0..<store.count)
    if let old = search, query.narrows(old.query) { candidates = .list(old.remaining(storeCount: store.count)) }
    var run = SearchRun(query: query, candidates: candidates, end: store.count)
    run.generation = searchEngine.start(query, in: store.itemTexts, candidates: candidates)
    search = run
    if searchEngine.runsSynchronously { takeSearchResults() }
  }

  /// Takes in the matches found since the last call: the first ones replace the
  /// cards shown, later ones are appended. Returns whether anything changed.
  /// The run loop passes a `limit` of matches per frame and a time `budget`
  /// (laying out a card costs about a microsecond; matches are taken a chunk at
  /// a time until the budget is spent), so a key never waits behind a flood of
  /// matches.
  @discardableResult
  func takeSearchResults(limit: Int = .max, budget: Duration? = nil) -> Bool {
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
        onChange(.reshow(selectFirst: true))
      } else {
        onChange(.append(shown.items(among: batch.matches)))
      }
      if run.finished { continueSearchIfIdle() }
    }
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
    if searchEngine.runsSynchronously { takeSearchResults() }
  }

  /// The status bar's word on the search: "searching 45%" while it looks.
  var searchProgress: String? {
    guard let search, !search.finished else { return nil }
    return "searching \(search.percent)%"
  }

  // MARK: Sorting

  /// Sorts the cards in `order`: at once for the data's order, otherwise when
  /// the sort is done (``takeSortResult()``); `selectingFirst`, with its
  /// first item selected then (else the selection stays on its item).
  func requestSort(_ order: SortOrder, selectingFirst: Bool = false) {
    if refinement != nil {
      let wanted = order.field == nil && !order.descending ? nil : order
      guard wanted != refinement?.sort else { return }
      pendingSort = order
      return refine { $0.sort = wanted }
    }
    sortSelectsFirst = selectingFirst
    if order.field == nil, !order.descending {
      sortWorker.cancel()
      pendingSort = nil
      guard sortedItems != nil else { return }
      sortOrder = nil
      sortedItems = nil
      sortLines = nil
      orderSearch()
      showInOrder()
      return
    }
    pendingSort = order
    let roles = store.roles.resolved
    let inPlace = Set([roles.title, roles.subtitle, roles.text, roles.tags, roles.group].joined().flatMap(FieldRoles.parts(of:)))
    let job = SortJob(order: order, texts: store.itemTexts, cards: store.cardSnapshot, shownInPlace: inPlace)
    sortWorker.start(job.run(on:))
    takeSortResult()
  }

  /// Takes in a finished sort; returns whether there was one.
  @discardableResult
  func takeSortResult() -> Bool {
    guard let done = sortWorker.takeLast(), done.order == pendingSort else { return false }
    pendingSort = nil
    sortOrder = done.order
    sortedItems = done.items
    sortLines = done.lines
    orderSearch()
    showInOrder(selectingFirst: sortSelectsFirst)
    sortSelectsFirst = false
    return true
  }

  /// The status bar's word on the order: "price ↑", or "sorting price ↓…".
  var sortLabel: String? {
    if let pendingSort { return "sorting \(pendingSort)…" }
    return sortOrder.map(\.description)
  }

  /// The current order reversed (`S`).
  var reversedSort: SortOrder {
    let current = pendingSort ?? sortOrder ?? SortOrder(field: nil)
    return SortOrder(field: current.field, descending: !current.descending)
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
  private func orderSearch() {
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
    if searchEngine.runsSynchronously { takeSearchResults() }
  }

  /// Shows the cards in the current order (the search's matches, or every
  /// item), keeping the selection; a search that has not found its first
  /// matches yet shows them when they come.
  private func showInOrder(selectingFirst: Bool = false) {
    if let search, search.replacing { return }
    onChange(.reshow(selectFirst: selectingFirst))
  }

  // MARK: Work

  /// Whether a search or a sort has something to be taken in.
  var hasResults: Bool { searchEngine.hasResults || sortWorker.hasOutput }

  /// Whether a search or a sort is under way.
  var isBusy: Bool { isSearching || pendingSort != nil }

  /// Runs the search and sort jobs waiting (stepped workers), here.
  func runPendingWork() {
    searchEngine.finishHere()
    sortWorker.runPending()
    textPreparer.runPending()
  }
}
