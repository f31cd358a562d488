import WaterfallImages
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

/// The browser: the cards, the status bar, details, filter and help, driven by
/// input events and drawn into any canvas.
///
/// It touches no terminal: ``handle(_:time:)`` takes an ``InputEvent`` and says
/// what to do next, ``draw(in:)`` draws the whole screen. The terminal loop
/// (``TerminalApp``), the `render` command and the tests all drive the same
/// object. Loading is not its business either: it only receives what a
/// ``LoadController`` found, as ``LoadUpdate`` values (``apply(_:now:)``).
///
/// It is a thin coordinator over parts it owns, each with its own state:
/// - ``ShownPipeline``: which items show, in which order (search, hides, sort);
/// - ``LayoutCoordinator``: the cards on screen and how they are laid out (the
///   view, the layout worker and its ``LayoutPhase``, animations);
/// - ``DetailsView``: the open item's details; ``PullToRefresh``; the status.
///
/// What each key does is decided in one place, `Browser+Commands.swift`.
///
/// ```swift
/// let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
/// _ = browser.handle(.key(.down))
/// let screen = CellBuffer(width: 80, height: 24)
/// browser.draw(in: screen)
/// ```
public final class Browser {
  public enum Mode: Equatable, Sendable {
    case browsing, filtering, details, help
    /// The field picker of `s` or `F` (``FieldPicker``).
    case picking
    /// A field's values and their counts, after `F` (``FrequencySheet``).
    case counting
  }

  /// Where loading stands, for the footer and the status bar.
  public typealias Loading = LoadState

  /// The smallest screen the browser draws on.
  public static let minimumSize = Size(width: 20, height: 5)
  static let doubleClickMilliseconds: UInt64 = 400
  /// The time a frame spends taking in matches (a key waits at most about this long).
  public static let frameBudget = Duration.milliseconds(1)

  /// How the browser does its work (given when it is made).
  public let configuration: Configuration
  /// The cards and their layout.
  let cards: LayoutCoordinator
  /// Which items show, and in which order.
  let pipeline: ShownPipeline
  public internal(set) var mode = Mode.browsing
  /// The items marked with Tab (`-m`).
  public internal(set) var marks: Marks
  /// The preview panel (`--preview`), when there is one.
  let preview: PreviewPanel?
  var details: DetailsView?
  /// The field picker, while it is open (`s`, `F`).
  var picker: FieldPicker?
  /// The frequency sheet, while it is open (`F`, then a field).
  var sheet: FrequencySheet?
  /// The passes over the items the picker and the sheet need, on workers.
  let fieldPasses: FieldPasses
  /// The first line of the `?` screen shown.
  var helpScroll = 0
  /// Pull to refresh at the top of the cards.
  public internal(set) var pull = PullToRefresh()
  /// The last click, to tell a double click.
  var lastPress: (item: IndexPath, time: UInt64)?
  /// The time of the last event or tick (milliseconds).
  var lastTime: UInt64 = 0
  /// The store items the browser has already taken in.
  var lastSeenCount: Int
  /// JSON Lines lines skipped as invalid, for the status bar.
  public var skippedCount = 0
  /// The groups the data holds before their items are read (a folder tree's
  /// folders, ``LoadUpdate/groupsFound``): the status bar counts them all.
  public var groupsFound = 0
  /// A message for the status bar (a reload that could not be done, a bad page).
  public var notice: String?
  /// What the source is to be asked to search and sort next, until taken
  /// (``takeRefinement()``).
  var wantedRefinement: SourceRefinement?
  /// For a source paged by keys, the window on its rows the store holds
  /// (``LoadController/window``): where the status bar and the footer say the
  /// rows are, and whether `G`, a step up past the first card and `g` read
  /// another window (``takeWindowMove()``).
  public internal(set) var window: RowWindow?
  /// The window the source is to be read from next, until taken (``takeWindowMove()``).
  var wantedWindowMove: WindowStart?
  /// Whether the next store handed over answers a refinement asked: its first
  /// item is selected, as a search's first match is.
  var refinementAsked = false
  /// Whether Esc stops the source's reading under way (a server's statement:
  /// ``LoadController/readingStops``) rather than going back.
  public var readingStops = false
  /// Why `--print` printed nothing and the program ends with status 2: the item's
  /// bytes changed since they were read (``printItem(_:)``).
  public internal(set) var printRefusal: String?
  /// Where loading stands; the footer under the last card follows it.
  public var loading = Loading.done {
    didSet {
      cards.loading = loading
      // Reading stopped early (a server gone): G stops following the end.
      if case .stopped = loading, goingToEnd { goingToEnd = false }
      guard loading == .done, oldValue != .done else { return }
      // A sort made while loading is made again over every item.
      pipeline.loadingFinished(atTop: cards.view.selectedIndexPath.map(cards.dataSource.position(of:)) == 0)
      cards.prefetchHeights()
      cards.returnFreedMemory()
      if goingToEnd { cards.view.selectLastItem() }
      finishGoingToEndOnceLaidOut()
    }
  }

  /// `G`'s run ends once every page is in and laid out, on the last card: with
  /// the last page's cards still waiting for their layout, the selection follows
  /// them when they come (the view's last card was not yet the last).
  func finishGoingToEndOnceLaidOut() {
    guard goingToEnd, loading == .done, !cards.hasCardsAwaitingLayout else { return }
    goingToEnd = false
    notice = nil
    cards.view.selectLastItem()
  }

  public convenience init(store: ItemStore, options: Options, size: Size) {
    self.init(store: store, options: options, size: size, configuration: Configuration())
  }

  public init(store: ItemStore, options: Options, size: Size, configuration: Configuration) {
    self.configuration = configuration
    cards = LayoutCoordinator(store: store, options: options, size: size, configuration: configuration)
    pipeline = ShownPipeline(store: store, exactSearch: options.exactSearch, configuration: configuration)
    lastSeenCount = store.count
    marks = Marks(limit: options.multi)
    fieldPasses = FieldPasses(mode: configuration.workers)
    preview = options.preview.map { PreviewPanel(options: $0, workers: configuration.workers) }
    pipeline.onChange = { [unowned self] change in show(change) }
    cards.dataSource.isMarked = { [unowned self] item in marks.contains(item) }
    cards.hideAnimated = { [unowned self] item, next in
      pipeline.hide(item)
      cards.reshow(pipeline.input, selecting: next)
    }
    // The cards open at the top of the order, also when it comes from a worker.
    if let sort = options.sort { pipeline.requestSort(sort, selectingFirst: true) }
    cards.prefetchHeights()
  }

  /// Carries out a change of what shows on the cards.
  private func show(_ change: ShownPipeline.Change) {
    cards.dataSource.highlight = pipeline.highlight
    // Sorted cards show the sort field and are placed in reading order.
    store.sortLines = pipeline.sortLines
    cards.policy.isSorted = pipeline.sortOrder != nil
    switch change {
    case .reshow(selectFirst: false):
      cards.reshow(pipeline.input)
    case .reshow(selectFirst: true):
      cards.finishAnimation()
      cards.show(pipeline.input)
      // Grouped on the worker: the first match is selected when the sections come.
      if cards.phase.regrouping != nil { cards.selectFirstWhenGrouped() } else { cards.view.selectFirstItem() }
    case .append(let items):
      cards.appendShown(items)
    case .refine(let refinement):
      wantedRefinement = refinement
    }
  }

  // MARK: State

  public var store: ItemStore { cards.store }
  public var options: Options { cards.options }
  public var size: Size { cards.size }
  /// Which items show: the filter and the hides.
  public var shown: ShownItems { pipeline.shown }
  public var filter: String { pipeline.filter }
  /// The search typed after `/`, while there is one: its matches so far.
  public var search: SearchRun? { pipeline.search }
  /// The order the cards are in, when sorted (nil: the data's order).
  public var sortOrder: SortOrder? { pipeline.sortOrder }
  /// A sort asked for and not yet done.
  public var pendingSort: SortOrder? { pipeline.pendingSort }
  /// The widths last asked to be measured ahead (the benchmark waits for them).
  public var prefetchWidths: [Int] { cards.prefetchWidths }
  /// The store index of the selected item.
  public var selectedItem: Int? { cards.selectedItem }
  /// The column count in use.
  public var columns: Int { cards.columns }
  /// The number of items shown (after the filter and `x`) and in all.
  public var counts: (shown: Int, total: Int) { (cards.dataSource.shownCount, store.count) }
  /// How many rows the cards are scrolled.
  public var contentOffset: Int { cards.view.contentOffset }
  /// The collection view, for tests and the benchmark.
  public var collectionView: CollectionView { cards.view }
  /// Whether a layout change is being animated: the loop then draws a frame every
  /// few milliseconds.
  public var isAnimating: Bool { cards.animator.isRunning }
  /// Whether items wait to be shown until the cards are laid out again.
  public var relayoutPending: Bool { cards.throttle.isPending }
  /// When items for earlier sections may lay the cards out again.
  public var throttle: RelayoutThrottle { cards.throttle }
  /// Whether `G` is going to the end of a folder of pages: pages load one after
  /// another and the selection follows the last card, until the last page is in
  /// or a key stops it.
  public internal(set) var goingToEnd: Bool {
    get { cards.followsEnd }
    set { cards.followsEnd = newValue }
  }
  /// Whether the selection or the scroll is within one screen of the end of the
  /// cards, or `G` is going to the end: the moment to load the next page.
  public var isNearEnd: Bool { cards.isNearEnd }
  /// The sections shown, as (group value, item count): for tests and the status bar.
  public var sections: [(key: String?, count: Int)] {
    let source = cards.dataSource
    return (0..<source.sections.sectionCount).map { (source.key(ofSection: $0), source.sections.count(inSection: $0)) }
  }

  /// Adapts to a new screen size: the cards reflow and the selected one stays on
  /// screen.
  public func resize(to newSize: Size) {
    cards.resize(to: newSize)
    details?.scroll(by: 0, in: detailsRect)
  }

  /// Selects store item `item` and scrolls to it (the `render --select` option).
  public func select(item: Int) {
    if let indexPath = cards.dataSource.indexPath(ofItem: item) { cards.view.selectItem(at: indexPath) }
  }

  /// Scrolls the cards to `rows` (columns, when they flow sideways: the `render
  /// --scroll` option).
  public func scroll(to rows: Int) {
    cards.view.setScrollOffset(cards.view.isHorizontal ? Point(x: rows, y: 0) : Point(x: 0, y: rows))
  }

  /// Sorts the cards in `order` (`--sort`, `s`): when the sort is done.
  public func requestSort(_ order: SortOrder) { pipeline.requestSort(order) }

  // MARK: A source that searches and sorts

  /// From now on the source searches and sorts where the data lives, and was
  /// opened refined by `initial`: a search typed or an order asked is taken
  /// from here (``takeRefinement()``) for the ``LoadController`` to re-open the
  /// source with (``LoadController/refine(_:)``), and its items are shown as
  /// they come, already searched and in order.
  public func searchAndSortAtSource(_ initial: SourceRefinement) {
    pipeline.refineAtSource(initial)
    cards.dataSource.highlight = pipeline.highlight
  }

  /// The window of a paged source's rows to read next, once
  /// (``LoadController/moveWindow(_:)``): `G` far from the end, a step up
  /// past the window's first card, `g` away from the start; nil when none was asked.
  public func takeWindowMove() -> WindowStart? {
    defer { wantedWindowMove = nil }
    return wantedWindowMove
  }

  /// Whether the source searches and sorts (``searchAndSortAtSource(_:)``).
  public var searchesAtSource: Bool { pipeline.refinement != nil }

  /// The search and order the source is to be read with now, once: nil when
  /// nothing changed since the last call. The store handed over next shows
  /// with its first item selected.
  public func takeRefinement() -> SourceRefinement? {
    guard let wanted = wantedRefinement else { return nil }
    wantedRefinement = nil
    refinementAsked = true
    return wanted
  }

  /// Opens the details of the selected item (its picture full size when
  /// `keepingPictureFull`, as it was for the item before).
  public func openDetails(keepingPictureFull: Bool = false) {
    guard let item = selectedItem else { return }
    // Made whole, then stored: `details?.x = … details?.y …` reads the
    // property while its write is open (an exclusivity abort).
    var opened =
      store.changedSinceRead(item)
      ? DetailsView(item: item, value: .object([]), notice: DetailsView.changedNotice)
      : DetailsView(item: item, value: store.value(at: item))
    opened.showPicture(of: store.content(at: item), in: store.pictureFolder(at: item), from: pictures)
    // An item of a feed names the page it came from (its path is the page's URL).
    let page = store.path(at: item)
    if Pictures.isRemote(page) { opened.source = page }
    opened.pictureFull = keepingPictureFull && opened.hasPicture
    // The search's matches marked, the first in view.
    opened.highlight = pipeline.highlight
    opened.revealFirstMatch(in: detailsRect)
    details = opened
    mode = .details
  }

  var detailsRect: Rect { cards.screenFrame }

  // MARK: Background work

  /// Whether a worker is busy on something the screen will show, or finished
  /// something not yet taken in.
  public var hasBackgroundWork: Bool {
    pipeline.isBusy || cards.isLayingOut || fieldPasses.isBusy || hasBackgroundResults
  }

  /// Whether something a worker finished waits to be taken in.
  public var hasBackgroundResults: Bool {
    pipeline.hasResults || cards.prefetchHasResults || cards.worker.hasOutput || fieldPasses.hasResults || previewHasOutput
  }

  /// How soon the status bar's progress should be drawn again, in
  /// milliseconds, while a worker lays the cards out or reads the fields;
  /// nil: nothing to show.
  public var progressInterval: Int? { cards.isLayingOut || fieldPasses.isBusy ? 100 : nil }

  /// Takes in what the workers finished (at most `searchLimit` matches, for
  /// at most `budget`); returns whether anything changed.
  @discardableResult
  public func takeBackgroundWork(searchLimit: Int = 2_000, budget: Duration? = nil) -> Bool {
    var changed = takeSearchResults(limit: searchLimit, budget: budget)
    changed = takeSortResult() || changed
    changed = takePrefetchedHeights() > 0 || changed
    changed = takeLayoutResult() || changed
    changed = takeFieldPasses() || changed
    finishGoingToEndOnceLaidOut()
    return changed
  }

  /// Runs every job the workers hold (``WorkerMode/stepped``) and takes in
  /// what they made, until none is left: what a live browser reaches once its
  /// workers are done, reached here, on this thread, without waiting.
  public func runPendingWork() {
    var rounds = 0
    repeat {
      pipeline.runPendingWork()
      cards.worker.runPending()
      cards.heightsWorker.runPending()
      fieldPasses.runPending()
      takeBackgroundWork()
      updatePreview()
      preview?.worker.runPending()
      updatePreview()
      rounds += 1
    } while rounds < 1_000 && hasPendingJobs
  }

  /// Whether a stepped worker holds jobs not yet run.
  var hasPendingJobs: Bool {
    cards.worker.hasPending || cards.heightsWorker.hasPending || pipeline.sortWorker.hasPending
      || pipeline.searchEngine.hasPending || fieldPasses.hasPending || preview?.worker.hasPending == true
  }

  /// Takes in the matches found since the last call (see ``ShownPipeline/takeSearchResults(limit:budget:)``).
  @discardableResult
  public func takeSearchResults(limit: Int = .max, budget: Duration? = nil) -> Bool {
    let changed = pipeline.takeSearchResults(limit: limit, budget: budget)
    if changed { cards.relayoutIfPending(allowed: true) }
    return changed
  }

  /// Takes in a finished sort; returns whether there was one.
  @discardableResult
  public func takeSortResult() -> Bool { pipeline.takeSortResult() }

  /// Takes in the heights measured ahead; returns how many tables (widths) came.
  @discardableResult
  public func takePrefetchedHeights() -> Int { cards.takePrefetchedHeights() }

  /// Takes in the layout the worker finished, if it is still the one wanted.
  @discardableResult
  public func takeLayoutResult() -> Bool { cards.takeLayoutResult() }

  /// Whether a search is still looking.
  public var isSearching: Bool { pipeline.isSearching }
  /// Whether the worker is laying the cards out.
  public var isLayingOut: Bool { cards.isLayingOut }
  /// Whether the worker is grouping items the cards do not show yet.
  public var isGrouping: Bool { cards.isGrouping }

  // MARK: Animation

  /// Moves an animated layout change on to time `now` (milliseconds); returns
  /// whether it is still going.
  @discardableResult
  public func advanceAnimation(to now: UInt64) -> Bool { cards.advanceAnimation(to: now) }

  /// Ends an animated layout change at once, on its final layout.
  public func finishAnimation() { cards.finishAnimation() }

  /// Turns animation off (a terminal too slow for it). A change being animated
  /// ends at the next ``advanceAnimation(to:)``, which the run loop calls before
  /// it draws again: ended here, after a frame was shown, its last frame would not
  /// be drawn until the next key, and the screen would stay part way.
  public func disableAnimation() {
    cards.policy.options.animates = false
  }
}
