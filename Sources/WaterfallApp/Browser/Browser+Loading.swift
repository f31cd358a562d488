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
    if let found = update.groupsFound { groupsFound = found }
    if update.replacement != nil || update.notice != nil { pull.reloadFinished(now: now) }
    // Pictures' sizes change cards' heights: every card is laid out again (at
    // most as often as the throttle allows), the selected one kept at its row.
    if update.resized { cards.throttle.isPending = true }
    if let window = update.window {
      self.window = window
      cards.windowText = window.isMoved ? window.text : nil
    }
    if let replacement = update.replacement {
      let oldItem = selectedItem
      let oldRow = cards.selectedRow
      replaceStore(replacement)
      if let landing = update.landing {
        land(landing, from: oldItem, row: oldRow)
      } else if refinementAsked {
        // A search or an order the source did: its first item, as a search's first match.
        refinementAsked = false
        if cards.phase.regrouping != nil { cards.selectFirstWhenGrouped() } else { cards.view.selectFirstItem() }
      }
    } else if update.appended || cards.throttle.isPending {
      storeDidAppend(relayoutAllowed: cards.throttle.allows(now: now, loaderIdle: update.loaderIdle))
    }
    if let state = update.loading { loading = state }
    finishGoingToEndOnceLaidOut()
  }

  /// Selects where a window move says, in the store it handed over: `G`'s
  /// last row, the row above the old first at the top of the screen (the
  /// rows below as they were), `g`'s first; after a trim, the same row at the
  /// same screen row.
  private func land(_ landing: WindowLanding, from oldItem: Int?, row: Int?) {
    let view = cards.view
    // Rows far from the first may be wider (ids of seven digits, not one).
    cards.remeasureTableColumns()
    switch landing {
    case .item(let item) where item >= store.count - 1:
      view.selectLastItem()
    case .item(let item) where item <= 0:
      view.selectFirstItem()
    case .item(let item):
      if !cards.select(item, atRow: 0) { view.selectFirstItem() }
    case .shifted(let dropped):
      let item = max(0, min((oldItem ?? 0) - dropped, store.count - 1))
      if !cards.select(item, atRow: row) { view.selectFirstItem() }
    }
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
    pipeline.storeGained(from: start)
    cards.relayoutIfPending(allowed: relayoutAllowed)
  }

  /// Takes `newStore` in place of the store (a reload), keeping the selected item,
  /// found by its id field or else by its position, on the same screen row.
  public func replaceStore(_ newStore: ItemStore) {
    cards.finishAnimation()
    let view = cards.view
    let oldItem = selectedItem
    let oldID = oldItem.flatMap { store.id(at: $0) }
    let oldPosition = view.selectedIndexPath.map(cards.dataSource.position(of:))
    let row = cards.selectedRow
    lastSeenCount = newStore.count
    let oldStore = store
    if !marks.isEmpty {
      // Marks are found again by their items' ids; without ids they cannot be.
      if oldStore.roles.id.isEmpty || (0..<min(oldStore.count, 1)).allSatisfy({ oldStore.id(at: $0) == nil }) {
        notice = "marks cleared: the items have no id field (--id-field)"
        marks.removeAll()
      } else {
        marks = marks.remapped { old in oldStore.id(at: old).flatMap { newStore.item(withID: $0, near: old) } }
      }
    }
    let order = pipeline.replaceStore(newStore)
    // The item with the old id, looked for from where it was: most stay put.
    var target = oldID.flatMap { id in newStore.item(withID: id, near: oldItem ?? 0) }
    let atScale = cards.hasWorkers && newStore.count >= configuration.backgroundLayoutThreshold
    if target == nil, atScale, let oldItem, newStore.count > 0 {
      // The cards show at once around the item: with no id to find, the one at
      // the same index (the order shown is the store's, sorts and hides undone).
      target = min(oldItem, newStore.count - 1)
    }
    cards.replaceStore(newStore, showing: pipeline.input, target: target, row: row)
    cards.dataSource.highlight = pipeline.highlight
    pipeline.continueSearchIfIdle()
    if target == nil, let oldPosition, cards.dataSource.shownCount > 0 {
      target = cards.dataSource.sections.item(atPosition: oldPosition)
    }
    if !cards.select(target, atRow: row) { view.selectFirstItem() }
    cards.noteSelectionForGrouping()
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
    if let order { pipeline.requestSort(order) }
    cards.prefetchHeights()
  }
}
