import WaterfallLayout
import WaterfallView

/// What the cards show: the items given anew (a search, a sort, a hide, a
/// reload), or appended through the layout's append path (a page, a search's
/// later matches); items for earlier sections lay the cards out again when
/// the ``RelayoutThrottle`` allows.
extension LayoutCoordinator {
  /// Shows `input`'s items anew, keeping `item` (or the selection) selected at
  /// the same screen row where it still shows; the first card otherwise.
  func reshow(_ input: GroupingInput, selecting item: Int? = nil) {
    finishAnimation()
    let keep = item ?? selectedItem
    let row = selectedRow
    show(input, around: keep)
    if phase.isGrouping {
      // The old sections show until the new ones come: the item is selected in
      // them if it is there, and kept selected then unless another is selected meanwhile.
      select(keep, atRow: row)
      phase.updateSelection(selectedAtRequest: .some(selectedItem))
      return
    }
    if !select(keep, atRow: row) { view.selectFirstItem() }
  }

  /// Gives the cards `input`'s items anew and lays them out; at scale, those
  /// around store item `around` first, and all of them on the worker. Many
  /// items in groups are grouped on the worker too, unless `here`: the cards
  /// show the old sections until the new ones and their layout come
  /// (``regroupInBackground(_:keep:)``).
  func show(_ input: GroupingInput, around: Int? = nil, here: Bool = false) {
    throttle.isPending = false
    // A layout the worker is making is for the items shown until now.
    worker.cancel()
    phase.finish()
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

  /// Shows `items` after those shown: through the layout's append path when
  /// they all go to the end of the last section.
  func appendShown(_ items: [Int]) {
    guard !items.isEmpty else { return }
    // While a grouping runs: after the sections the worker is making.
    if phase.addToBacklog(items) { return }
    finishAnimation()
    let wasEmpty = dataSource.shownCount == 0
    // Many at once: grouped with those shown, on the worker.
    if items.count >= configuration.backgroundLayoutThreshold,
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
    if followsEnd { view.selectLastItem() }
  }

  /// Lays every card out again when items for earlier sections wait, if allowed.
  func relayoutIfPending(allowed: Bool) {
    // Sections being grouped take in every item shown so far.
    if phase.regrouping != nil { return }
    if throttle.isPending, allowed {
      throttle.isPending = false
      if laysOutInBackground, dataSource.sections.sectionCount > Self.interimSectionLimit || dataSource.interimHeights != nil {
        // The cards keep their layout (sections only grow at their ends) until the worker's is ready.
        if phase.task == nil { startLayoutJob() } else { throttle.isPending = true }
        return
      }
      cancelLayoutJob()
      let keep = selectedItem
      let row = selectedRow
      view.reloadData(with: makeLayout())
      if followsEnd { view.selectLastItem() } else { select(keep, atRow: row) }
    }
  }

  /// Takes `newStore` in place of the store (a reload) and shows `input`'s
  /// items of it with `target` selected at screen row `row`, where it shows:
  /// at scale, grouped items show ungrouped around it while the worker groups
  /// them (the old sections index the old store).
  func replaceStore(_ newStore: ItemStore, showing input: GroupingInput, target: Int?, row: Int?) {
    finishAnimation()
    // A grouping the worker is doing is of the old store's items.
    worker.cancel()
    phase.finish()
    dataSource.interimHeights = nil
    store = newStore
    dataSource.store = newStore
    if regroupsInBackground, input.count >= configuration.backgroundLayoutThreshold {
      showUngrouped(input.items(), around: target)
      _ = regroupInBackground(input, keep: target)
    } else {
      show(input, around: target, here: true)
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

  /// Notes, after the selection was set following a reload, that it is the
  /// one a grouping on its way keeps.
  func noteSelectionForGrouping() {
    phase.updateSelection(selectedAtRequest: .some(selectedItem))
  }

  /// Notes that the grouping on its way selects its first item (a search's first matches).
  func selectFirstWhenGrouped() {
    phase.updateSelection(selectsFirst: true)
  }
}
