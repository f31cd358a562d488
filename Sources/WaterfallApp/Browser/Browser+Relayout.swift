import WaterfallLayout
import WaterfallView

/// Laying every card out again at scale without freezing a key: a new column
/// width (`+`, `-`, `z`, a resize), `L` to a layout that places every card in
/// turn (the waterfall, the grids, the list) and groups that gained items
/// (`--group-by`) go to a ``LayoutWorker``.
///
/// At a new width the screen changes at once: the cards around the selection
/// are measured exactly, the others' heights guessed from a width they are
/// known at, and that layout is shown while the worker measures every card and
/// lays them all out; its layout then takes over, the selected card kept at
/// its row. Groups that gained items keep their layout until the worker's is
/// ready. The status bar says `laying out 45%` meanwhile.
extension Browser {
  /// What a layout is laid out for: the job's result is installed only if the
  /// browser still wants the same.
  struct LayoutShape: Equatable {
    var kind: LayoutKind
    var columns: Int
    var largeCards: Bool
    var screen: Size
    var store: ObjectIdentifier
    var revision: Int
  }

  var layoutShape: LayoutShape {
    LayoutShape(
      kind: options.layout, columns: columns, largeCards: options.largeCards, screen: size,
      store: ObjectIdentifier(store), revision: dataSource.revision)
  }

  /// Whether laying every card out goes to the worker: many cards in a
  /// layout that places them one by one (the waterfall, the grids, the list,
  /// either way; the others place a card by its index at no cost), with a
  /// worker to run on.
  var laysOutInBackground: Bool {
    layoutWorker.runsInBackground && !options.layout.placesByIndex
      && (dataSource.shownCount >= backgroundLayoutThreshold || pendingGrouping != nil)
  }

  /// Lays every card out again for the layout policy (after a change of
  /// columns, card size or screen size, with the view to go to `frame`, by
  /// default where the cards belong: a layout on its way may not have brought
  /// the view there yet), the selected card kept at its row: here when the
  /// cards are few, else through the worker (see above).
  func relayoutCards(frame: Rect? = nil) {
    let frame = frame ?? cardsFrame
    guard laysOutInBackground else {
      if isGrouping {
        // The items being grouped go on being grouped, the old sections in
        // this layout meanwhile. A job that would then lay out every card in
        // turn (the waterfall, the grids, the list) starts again for this
        // layout; one for a layout that places by index goes on, and its
        // sections are taken as they are (``finishRegroupingHere()``).
        if pendingLayout?.shape.kind.placesByIndex != true { startLayoutJob(frame: frame) }
      } else {
        cancelLayoutJob()
      }
      if frame != view.frame { view.setFrame(frame, layout: makeLayout()) } else { view.setLayout(makeLayout()) }
      return
    }
    let sections = dataSource.sections.sectionCount
    if isGrouping {
      // The old sections keep their layout until the new ones come with theirs.
    } else if sections == 1 {
      // The cards around the selection, here; all of them on the worker.
      let position = view.selectedIndexPath.map(dataSource.position(of:)) ?? 0
      let window = windowLayout(around: position, frame: frame)
      if frame != view.frame { view.setFrame(frame, layout: window) } else { view.setLayout(window) }
    } else if sections <= Self.interimSectionLimit, !(options.layout.measuresCards && policy.isHorizontal) {
      // (Sideways, a card's width is a search over its heights: never here.)
      let width = itemWidth(for: policy, viewSize: frame.size)
      if options.layout.measuresCards, store.knownHeightCount(width: width) < store.count {
        // The cards that will show, exact; the rest guessed.
        dataSource.interimHeights = (width, store.layoutHeights(width: width, exact: itemsNearSelection))
      }
      if frame != view.frame { view.setFrame(frame, layout: makeLayout()) } else { view.setLayout(makeLayout()) }
    }
    // Many groups keep their layout, in the view's old frame, until the worker's is ready.
    startLayoutJob(frame: frame)
  }

  /// A stand-in for the layout of one section of many cards: those within a
  /// few screens of shown position `position`, laid out here (their heights
  /// measured and kept), where the whole layout will put them in a view at
  /// `frame`: exactly, for cards of one size (``UniformRows``); about, for the
  /// waterfall.
  func windowLayout(around position: Int, frame: Rect) -> WindowLayout {
    let count = dataSource.sections.sectionCount > 0 ? dataSource.sections.count(inSection: 0) : 0
    let reach = nearReach
    let items = max(0, min(position, count) - reach)..<min(count, position + reach)
    // Text keeps its area: rows per item go as the width the columns share
    // (sideways, columns per item as the height the rows share).
    // (Every item the old layout placed: after a reload of groups, the old
    // sections were many.)
    let oldCount = max(1, view.numberOfItems)
    let content = view.contentSize
    let rowsPerItem =
      policy.isHorizontal
      ? Double(content.width) / Double(oldCount) * Double(max(1, view.frame.height)) / Double(max(1, frame.height))
      : Double(content.height) / Double(oldCount) * Double(max(1, view.frame.width)) / Double(max(1, frame.width))
    return windowLayout(
      items: items, frame: frame, top: Int(rowsPerItem * Double(items.lowerBound)),
      contentHeight: Int(rowsPerItem * Double(count)))
  }

  /// The stand-in placing `items` of the one section, in a view at `frame`;
  /// for the waterfall, from row `top` of content `contentHeight` tall (guesses).
  func windowLayout(items: Range<Int>, frame: Rect, top: Int, contentHeight: Int) -> WindowLayout {
    let count = dataSource.sections.sectionCount > 0 ? dataSource.sections.count(inSection: 0) : 0
    let base = policy.makeLayout(sectionCount: 1, hasFooter: false)
    guard !options.layout.measuresCards else {
      // From the first card, the run is where the whole layout puts it; to the
      // last, the content ends where the cards do.
      return WindowLayout(
        base: base, section: 0, items: items, top: items.lowerBound == 0 ? 0 : top,
        contentHeight: items.upperBound >= count ? 0 : contentHeight)
    }
    let rows = UniformRows(
      whole: makeLayout(), run: policy.makeLayout(sectionCount: 1, hasFooter: false), size: frame.size, count: count)
    let first = rows.rowStart(items.lowerBound)
    return WindowLayout(
      base: base, section: 0, items: first..<items.upperBound, top: rows.top(ofRun: first),
      contentHeight: rows.contentHeight)
  }

  /// How many positions either side of the selection the cards measured at
  /// once reach: a card is at least 3 rows tall, so three screens of the
  /// smallest cards, more of most.
  var nearReach: Int { max(100, columns * max(1, size.height)) }

  /// Sections beyond this many keep their layout until the worker's is ready:
  /// laying them out here, even with every height known, would take too long.
  static let interimSectionLimit = 64

  /// The store items within a few screens of the selected card, in the order
  /// shown: those the first screen after a relayout may show.
  var itemsNearSelection: [Int] {
    let position = view.selectedIndexPath.map(dataSource.position(of:)) ?? 0
    let reach = nearReach
    var items: [Int] = []
    var skipped = 0
    let sections = dataSource.sections
    for section in 0..<sections.sectionCount {
      let count = sections.count(inSection: section)
      let lower = max(0, position - reach - skipped)
      let upper = min(count, position + reach - skipped)
      if lower < upper { items += sections.items(inSection: section, lower..<upper) }
      skipped += count
      if skipped > position + reach { break }
    }
    return items
  }

  /// Lays out the first ``interimSectionLimit`` sections only, here: what the
  /// first screen of many groups shows while the worker lays out all of them.
  func showFirstSections() {
    let first = dataSource.sections.prefix(sections: Self.interimSectionLimit)
    let width = itemWidth(for: policy)
    let job = LayoutJob(
      policy: policy, size: view.frame.size, sections: first, hasFooter: false, cards: store.cardSnapshot,
      known: store.knownHeights(width: width), width: width, cardWidths: dataSource.cardWidths)
    guard let result = job.run(threads: 1) else { return }
    store.installHeights(result.heights, width: width)
    view.reloadData(withPrepared: result.layout, counts: result.counts)
  }

  /// Hands the worker the cards to lay out for the current layout policy, in
  /// a view at `frame` (by default, where the view is).
  func startLayoutJob(frame: Rect? = nil) {
    let frame = frame ?? (pendingLayout?.frame ?? view.frame)
    let width = itemWidth(for: policy, viewSize: frame.size)
    var job = LayoutJob(
      policy: policy, size: frame.size, sections: dataSource.sections, hasFooter: dataSource.footer != nil,
      cards: store.cardSnapshot,
      known: options.layout.measuresCards && !policy.isHorizontal ? store.knownHeights(width: width) : nil,
      width: width, cardWidths: dataSource.cardWidths)
    if let regroup = pendingGrouping, !regroup.installed {
      // Grouped first; into empty cards, the first groups shown as soon as they are laid out.
      job.grouping = regroup.input
      // (A layout that places cards by index lays them all out at once.)
      job.interimSections = dataSource.shownCount == 0 && !options.layout.placesByIndex ? Self.interimSectionLimit : 0
    }
    pendingLayout = (layoutWorker.start(job), layoutShape, frame)
  }

  /// Stops the worker's layout, if one runs, and forgets guessed heights. A
  /// grouping it was doing is finished here.
  func cancelLayoutJob() {
    if pendingGrouping != nil {
      finishRegroupingHere()
      return
    }
    guard pendingLayout != nil || dataSource.interimHeights != nil else { return }
    layoutWorker.cancel()
    pendingLayout = nil
    dataSource.interimHeights = nil
  }

  /// Takes in the layout the worker finished, if it is still the one wanted:
  /// the selected card stays at its row. Returns whether the screen changed.
  @discardableResult
  public func takeLayoutResult() -> Bool {
    // Cards sliding stop where they were going first: the animation ends on
    // layouts made for the sections shown now, which would bury new ones. (To
    // wait for it instead would wait as long as keys come: each step slides.)
    if animator.isRunning, layoutWorker.hasResult { finishAnimation() }
    guard let (generation, result) = layoutWorker.take(), let pending = pendingLayout, pending.generation == generation
    else { return false }
    if result.isInterim { return takeFirstSections(result) }
    pendingLayout = nil
    guard pending.shape.store == ObjectIdentifier(store) else { return false }
    if !result.heights.isEmpty { store.installHeights(result.heights, width: result.width) }
    guard pending.shape == layoutShape, pending.frame == cardsFrame else {
      // Laid out for another frame: once more, for now, with the sections grouped already.
      if let sections = result.sections, pendingGrouping?.installed == false {
        pendingGrouping?.input = GroupingInput(shown: sections)
      }
      if laysOutInBackground {
        startLayoutJob(frame: cardsFrame)
      } else if pendingGrouping != nil {
        finishRegroupingHere()
      } else {
        dataSource.interimHeights = nil
      }
      return false
    }
    dataSource.interimHeights = nil
    var keep = selectedItem
    let row = selectedRow
    let regroup = pendingGrouping
    // Sections installed from this result count what it laid out.
    var countsAgree = false
    if let regroup {
      // The new sections and their layout, together.
      pendingGrouping = nil
      if !regroup.installed {
        keep = itemToKeep(after: regroup)
        if let sections = result.sections {
          dataSource.install(sections)
          countsAgree = true
        }
        updateFooter()
      }
    }
    retiringLayout { view.reloadData(withPrepared: result.layout, counts: result.counts, frame: pending.frame) }
    // Items that came since, at the end of the last section, go in at once;
    // others wait for the next relayout.
    let sections = dataSource.sections
    let count = sections.sectionCount
    if countsAgree {
      // Nothing came since: items taken in meanwhile wait in the backlog.
    } else if count == result.counts.count, count > 0,
      (0..<(count - 1)).allSatisfy({ sections.count(inSection: $0) == result.counts[$0] }),
      sections.count(inSection: count - 1) > result.counts[count - 1]
    {
      view.appendItems(count: sections.count(inSection: count - 1) - result.counts[count - 1], toSection: count - 1)
    } else if count != result.counts.count || (0..<count).contains(where: { sections.count(inSection: $0) != result.counts[$0] }) {
      throttle.isPending = true
    }
    if goingToEnd {
      view.selectLastItem()
    } else if regroup?.selectsFirst == true || !select(keep, atRow: row) {
      view.selectFirstItem()
    }
    if let regroup, !regroup.backlog.isEmpty {
      // Items taken in meanwhile (a search's later matches): shown now, laid out
      // again at once if they join earlier sections.
      appendShown(regroup.backlog)
      relayoutIfPending(allowed: true)
    }
    return true
  }

  /// Runs `body`, which gives the view another layout: the one it had is freed
  /// on a worker (``RetiredLayout``), if nothing else holds it.
  func retiringLayout(_ body: () -> Void) {
    let old = RetiredLayout(view.layout)
    body()
    old.release()
  }

  /// Whether the worker is laying the cards out.
  public var isLayingOut: Bool { pendingLayout != nil }

  /// The status bar's word on it: "laying out 45%".
  var layoutProgress: String? {
    guard pendingLayout != nil else { return nil }
    if isGrouping, let percent = layoutWorker.groupingPercent { return "grouping \(percent)%" }
    return "laying out \(layoutWorker.percent)%"
  }
}
