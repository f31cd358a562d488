import WaterfallLayout

extension CollectionView {
  /// Moves the selection one card in `direction`, as the layout's spatial
  /// navigation says (``CollectionLayout/neighbor(of:toward:)``), and scrolls just
  /// enough to show it. With nothing selected, selects the first item. Returns
  /// whether the selection moved.
  @discardableResult
  public func moveSelection(_ direction: NavigationDirection) -> Bool {
    prepareIfNeeded()
    guard let current = selectedIndexPath else {
      guard let first = firstIndexPath else { return false }
      selectItem(at: first)
      return true
    }
    guard let next = layout.neighbor(of: current, toward: direction) else {
      scrollToItem(at: current)
      return false
    }
    selectItem(at: next)
    return true
  }

  /// Scrolls by `pages` screens and selects the card of the same column at the
  /// same place on the screen (PgUp and PgDn). Once the content's end is reached,
  /// it selects the farthest card of the column on screen, or of any column when
  /// that column has none there.
  public func moveSelection(byPages pages: Int) {
    prepareIfNeeded()
    guard pages != 0 else { return }
    guard let current = selectedIndexPath.flatMap({ frameForItem(at: $0) }) else {
      scroll(byPages: pages)
      if let first = cellsOnScreen().first { selectItem(at: first.indexPath, scroll: false) }
      return
    }
    let before = contentOffset
    let delta = pages * max(1, frame.height)
    setContentOffset(contentOffset + delta)
    let reachedEnd = contentOffset - before != delta
    let targetY = reachedEnd ? (pages > 0 ? Int.max / 4 : Int.min / 4) : current.midY + delta
    let onScreen = layout.attributes(in: visibleRect).filter { $0.kind == .cell }
    let sameColumn = onScreen.filter { $0.frame.minX <= current.midX && current.midX < $0.frame.maxX }
    let pool = sameColumn.isEmpty ? cellsOnScreen() : sameColumn
    guard let best = pool.min(by: { distance($0.frame, to: targetY) < distance($1.frame, to: targetY) }) else { return }
    selectItem(at: best.indexPath, scroll: false)
    // A card taller than the view that is partly on screen stays as it is;
    // scrolling to its top would undo the page.
    let visible = visibleRect
    if !visible.contains(best.frame), best.frame.height <= frame.height || !best.frame.intersects(visible) {
      scrollToItem(at: best.indexPath)
    }
  }

  /// Selects the first item and scrolls to the top (Home).
  public func selectFirstItem() {
    prepareIfNeeded()
    setContentOffset(0)
    if let first = firstIndexPath { selectItem(at: first) }
  }

  /// Selects the last item and scrolls to the bottom (End).
  public func selectLastItem() {
    prepareIfNeeded()
    setContentOffset(maximumContentOffset)
    if let last = lastIndexPath { selectItem(at: last) }
  }

  /// The cells wholly on screen, or when there are none, those partly on screen.
  private func cellsOnScreen() -> [LayoutAttributes] {
    let visible = visibleRect
    let cells = layout.attributes(in: visible).filter { $0.kind == .cell }
    let whole = cells.filter { visible.contains($0.frame) }
    return whole.isEmpty ? cells : whole
  }

  private func distance(_ frame: Rect, to y: Int) -> Int {
    if y < frame.minY { return frame.minY - y }
    if y >= frame.maxY { return y - frame.maxY + 1 }
    return 0
  }
}
