import WaterfallLayout
import WaterfallView
import WaterfallWorkers

/// Laying every card out again at scale without freezing a key: a new column
/// width (`+`, `-`, `z`, a resize), `L` to a layout that places every card in
/// turn (the waterfall, the grids, the list) and groups that gained items
/// (`--group-by`) go to the layout worker.
///
/// At a new width the screen changes at once: the cards around the selection
/// are measured exactly, the others' heights guessed from a width they are
/// known at, and that layout is shown while the worker measures every card and
/// lays them all out; its layout then takes over, the selected card kept at
/// its row. Groups that gained items keep their layout until the worker's is
/// ready. The status bar says `laying out 45%` meanwhile.
extension LayoutCoordinator {
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
    hasWorkers && !options.layout.placesByIndex
      && (dataSource.shownCount >= configuration.backgroundLayoutThreshold || phase.regrouping != nil)
  }

  /// Lays every card out again for the layout policy (after a change of
  /// columns, card size or screen size, with the view to go to `frame`, by
  /// default where the cards belong: a layout on its way may not have brought
  /// the view there yet), the selected card kept at its row: here when the
  /// cards are few, else through the worker (see above).
  func relayoutCards(frame: Rect? = nil) {
    let frame = frame ?? cardsFrame
    guard laysOutInBackground else {
      if phase.isGrouping {
        // The items being grouped go on being grouped, the old sections in
        // this layout meanwhile. A job that would then lay out every card in
        // turn (the waterfall, the grids, the list) starts again for this
        // layout; one for a layout that places by index goes on, and its
        // sections are taken as they are (``finishRegroupingHere()``).
        if phase.task?.shape.kind.placesByIndex != true { startLayoutJob(frame: frame) }
      } else {
        cancelLayoutJob()
      }
      if frame != view.frame { view.setFrame(frame, layout: makeLayout()) } else { view.setLayout(makeLayout()) }
      return
    }
    let sections = dataSource.sections.sectionCount
    if phase.isGrouping {
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
    guard let result = job.run() else { return }
    store.installHeights(result.heights, width: width)
    view.reloadData(withPrepared: result.layout, counts: result.counts)
  }

  /// Hands the worker the cards to lay out for the current layout policy, in
  /// a view at `frame` (by default, where the view is to be); with `grouping`,
  /// a new grouping of items first (else a grouping under way goes on).
  func startLayoutJob(frame: Rect? = nil, grouping: Regrouping? = nil) {
    let frame = frame ?? (phase.task?.frame ?? view.frame)
    let width = itemWidth(for: policy, viewSize: frame.size)
    var job = LayoutJob(
      policy: policy, size: frame.size, sections: dataSource.sections, hasFooter: dataSource.footer != nil,
      cards: store.cardSnapshot,
      known: options.layout.measuresCards && !policy.isHorizontal ? store.knownHeights(width: width) : nil,
      width: width, cardWidths: dataSource.cardWidths)
    let regroup = grouping ?? (phase.isGrouping ? phase.regrouping : nil)
    if let regroup {
      // Grouped first; into empty cards, the first groups shown as soon as they are laid out.
      job.grouping = regroup.input
      // (A layout that places cards by index lays them all out at once.)
      job.interimSections = dataSource.shownCount == 0 && !options.layout.placesByIndex ? Self.interimSectionLimit : 0
    }
    let generation = worker.start(job.run(on:))
    let task = LayoutTask(generation: generation, shape: layoutShape, frame: frame)
    if let grouping { phase.startGrouping(task, grouping) } else { phase.startLayout(task) }
  }

  /// Stops the worker's layout, if one runs, and forgets guessed heights. A
  /// grouping it was doing is finished here.
  func cancelLayoutJob() {
    if phase.regrouping != nil {
      finishRegroupingHere()
      return
    }
    guard phase.task != nil || dataSource.interimHeights != nil else { return }
    worker.cancel()
    phase.finish()
    dataSource.interimHeights = nil
  }

  /// Takes in the layouts the worker finished (a grouping's first sections,
  /// then the whole layout), at most `limit` of them, if still the ones
  /// wanted: the selected card stays at its row. Returns whether the screen changed.
  @discardableResult
  func takeLayoutResult(limit: Int = .max) -> Bool {
    // Cards sliding stop where they were going first: the animation ends on
    // layouts made for the sections shown now, which would bury new ones. (To
    // wait for it instead would wait as long as keys come: each step slides.)
    if animator.isRunning, worker.hasOutput { finishAnimation() }
    let results = worker.take(limit: limit)
    // A grouping's first sections that the whole layout already follows are not shown first.
    let whole = results.lastIndex { !$0.isInterim } ?? 0
    var changed = false
    for result in results[whole...] {
      changed = take(result) || changed
    }
    return changed
  }

  /// Takes in one result of the job under way (see ``takeLayoutResult()``).
  private func take(_ result: LayoutJob.Result) -> Bool {
    guard let pending = phase.task, pending.generation == worker.generation else { return false }
    if result.isInterim { return takeFirstSections(result) }
    guard pending.shape.store == ObjectIdentifier(store) else {
      phase.finish()
      return false
    }
    if !result.heights.isEmpty { store.installHeights(result.heights, width: result.width) }
    guard pending.shape == layoutShape, pending.frame == cardsFrame else {
      // Laid out for another frame: once more, for now, with the sections grouped already.
      if let sections = result.sections { phase.keepGrouped(sections) }
      if laysOutInBackground {
        startLayoutJob(frame: cardsFrame)
      } else if phase.regrouping != nil {
        finishRegroupingHere()
      } else {
        phase.finish()
        dataSource.interimHeights = nil
      }
      return false
    }
    dataSource.interimHeights = nil
    var keep = selectedItem
    let row = selectedRow
    let finished = phase.finish()
    // Sections installed from this result count what it laid out.
    var countsAgree = false
    if let (regroup, shown) = finished, !shown {
      // The new sections and their layout, together.
      keep = itemToKeep(after: regroup)
      if let sections = result.sections {
        dataSource.install(sections)
        countsAgree = true
      }
      updateFooter()
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
    if followsEnd {
      view.selectLastItem()
    } else if finished?.regroup.selectsFirst == true || !select(keep, atRow: row) {
      view.selectFirstItem()
    }
    if let backlog = finished?.regroup.backlog, !backlog.isEmpty {
      // Items taken in meanwhile (a search's later matches): shown now, laid out
      // again at once if they join earlier sections.
      appendShown(backlog)
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
}
