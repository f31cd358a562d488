import WaterfallLayout
import WaterfallView

/// Grouping many items into sections without the main thread walking them
/// (`--group-by`): a big page taken in, and every sort, hide, unhide or search
/// that shows the items anew, go to the layout worker, which groups them
/// (``GroupingInput``) and lays the new sections out in one job.
///
/// The cards keep showing the old sections, whose index paths stay valid, and
/// keys keep working in them, until the new sections and their layout come
/// together; the selection then stays on its item. The status bar says
/// `grouping 45%`, then `laying out 45%`. A newer request stops an older one.
/// Few items are grouped here, at once, as before.
extension LayoutCoordinator {
  /// Whether grouping may go to the worker at all: grouped cards, with a
  /// worker to run on. In every layout: one that places cards by their index
  /// (the carousel, the circle, the mosaic) costs the worker nothing more.
  var regroupsInBackground: Bool {
    dataSource.groups && hasWorkers
  }

  /// Groups `input` and lays the new sections out on the worker when the items
  /// are many (``Browser/Configuration/backgroundLayoutThreshold``) and the
  /// worker can; returns whether it went there. `keep` is the item to select
  /// when they show.
  func regroupInBackground(_ input: GroupingInput, keep: Int?) -> Bool {
    guard regroupsInBackground, input.count >= configuration.backgroundLayoutThreshold else { return false }
    let regroup = Regrouping(input: input, keep: keep, selectedAtRequest: selectedItem)
    // Every item shown so far is in the input: none waits for a relayout now.
    throttle.isPending = false
    startLayoutJob(grouping: regroup)
    return true
  }

  /// Shows the new sections of a grouping with their first sections laid out
  /// (the cards were empty): the whole layout follows.
  func takeFirstSections(_ result: LayoutJob.Result) -> Bool {
    guard phase.isGrouping, let sections = result.sections, let pending = phase.task,
      pending.shape.store == ObjectIdentifier(store), pending.frame == cardsFrame
    else { return false }
    dataSource.install(sections)
    // The whole layout on its way is for these sections.
    phase.showFirstSections(revision: dataSource.revision)
    updateFooter()
    retiringLayout { view.reloadData(withPrepared: result.layout, counts: result.counts) }
    view.selectFirstItem()
    return true
  }

  /// The item to select when the new sections of `regroup` show.
  func itemToKeep(after regroup: Regrouping) -> Int? {
    if regroup.selectsFirst { return nil }
    return selectedItem == regroup.selectedAtRequest ? regroup.keep : selectedItem
  }

  /// Finishes the grouping the worker was doing here, now: its sections come
  /// grouped already when the worker grouped them for another shape (a layout
  /// that places by index, resized meanwhile), or are shown already (the first
  /// sections, whose whole layout was on its way); else they are grouped here.
  func finishRegroupingHere() {
    guard phase.regrouping != nil else { return }
    worker.cancel()
    guard let (regroup, shown) = phase.finish() else { return }
    dataSource.interimHeights = nil
    let keep = shown ? selectedItem : itemToKeep(after: regroup)
    let row = selectedRow
    if !shown {
      // Sections the worker grouped already are taken as they are, not grouped again.
      if let grouped = regroup.input.grouped { dataSource.install(grouped) } else { dataSource.show(regroup.input.items()) }
    }
    updateFooter()
    view.reloadData(with: makeLayout())
    if !select(keep, atRow: row) { view.selectFirstItem() }
    appendShown(regroup.backlog)
    relayoutIfPending(allowed: true)
  }
}
