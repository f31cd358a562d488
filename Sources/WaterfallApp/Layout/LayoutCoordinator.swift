import WaterfallLayout
import WaterfallView
import WaterfallWorkers

/// The cards on the screen and how they are laid out: the collection view and
/// its data source, the ``LayoutPolicy``, the layout worker and where its job
/// stands (``LayoutPhase``), the animations between layouts, and the heights
/// measured ahead.
///
/// The browser tells it what to show (``show(_:around:here:)``,
/// ``appendShown(_:)``) and what changed (a resize, a column count, a layout
/// kind); it decides whether the cards are laid out here or on the worker, what
/// stands in meanwhile, and keeps the selected card at its row throughout. It
/// knows nothing of searches, sorts or loading: those reach it as the items to
/// show.
///
/// ```swift
/// let cards = LayoutCoordinator(store: store, options: options, size: size, configuration: .init())
/// cards.show(GroupingInput(range: 0..<store.count))
/// cards.setColumns(4)   // laid out again, here or on the worker
/// ```
final class LayoutCoordinator {
  /// The store whose items the cards show.
  var store: ItemStore
  let dataSource: CardDataSource
  let view: CollectionView
  var policy: LayoutPolicy
  let configuration: Browser.Configuration
  /// Where the worker's job stands: changed only through ``LayoutPhase``'s transitions.
  var phase = LayoutPhase.idle
  /// Where every card is laid out again at scale.
  let worker: Worker<LayoutJob.Result>
  /// Where cards are measured ahead (``prefetchHeights()``).
  let heightsWorker: Worker<HeightsJob.Result>
  /// The widths last asked to be measured ahead (the benchmark waits for them).
  var prefetchWidths: [Int] = []
  var animator = LayoutAnimator()
  /// When items for earlier sections may lay the cards out again.
  var throttle = RelayoutThrottle()
  /// A hide being animated: the item, and the one to select once it is gone.
  var pendingHide: (item: Int, next: Int?)?
  /// Called when a hide's animation has ended: the owner hides the item and
  /// shows the items anew, selecting the second.
  var hideAnimated: (Int, Int?) -> Void = { _, _ in }
  /// Whether the selection follows the last card as pages come (`G`).
  var followsEnd = false
  /// Where loading stands, for the footer under the last card.
  var loading = LoadState.done {
    didSet { updateFooter() }
  }
  /// Where the rows shown are among a paged source's, when not from its first
  /// (``RowWindow/text``): the footer says it at their end.
  var windowText: String? {
    didSet { if windowText != oldValue { updateFooter() } }
  }
  /// Rows of the pull-to-refresh header above the cards while it shows.
  var headerRows = 0
  /// When a carousel scrolled by a row key or the wheel comes to rest on a card.
  var snapDeadline: UInt64?

  init(store: ItemStore, options: Browser.Options, size: Size, configuration: Browser.Configuration) {
    self.store = store
    self.configuration = configuration
    let policy = LayoutPolicy(options: options, size: size)
    self.policy = policy
    worker = Worker(name: "layout", mode: configuration.workers, priority: .normal)
    heightsWorker = Worker(name: "heights", mode: configuration.workers, priority: .lowered)
    dataSource = CardDataSource(store: store, theme: options.theme)
    dataSource.groups = options.groups
    dataSource.cardWidths = max(8, options.narrowestCard / 2)...max(8, options.narrowestCard * 2)
    dataSource.show(0..<store.count)
    view = CollectionView(frame: policy.screenFrame, layout: WaterfallLayout())
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
  }

  var options: Browser.Options { policy.options }
  /// Whether jobs go to workers (on threads, or stepped by tests) rather than
  /// being done here at once (`render`).
  var hasWorkers: Bool { !configuration.workers.isSynchronous }
  var size: Size { policy.size }
  var columns: Int { policy.columns }

  /// The screen but the status bar, `--header`'s rows and the preview panel:
  /// the cards', the details'.
  var screenFrame: Rect { policy.screenFrame }

  /// The preview panel's rect, while it shows (``LayoutPolicy/previewFrame``).
  var previewFrame: Rect? { policy.previewFrame }

  /// Where the cards go: under `--header` and the pull-to-refresh header, if they show.
  var cardsFrame: Rect {
    let whole = screenFrame
    let rows = min(headerRows, max(0, whole.height - 1))
    return Rect(x: whole.minX, y: whole.minY + rows, width: whole.width, height: whole.height - rows)
  }

  /// Gives the cards room for the header rows as they grow and shrink.
  func updateCardsFrame() {
    // A layout for the new frame on its way brings the frame with it.
    if view.frame != cardsFrame, phase.task?.frame != cardsFrame { view.frame = cardsFrame }
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

  // MARK: The selection

  /// The store index of the selected item.
  var selectedItem: Int? { view.selectedIndexPath.flatMap(dataSource.item(at:)) }

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

  /// The 1-based place of the selection among the items shown, and their count.
  var positionText: String {
    let index = view.selectedIndexPath.map { dataSource.position(of: $0) + 1 } ?? 0
    return "\(index)/\(dataSource.shownCount)"
  }

  /// Whether the selection or the scroll is within one screen of the end of the
  /// cards (the right end, when they flow sideways), or `G` is going to the end:
  /// the moment to load the next page.
  /// Whether cards shown wait to be laid out (a worker's layout, the throttle,
  /// items the view has not taken in): the view's end is not yet the cards' end.
  var hasCardsAwaitingLayout: Bool {
    phase.isLayingOut || throttle.isPending || dataSource.shownCount > view.numberOfItems
  }

  var isNearEnd: Bool {
    if followsEnd { return true }
    // Cards not yet laid out (a worker's layout, the throttle, items the view has not
    // taken in) lengthen the cards: the end is measured once they are in, or a slow
    // layout would have the next page fetched for a user still a screen away.
    if hasCardsAwaitingLayout { return false }
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

  // MARK: Layouts

  func makeLayout() -> any CollectionLayout {
    updateTableWidths()
    return policy.makeLayout(
      sectionCount: dataSource.sections.sectionCount, hasFooter: dataSource.footer != nil,
      sectionKeys: options.parameters.groupColumns.isEmpty ? [] : dataSource.sectionKeys)
  }

  /// The footer under the last card: "Loading more…", or "End · 12 of 249 items".
  func updateFooter() {
    switch loading {
    case .loading: dataSource.footer = "Loading more…"
    case .stopped: dataSource.footer = "Stopped · \(dataSource.shownCount.grouped) items · r reads again"
    case .done:
      let count = dataSource.shownCount
      // "1 item", "2 items", "1 of 249 items": the noun goes with the last number.
      let noun = store.count == 1 ? "item" : "items"
      if let windowText, count == store.count {
        dataSource.footer = "End · \(windowText)"
        return
      }
      dataSource.footer = count == store.count ? "End · \(count) \(noun)" : "End · \(count) of \(store.count) \(noun)"
    }
  }

  /// The layout's name for the status bar: columns (rows, when sideways) of the
  /// waterfall, and how much of the circle shows.
  var layoutLabel: String {
    let sideways = policy.isHorizontal && options.layout != .line ? " ↔" : ""
    switch options.layout {
    case .waterfall:
      return policy.isHorizontal ? "\(Self.count(columns, "row")) · waterfall ↔" : "\(Self.count(columns, "column")) · waterfall"
    case .circle:
      guard let circle = view.layout as? CircleLayout, circle.capacity < dataSource.shownCount else { return "circle" }
      return "circle · \(circle.capacity) of \(dataSource.shownCount) round"
    case .table: return dataSource.table?.label ?? "table"
    default: return options.layout.label + sideways
    }
  }

  /// `1 column`, `3 columns`: a count and its noun, singular or plural.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// Adapts to a new screen size: the cards reflow and the selected one stays on
  /// screen.
  func resize(to newSize: Size) {
    guard newSize != size else { return }
    reflow { $0.size = newSize }
  }

  /// Gives the preview panel its place (`window`), or the cards the whole
  /// screen again (nil): the cards reflow as for a resize.
  func setPreview(_ window: PreviewWindow?) {
    guard window != policy.preview else { return }
    reflow { $0.preview = window }
  }

  /// Changes the room the cards have (`change`), then lays them out again when
  /// that changes their layout, here or on the worker; the selected card stays
  /// on screen.
  private func reflow(_ change: (inout LayoutPolicy) -> Void) {
    finishAnimation()
    let oldColumns = columns
    let oldWidth = view.frame.width
    let oldHeight = view.frame.height
    change(&policy)
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
    prefetchHeights()
  }

  /// Sets a fixed column count (`+`, `-`), within ``LayoutPolicy/columnRange``.
  func setColumns(_ count: Int) {
    let clamped = min(max(count, LayoutPolicy.columnRange.lowerBound), LayoutPolicy.columnRange.upperBound)
    guard clamped != columns || options.columns == nil else { return }
    policy.options.columns = clamped
    finishAnimation()
    relayoutCards()
    prefetchHeights()
  }

  /// Whether the worker is laying the cards out.
  var isLayingOut: Bool { phase.isLayingOut }

  /// Whether the worker is grouping items the cards do not show yet.
  var isGrouping: Bool { phase.isGrouping }

  /// The status bar's word on the worker: "grouping 45%", "laying out 45%".
  var progress: String? {
    guard phase.isLayingOut else { return nil }
    let grouped = worker.detail
    if phase.isGrouping, grouped >= 0, grouped < 100 { return "grouping \(grouped)%" }
    return "laying out \(worker.progress)%"
  }
}
