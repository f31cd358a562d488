import WaterfallLayout
import WaterfallView

/// What the browser does with what the loader found (``LoadUpdate``): new items
/// appended through the layout's append path, a reloaded store, the throttled
/// relayout of earlier sections.
extension Browser {
  /// Takes in what the loader found: new items, a reloaded store, where loading
  /// stands, a notice. Items for earlier sections wait for the ``throttle``.
  public func apply(_ update: LoadUpdate, now: UInt64 = 0) {
    if let notice = update.notice { self.notice = notice }
    if let skipped = update.skippedCount { skippedCount = skipped }
    if update.replacement != nil || update.notice != nil { pull.reloadFinished(now: now) }
    // Pictures' sizes change cards' heights: every card is laid out again (at
    // most as often as the throttle allows), the selected one kept at its row.
    if update.resized { throttle.isPending = true }
    if let replacement = update.replacement {
      replaceStore(replacement)
    } else if update.appended || throttle.isPending {
      storeDidAppend(relayoutAllowed: throttle.allows(now: now, loaderIdle: update.loaderIdle))
    }
    if let state = update.loading { loading = state }
  }

  /// Shows the items the store gained since the last call (appended at its end).
  /// Cards already laid out keep their places: new items at the end of the last
  /// section go through the layout's append path; only new sections, or items for
  /// an earlier section, lay the cards out again, which costs time in proportion
  /// to all the items. With `relayoutAllowed` false (a stream still pouring in),
  /// that is put off until a later call allows it; meanwhile the view shows the
  /// sections as they were, since sections only ever grow at their ends.
  public func storeDidAppend(relayoutAllowed: Bool = true) {
    let start = lastSeenCount
    lastSeenCount = store.count
    if start < store.count {
      if search != nil {
        // The search looks at new items in a pass of their own, once its pass is done.
        continueSearchIfIdle()
      } else {
        appendShown(shown.items(of: store, in: start..<store.count))
      }
    }
    relayoutIfPending(allowed: relayoutAllowed)
  }

  /// Shows `items` after those shown: through the layout's append path when
  /// they all go to the end of the last section.
  func appendShown(_ items: [Int]) {
    guard !items.isEmpty else { return }
    if pendingGrouping != nil {
      // After the sections the worker is making.
      pendingGrouping?.backlog += items
      return
    }
    finishAnimation()
    let wasEmpty = dataSource.shownCount == 0
    // Many at once: grouped with those shown, on the worker.
    if items.count >= backgroundLayoutThreshold,
      regroupInBackground(GroupingInput(shown: dataSource.sections, list: items), keep: selectedItem)
    {
      return
    }
    let added = dataSource.add(items)
    updateFooter()
    if wasEmpty {
      if laysOutInBackground, dataSource.sections.sectionCount > Self.interimSectionLimit {
        // The first groups now, every group on the worker.
        showFirstSections()
        startLayoutJob()
      } else {
        view.reloadData(with: makeLayout())
      }
      view.selectFirstItem()
      return
    }
    if added.restructured {
      throttle.isPending = true
    } else if added.appendedToLast > 0, !throttle.isPending {
      view.appendItems(count: added.appendedToLast, toSection: dataSource.sections.sectionCount - 1)
    }
    if goingToEnd { view.selectLastItem() }
  }

  /// Lays every card out again when items for earlier sections wait, if allowed.
  func relayoutIfPending(allowed: Bool) {
    // Sections being grouped take in every item shown so far.
    if pendingGrouping != nil { return }
    if throttle.isPending, allowed {
      throttle.isPending = false
      if laysOutInBackground, dataSource.sections.sectionCount > Self.interimSectionLimit || dataSource.interimHeights != nil {
        // The cards keep their layout (sections only grow at their ends) until the worker's is ready.
        if pendingLayout == nil { startLayoutJob() } else { throttle.isPending = true }
        return
      }
      cancelLayoutJob()
      let keep = selectedItem
      let row = selectedRow
      view.reloadData(with: makeLayout())
      if goingToEnd { view.selectLastItem() } else { select(keep, atRow: row) }
    }
  }

  /// Shows `items` in one section, not grouped, with store item `around` laid
  /// out here (at scale, the cards near it only): what a reload of many grouped
  /// items shows while the worker groups them and lays them out.
  func showUngrouped(_ items: [Int], around: Int?) {
    dataSource.install(SectionedItems(ungrouped: items))
    updateFooter()
    // The old groups' layout (a million of them) is freed on a worker.
    retiringLayout {
      guard laysOutInBackground else {
        view.reloadData(with: makeLayout())
        return
      }
      let position = around.flatMap { dataSource.indexPath(ofItem: $0)?.item } ?? 0
      view.reloadData(with: windowLayout(around: position, frame: view.frame))
    }
  }

  /// Takes `newStore` in place of the store (a reload), keeping the selected item,
  /// found by its id field or else by its position, on the same screen row.
  public func replaceStore(_ newStore: ItemStore) {
    finishAnimation()
    // A grouping the worker is doing is of the old store's items.
    pendingGrouping = nil
    cancelLayoutJob()
    let oldItem = selectedItem
    let oldID = oldItem.flatMap { store.id(at: $0) }
    let oldPosition = view.selectedIndexPath.map(dataSource.position(of:))
    let row = selectedRow
    store = newStore
    dataSource.store = newStore
    lastSeenCount = newStore.count
    shown.showHidden()
    restartSearchForNewStore()
    let order = pendingSort ?? sortOrder
    sortedItems = nil
    sortOrder = nil
    // The item with the old id, looked for from where it was: most stay put.
    var target = oldID.flatMap { id in newStore.item(withID: id, near: oldItem ?? 0) }
    let atScale = layoutWorker.runsInBackground && newStore.count >= backgroundLayoutThreshold
    if target == nil, atScale, let oldItem, newStore.count > 0 {
      // The cards show at once around the item: with no id to find, the one at
      // the same index (the order shown is the store's, sorts and hides undone).
      target = min(oldItem, newStore.count - 1)
    }
    let input = shownInput
    if regroupsInBackground, input.count >= backgroundLayoutThreshold {
      // The old sections index the old store: the new items show ungrouped
      // meanwhile, and are grouped on the worker.
      showUngrouped(input.items(), around: target)
      _ = regroupInBackground(input, keep: target)
    } else {
      showAgain(around: target, here: true)
    }
    continueSearchIfIdle()
    if target == nil, let oldPosition, dataSource.shownCount > 0 {
      target = dataSource.sections.item(atPosition: oldPosition)
    }
    if !select(target, atRow: row) { view.selectFirstItem() }
    pendingGrouping?.selectedAtRequest = selectedItem
    // Open details showed an item of the old store: show the same item anew, or
    // close them when it is gone.
    if mode == .details, let open = details {
      // The same item: the one with the old id, or (items without ids) the one
      // at the old position; a stand-in selected by position is not it.
      let same = oldID.map { id in selectedItem.flatMap { newStore.id(at: $0) } == id } ?? (target != nil && selectedItem == target)
      if same {
        openDetails(keepingPictureFull: open.pictureFull)
      } else {
        details = nil
        mode = .browsing
      }
    }
    if let order { requestSort(order) }
    prefetchHeights()
  }
}
