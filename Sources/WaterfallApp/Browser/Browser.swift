import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The browser: the cards, the status bar, details, filter and help, driven by
/// input events and drawn into any canvas.
///
/// It touches no terminal: ``handle(_:time:)`` takes an ``InputEvent`` and says
/// what to do next, ``draw(in:)`` draws the whole screen. The terminal loop
/// (``TerminalApp``), the `render` command and the tests all drive the same
/// object. Loading is not its business either: it only receives what a
/// ``LoadController`` found, as ``LoadUpdate`` values (``apply(_:now:)``).
/// Which items show is a ``ShownItems``, the layout a ``LayoutPolicy``, the keys
/// ``KeyBindings``.
///
/// ```swift
/// let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
/// _ = browser.handle(.key(.down))
/// let screen = CellBuffer(width: 80, height: 24)
/// browser.draw(in: screen)
/// ```
public final class Browser {
  public struct Options: Sendable {
    public var layout: LayoutKind = .waterfall
    /// A fixed column count, or `nil` to follow the width.
    public var columns: Int?
    /// The narrowest card when the column count follows the width: 26 gives three
    /// columns at 80.
    public var minimumCardWidth = 26
    /// The widths `--min-card-width` may take; a wider or narrower option is
    /// refused with a usage message, and the library clamps it here.
    public static let minimumCardWidths = 4...500
    /// ``minimumCardWidth`` clamped to ``minimumCardWidths``, so arithmetic on it
    /// never overflows (`--min-card-width 9223372036854775807`, then `z`).
    ///
    /// ```swift
    /// var options = Browser.Options()
    /// options.minimumCardWidth = .max
    /// options.narrowestCard   // 500
    /// ```
    public var narrowestCard: Int {
      min(max(minimumCardWidth, Self.minimumCardWidths.lowerBound), Self.minimumCardWidths.upperBound)
    }
    /// Large waterfall cards (`z` in the waterfall): columns half as wide again.
    public var largeCards = false
    /// How the waterfall gives items to columns (`--order`).
    public var order = ItemOrder.shortestFirst
    /// Whether items are grouped into sections (`--group-by`), by the store's group field.
    public var groups = false
    /// Whether switching layouts animates (`--no-animation` turns it off).
    public var animates = true
    /// Direction, spacing, insets and per-group columns (`--direction`, …).
    public var parameters = LayoutParameters()
    /// Enter prints the selected item and quits (a picker, as fzf is).
    public var printMode = false
    /// Bare search terms match exactly, `'term` fuzzily (`--exact`).
    public var exactSearch = false
    /// The order to sort the cards in at the start (`--sort price:desc`).
    public var sort: SortOrder?
    public var theme = CardTheme.unicode
    /// The block symbols pictures are drawn with (`--symbols`).
    public var symbols = SymbolSet.standard
    /// Whether pictures are shown at all (`--pictures none`: placeholders only).
    public var showsPictures = true
    /// Real pixels the terminal shows, if any (kitty's protocol or sixel): drawn
    /// over the cells where cards show their pictures whole (`--pictures`); nil:
    /// block symbols only.
    public var pixels: PixelProtocol?
    /// When ``pixels`` go through tmux's passthrough: the pane's top-left cell
    /// in the outer terminal, which places the pictures.
    public var tmuxPane: Point?
    public init() {}
  }

  public enum Mode: Equatable, Sendable {
    case browsing, filtering, details, help
  }

  /// Where loading stands, for the footer and the status bar.
  public typealias Loading = LoadState

  /// The smallest screen the browser draws on.
  public static let minimumSize = Size(width: 20, height: 5)
  static let doubleClickMilliseconds: UInt64 = 400

  public internal(set) var store: ItemStore
  let dataSource: CardDataSource
  let view: CollectionView
  var policy: LayoutPolicy
  public var options: Options { policy.options }
  public var size: Size { policy.size }
  public internal(set) var mode = Mode.browsing
  /// Which items show: the filter and the hides.
  public internal(set) var shown = ShownItems()
  /// The search typed after `/`, while there is one: its matches so far.
  public internal(set) var search: SearchRun?
  /// When the user last pressed a key: searches leave a core to the screen meanwhile.
  let inputActivity = InputActivity()
  /// Where searches run: on this thread until ``searchInBackground(wake:)``.
  var searchEngine = SearchEngine(wake: nil)
  /// Where sorts run, likewise.
  var sortEngine = SortEngine(wake: nil)
  /// Where cards are measured ahead (``prefetchHeights()``).
  var heightPrefetcher = HeightPrefetcher(wake: nil)
  /// Fewer cards than this are measured when needed, not ahead: it takes no time.
  var prefetchThreshold = 20_000
  /// Where every card is laid out again at scale (``relayoutCards(frame:)``).
  var layoutWorker = LayoutWorker(wake: nil)
  /// Fewer cards than this are laid out here: it takes a few milliseconds.
  var backgroundLayoutThreshold = 20_000
  /// The layout the worker is making, and what for.
  var pendingLayout: (generation: Int, shape: LayoutShape, frame: Rect)?
  /// The sections the worker is grouping the items into, while it does
  /// (``regroupInBackground(_:keep:)``).
  var pendingGrouping: Regrouping?
  /// The widths last asked to be measured ahead (the benchmark waits for them).
  public internal(set) var prefetchWidths: [Int] = []
  /// The order the cards are in, when sorted (nil: the data's order).
  public internal(set) var sortOrder: SortOrder?
  /// A sort asked for and not yet done.
  public internal(set) var pendingSort: SortOrder?
  /// The store's items in ``sortOrder``: those the store had when it was sorted.
  var sortedItems: [Int]?
  public var filter: String { shown.filter }
  /// The groups the data holds before their items are read (a folder tree's
  /// folders, ``DataOrigin/sectionCount``): the status bar counts them all.
  public var groupsFound = 0
  var details: DetailsView?
  /// The first line of the `?` screen shown.
  var helpScroll = 0
  /// Whether `G` is going to the end of a folder of pages: pages load one after
  /// another and the selection follows the last card, until the last page is in
  /// or a key stops it.
  public internal(set) var goingToEnd = false
  /// JSON Lines lines skipped as invalid, for the status bar.
  public var skippedCount = 0
  /// Where loading stands; the footer under the last card follows it.
  public var loading = Loading.done {
    didSet {
      updateFooter()
      // A sort made while loading is made again over every item.
      if loading == .done, oldValue != .done, let order = pendingSort ?? sortOrder { requestSort(order) }
      if loading == .done, oldValue != .done { prefetchHeights() }
      if goingToEnd, loading == .done {
        goingToEnd = false
        notice = nil
        view.selectLastItem()
      }
    }
  }
  /// A message for the status bar (a reload that could not be done, a bad page).
  public var notice: String?
  var lastPress: (item: IndexPath, time: UInt64)?
  /// The store items the browser has already taken in.
  var lastSeenCount: Int
  var animator = LayoutAnimator()
  /// When items for earlier sections may lay the cards out again.
  public internal(set) var throttle = RelayoutThrottle()
  /// Pull to refresh at the top of the cards.
  public internal(set) var pull = PullToRefresh()
  /// The time of the last event or tick (milliseconds).
  var lastTime: UInt64 = 0
  /// When a carousel scrolled by a row key or the wheel comes to rest on a card.
  var snapDeadline: UInt64?
  /// Why `--print` printed nothing and the program ends with status 2: the item's
  /// bytes changed since they were read (``printItem(_:)``).
  public internal(set) var printRefusal: String?
  /// A hide being animated: the item, and the one to select once it is gone.
  var pendingHide: (item: Int, next: Int?)?

  public init(store: ItemStore, options: Options, size: Size) {
    self.store = store
    policy = LayoutPolicy(options: options, size: size)
    lastSeenCount = store.count
    dataSource = CardDataSource(store: store, theme: options.theme)
    dataSource.groups = options.groups
    dataSource.cardWidths = max(8, options.narrowestCard / 2)...max(8, options.narrowestCard * 2)
    dataSource.show(0..<store.count)
    view = CollectionView(frame: Self.viewFrame(for: size), layout: WaterfallLayout())
    configureForKind()
    view.register(CardCell.self, forCellWithReuseIdentifier: CardCell.identifier)
    view.register(RowCell.self, forCellWithReuseIdentifier: RowCell.identifier)
    view.register(RuleCell.self, forCellWithReuseIdentifier: RuleCell.identifier)
    view.register(TableRowCell.self, forCellWithReuseIdentifier: TableRowCell.identifier)
    view.register(TableHeaderCell.self, forCellWithReuseIdentifier: TableHeaderCell.identifier)
    view.dataSource = dataSource
    view.delegate = dataSource
    updateFooter()
    view.reloadData(with: makeLayout())
    view.selectFirstItem()
    if let sort = options.sort {
      requestSort(sort)
      view.selectFirstItem()
    }
  }

  static func viewFrame(for size: Size) -> Rect {
    Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
  }

  /// Where the cards go: under the pull-to-refresh header, if one shows.
  var cardsFrame: Rect {
    let whole = Self.viewFrame(for: size)
    let rows = min(pull.rows, max(0, whole.height - 1))
    return Rect(x: 0, y: rows, width: whole.width, height: whole.height - rows)
  }

  /// Gives the cards room for the pull-to-refresh header as it grows and shrinks.
  func updateCardsFrame() {
    // A layout for the new frame on its way brings the frame with it.
    if view.frame != cardsFrame, pendingLayout?.frame != cardsFrame { view.frame = cardsFrame }
  }

  /// Tells the cards and the view what the layout kind needs: cards of their own
  /// size or the layout's, widths from content when horizontal, the selection
  /// kept in the middle in the carousel.
  func configureForKind() {
    dataSource.kind = options.layout
    dataSource.direction = policy.isHorizontal && options.layout == .waterfall ? .horizontal : .vertical
    view.centresSelection = options.layout == .line
    updateTableWidths()
  }

  // MARK: State

  /// The store index of the selected item.
  public var selectedItem: Int? { view.selectedIndexPath.flatMap(dataSource.item(at:)) }
  /// The column count in use.
  public var columns: Int { policy.columns }
  /// The number of items shown (after the filter and `x`) and in all.
  public var counts: (shown: Int, total: Int) { (dataSource.shownCount, store.count) }
  /// How many rows the cards are scrolled.
  public var contentOffset: Int { view.contentOffset }
  /// The collection view, for tests and the benchmark.
  public var collectionView: CollectionView { view }
  /// Whether a layout change is being animated: the loop then draws a frame every
  /// few milliseconds.
  public var isAnimating: Bool { animator.isRunning }
  /// Whether items wait to be shown until the cards are laid out again.
  public var relayoutPending: Bool { throttle.isPending }

  /// Whether the selection or the scroll is within one screen of the end of the
  /// cards (the right end, when they flow sideways), or `G` is going to the end:
  /// the moment to load the next page.
  public var isNearEnd: Bool {
    if goingToEnd { return true }
    // The circle never scrolls: near the end is the front card nearing the last.
    // (While it turns, the view shows a transition: a screenful of cards is plenty.)
    if options.layout == .circle {
      guard let selected = view.selectedIndexPath else { return true }
      let shown = (view.layout as? CircleLayout)?.capacity ?? 16
      return dataSource.position(of: selected) + shown >= dataSource.shownCount
    }
    let screen = view.pageLength
    if view.distanceToEnd <= screen { return true }
    guard let selected = view.selectedIndexPath, let frame = view.frameForItem(at: selected) else { return false }
    let content = view.contentSize
    return view.isHorizontal ? frame.maxX + screen >= content.width : frame.maxY + screen >= content.height
  }

  /// The sections shown, as (group value, item count): for tests and the status bar.
  public var sections: [(key: String?, count: Int)] {
    (0..<dataSource.sections.sectionCount).map { (dataSource.key(ofSection: $0), dataSource.sections.count(inSection: $0)) }
  }

  func makeLayout() -> any CollectionLayout {
    updateTableWidths()
    return policy.makeLayout(
      sectionCount: dataSource.sections.sectionCount, hasFooter: dataSource.footer != nil,
      sectionKeys: options.parameters.groupColumns.isEmpty ? [] : dataSource.sectionKeys)
  }

  func updateFooter() {
    switch loading {
    case .loading: dataSource.footer = "Loading more…"
    case .done:
      let count = dataSource.shownCount
      // "1 item", "2 items", "1 of 249 items": the noun goes with the last number.
      let noun = store.count == 1 ? "item" : "items"
      dataSource.footer = count == store.count ? "End · \(count) \(noun)" : "End · \(count) of \(store.count) \(noun)"
    }
  }

  /// Adapts to a new screen size: the cards reflow and the selected one stays on
  /// screen.
  public func resize(to newSize: Size) {
    guard newSize != size else { return }
    finishAnimation()
    let oldColumns = columns
    let oldWidth = view.frame.width
    let oldHeight = view.frame.height
    policy.size = newSize
    if laysOutInBackground {
      // A new height alone changes nothing in a vertical layout; the rows share it when sideways.
      if columns != oldColumns || cardsFrame.width != oldWidth || (policy.isHorizontal && cardsFrame.height != oldHeight) {
        relayoutCards(frame: cardsFrame)
      } else {
        view.frame = cardsFrame
      }
    } else if columns != oldColumns || policy.followsWidth || policy.followsHeight {
      relayoutCards(frame: cardsFrame)
    } else {
      view.frame = cardsFrame
    }
    if let selected = view.selectedIndexPath { view.scrollToItem(at: selected) }
    details?.scroll(by: 0, in: detailsRect)
    prefetchHeights()
  }

  // MARK: Items

  /// Shows the items again after the filter or the hides changed, keeping
  /// `item` (or the selection) selected at the same screen row where it still shows.
  func reshow(selecting item: Int? = nil) {
    finishAnimation()
    let keep = item ?? selectedItem
    let row = selectedRow
    showAgain(around: keep)
    if pendingGrouping != nil {
      // The old sections show until the new ones come: the item is selected in
      // them if it is there, and kept selected then unless another is selected meanwhile.
      select(keep, atRow: row)
      pendingGrouping?.selectedAtRequest = selectedItem
      return
    }
    if !select(keep, atRow: row) { view.selectFirstItem() }
  }

  /// Gives the cards the shown items anew and lays them out; at scale, those
  /// around store item `around` first, and all of them on the worker. Many
  /// items in groups are grouped on the worker too, unless `here`: the cards
  /// show the old sections until the new ones and their layout come
  /// (``regroupInBackground(_:keep:)``).
  func showAgain(around: Int? = nil, here: Bool = false) {
    throttle.isPending = false
    // A layout the worker is making is for the items shown until now.
    layoutWorker.cancel()
    pendingLayout = nil
    pendingGrouping = nil
    let input = shownInput
    if !here, regroupInBackground(input, keep: around ?? selectedItem) { return }
    // A search's matches, the sorted items or every item, less those hidden.
    dataSource.show(input.items())
    updateFooter()
    if !laysOutInBackground { dataSource.interimHeights = nil }
    if laysOutInBackground, dataSource.sections.sectionCount == 1 {
      let position = around.flatMap { dataSource.indexPath(ofItem: $0)?.item } ?? 0
      view.reloadData(with: windowLayout(around: position, frame: view.frame))
      startLayoutJob()
      return
    }
    view.reloadData(with: makeLayout())
    // Cards laid out with guessed heights are measured, and laid out, anew.
    if dataSource.interimHeights != nil { startLayoutJob() }
  }

  /// The selected card's top row on the screen (its left column, when the cards
  /// flow sideways), to put a card back at after the cards are laid out anew.
  var selectedRow: Int? {
    view.selectedIndexPath.flatMap { view.frameForItem(at: $0) }.map {
      view.isHorizontal ? $0.minX - view.scrollOffset.x : $0.minY - view.contentOffset
    }
  }

  /// Selects store item `item` with its top (left) at screen row (column) `row`
  /// where the scroll allows; returns whether the item is shown at all.
  @discardableResult
  func select(_ item: Int?, atRow row: Int?) -> Bool {
    guard let item, let indexPath = dataSource.indexPath(ofItem: item) else { return false }
    if let row, let frame = view.frameForItem(at: indexPath) {
      view.setScrollOffset(view.isHorizontal ? Point(x: frame.minX - row, y: 0) : Point(x: 0, y: frame.minY - row))
    }
    view.selectItem(at: indexPath)
    return true
  }

  /// Selects store item `item` and scrolls to it (the `render --select` option).
  public func select(item: Int) {
    if let indexPath = dataSource.indexPath(ofItem: item) { view.selectItem(at: indexPath) }
  }

  /// Scrolls the cards to `rows` (columns, when they flow sideways: the `render
  /// --scroll` option).
  public func scroll(to rows: Int) {
    view.setScrollOffset(view.isHorizontal ? Point(x: rows, y: 0) : Point(x: 0, y: rows))
  }

  /// Opens the details of the selected item (its picture full size when
  /// `keepingPictureFull`, as it was for the item before).
  public func openDetails(keepingPictureFull: Bool = false) {
    guard let item = selectedItem else { return }
    // Bytes that changed since they were read are not shown as the item: they
    // may be another item, or half of one.
    if store.changedSinceRead(item) {
      details = DetailsView(item: item, value: .object([]), notice: DetailsView.changedNotice)
    } else {
      details = DetailsView(item: item, value: store.value(at: item))
    }
    details?.showPicture(of: store.content(at: item), in: store.pictureFolder(at: item), from: pictures)
    details?.pictureFull = keepingPictureFull && details?.hasPicture == true
    mode = .details
  }

  var detailsRect: Rect { Self.viewFrame(for: size) }
}
