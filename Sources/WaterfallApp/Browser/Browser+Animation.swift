import WaterfallLayout
import WaterfallView

/// Changes the cards slide through: `x` and `u` (a card shrinking away or
/// growing back while the others move), switching layouts, and the animation's
/// frames (``LayoutAnimator``) that the run loop advances.
extension Browser {
  /// Hides the selected card (`x`): from the view, never from the data. The card
  /// shrinks away while the cards after it slide to their new places; those
  /// before it keep theirs.
  func hideSelected() {
    guard let item = selectedItem, let indexPath = view.selectedIndexPath else { return }
    // The card after it takes the selection; after the last, the one before.
    let next = shownItem(after: indexPath, step: 1) ?? shownItem(after: indexPath, step: -1)
    // A group left empty loses its section: no animation for that; nor at scale,
    // where the layout after the hide is made on the worker, nor while the
    // worker groups the items anew.
    if options.animates, !laysOutInBackground, pendingGrouping == nil, let gone = view.frameForItem(at: indexPath), dataSource.sections.count(inSection: indexPath.section) > 1 {
      let after = makeLayout()
      after.prepare(size: view.frame.size, source: RemovingItemSource(base: view, removed: indexPath))
      let remaining = view.numberOfItems(inSection: indexPath.section) - 1
      _ = after.selectionDidChange(to: IndexPath(item: min(indexPath.item, remaining - 1), section: indexPath.section))
      let gapped = GapLayout(base: after, gap: indexPath, point: Point(x: gone.midX, y: gone.midY))
      let transition = TransitionLayout(from: view.layout, to: gapped, fromOrigin: view.scrollOffset, toOrigin: view.scrollOffset)
      pendingHide = (item, next)
      // It ends on the layout it started from, the data unchanged: then the hide
      // itself lays the cards out as a hide without animation does.
      animator.begin(transition, target: view.layout)
      view.setLayout(transition, scrollOffset: view.scrollOffset)
      return
    }
    shown.hide(item)
    reshow(selecting: next)
  }

  /// The store item shown next to `indexPath` in the cards' order, a `step`
  /// of 1 after it or -1 before it, across groups; nil past the ends.
  private func shownItem(after indexPath: IndexPath, step: Int) -> Int? {
    var section = indexPath.section
    var item = indexPath.item + step
    let sections = dataSource.sections
    while section >= 0, section < sections.sectionCount {
      if item >= 0, item < sections.count(inSection: section) { return sections.item(item, inSection: section) }
      section += step
      item = step > 0 ? 0 : (section >= 0 && section < sections.sectionCount ? sections.count(inSection: section) - 1 : 0)
    }
    return nil
  }

  /// Brings the card hidden last back (`u`): it grows from a point at its place
  /// while the cards after it slide aside.
  func undoHide() {
    guard let item = shown.undoHide() else { return }
    let old = view.layout
    let oldOffset = view.scrollOffset
    reshow(selecting: item)
    // With the sections grouped on the worker, the card comes back when they do.
    guard options.animates, pendingGrouping == nil, let restored = view.selectedIndexPath, let frame = view.frameForItem(at: restored) else { return }
    let new = view.layout
    let offset = view.scrollOffset
    // The point in the old layout's content, which the transition moves by the change of offset.
    let point = Point(x: frame.midX - offset.x + oldOffset.x, y: frame.midY - offset.y + oldOffset.y)
    let transition = TransitionLayout(
      from: GapLayout(base: old, gap: restored, point: point), to: new, fromOrigin: oldOffset, toOrigin: offset)
    animator.begin(transition, target: new)
    view.setLayout(transition, scrollOffset: offset)
  }

  /// Carries out a hide whose animation has ended.
  private func completeHide() {
    guard !animator.isRunning, let hide = pendingHide else { return }
    pendingHide = nil
    shown.hide(hide.item)
    reshow(selecting: hide.next)
  }

  /// Switches to `kind` and card size `large`, keeping the selection selected and
  /// in view; the cards slide to their new places when animation is on.
  func switchLayout(to kind: LayoutKind, large: Bool) {
    finishAnimation()
    // The layout left (a list of a million groups takes most of a second to
    // free) is freed on a worker, once the animation from it, if any, ends.
    let old = RetiredLayout(view.layout)
    defer { old.release() }
    let oldOffset = view.scrollOffset
    let oldKind = options.layout
    policy.options.layout = kind
    policy.options.largeCards = large
    configureForKind()
    // Rows become cards, cards of their own size become the layout's size.
    if kind != oldKind { view.reconfigureCells() }
    relayoutCards()
    let new = view.layout
    prefetchHeights()
    guard options.animates else { return }
    guard let from = old.layout else { return }
    let transition = TransitionLayout(from: from, to: new, fromOrigin: oldOffset, toOrigin: view.scrollOffset)
    animator.begin(transition, target: new)
    view.setLayout(transition, scrollOffset: view.scrollOffset)
  }

  /// Moves an animated layout change on to time `now` (milliseconds); returns
  /// whether it is still going.
  @discardableResult
  public func advanceAnimation(to now: UInt64) -> Bool {
    guard options.animates else {
      finishAnimation()
      return false
    }
    guard let frame = animator.advance(to: now) else { return false }
    if animator.isRunning {
      view.setLayout(frame.layout, scrollOffset: frame.offset)
    } else {
      showLastFrame(frame)
    }
    return animator.isRunning
  }

  /// Ends an animated layout change at once, on its final layout.
  public func finishAnimation() {
    guard let frame = animator.finish() else { return }
    showLastFrame(frame)
  }

  /// Shows an animation's last frame: the transition, and the layout it came
  /// from, are freed on a worker.
  private func showLastFrame(_ frame: LayoutAnimator.Frame) {
    retiringLayout { view.setLayout(frame.layout, scrollOffset: frame.offset) }
    completeHide()
  }

  /// Turns animation off (a terminal too slow for it). A change being animated
  /// ends at the next ``advanceAnimation(to:)``, which the run loop calls before
  /// it draws again: ended here, after a frame was shown, its last frame would not
  /// be drawn until the next key, and the screen would stay part way.
  public func disableAnimation() {
    policy.options.animates = false
  }
}
