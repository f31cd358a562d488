import WaterfallLayout
import WaterfallView

/// Changes the cards slide through: a card shrinking away (`x`) or growing back
/// (`u`) while the others move, switching layouts, the carousel sliding a card
/// to the middle and the circle turning; and the animation's frames
/// (``LayoutAnimator``) that the run loop advances.
extension LayoutCoordinator {
  /// Starts the selected card (store item `item`) shrinking away while the
  /// cards after it slide to their new places; when it has, ``hideAnimated``
  /// is called with `item` and `next`. Returns false, animating nothing, when
  /// the hide is not animated (the caller hides at once): animation off, a
  /// group left empty (its section goes), at scale (the layout after the hide
  /// is made on the worker), or while the worker groups the items anew.
  func animateHide(of item: Int, selecting next: Int?) -> Bool {
    guard options.animates, !laysOutInBackground, phase.regrouping == nil, let indexPath = view.selectedIndexPath,
      let gone = view.frameForItem(at: indexPath), dataSource.sections.count(inSection: indexPath.section) > 1
    else { return false }
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
    return true
  }

  /// The store item shown next to the selected card in the cards' order, a
  /// `step` of 1 after it or -1 before it, across groups; nil past the ends.
  func shownItem(besideSelection step: Int) -> Int? {
    guard let indexPath = view.selectedIndexPath else { return nil }
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

  /// Shows `input` anew with store item `item` back (`u`), selected: it grows
  /// from a point at its place while the cards after it slide aside.
  func reshowGrowing(_ input: GroupingInput, back item: Int) {
    let old = view.layout
    let oldOffset = view.scrollOffset
    reshow(input, selecting: item)
    // With the sections grouped on the worker, the card comes back when they do.
    guard options.animates, phase.regrouping == nil, let restored = view.selectedIndexPath,
      let frame = view.frameForItem(at: restored)
    else { return }
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
    hideAnimated(hide.item, hide.next)
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
  func advanceAnimation(to now: UInt64) -> Bool {
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
  func finishAnimation() {
    guard let frame = animator.finish() else { return }
    showLastFrame(frame)
  }

  /// Shows an animation's last frame: the transition, and the layout it came
  /// from, are freed on a worker.
  private func showLastFrame(_ frame: LayoutAnimator.Frame) {
    retiringLayout { view.setLayout(frame.layout, scrollOffset: frame.offset) }
    completeHide()
  }

  // MARK: Moving

  /// Moves the selection one card; the carousel slides the card to the middle and
  /// the circle turns, animated. Returns whether the selection moved.
  @discardableResult
  func move(_ direction: NavigationDirection) -> Bool {
    let before = view.scrollOffset
    let circle = view.layout as? CircleLayout
    let turnedFrom = circle?.snapshot()
    let moved = view.moveSelection(direction)
    guard options.animates, moved else { return moved }
    if let circle, let turnedFrom {
      let transition = TransitionLayout(from: turnedFrom, to: circle, fromOrigin: .zero, toOrigin: .zero)
      animator.begin(transition, target: circle)
      view.setLayout(transition, scrollOffset: .zero)
    } else if options.layout == .line, view.scrollOffset != before {
      animator.beginScroll(of: view.layout, from: before, to: view.scrollOffset)
      view.setScrollOffset(before)
    }
    return moved
  }

  /// Scrolls the cards by `steps` rows (columns, when they flow sideways)
  /// without moving the selection, at time `now`; the carousel then comes to
  /// rest on a card.
  func scrollAlong(by steps: Int, now: UInt64) {
    view.scroll(alongBy: steps)
    if options.layout == .line { snapDeadline = now + Self.restMilliseconds }
  }

  /// How long after the last scroll the carousel comes to rest.
  static let restMilliseconds: UInt64 = 150

  /// Brings a scrolled carousel to rest with the card nearest the middle in the
  /// middle, selected (animated). Nothing for other layouts.
  func comeToRest() {
    snapDeadline = nil
    guard let line = view.layout as? LineLayout else { return }
    let from = view.scrollOffset
    let target = view.restingOffset(forProposed: from)
    if let item = line.item(restingAt: target) { view.selectItem(at: item, scroll: false) }
    guard target != from else { return }
    if options.animates {
      animator.beginScroll(of: line, from: from, to: target)
    } else {
      view.setScrollOffset(target)
    }
  }
}
