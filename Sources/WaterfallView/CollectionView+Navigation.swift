import WaterfallLayout

extension CollectionView {
  /// Moves the selection one card in `direction`, as the layout's spatial
  /// navigation says (`CollectionLayout.neighbor(of:toward:)` in WaterfallLayout), and scrolls just
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
  /// that column has none there. When the layout is horizontal, the same along
  /// rows: a page is the view's width.
  public func moveSelection(byPages pages: Int) {
    moveSelection(byRows: pages * pageLength)
  }

  /// Scrolls by `rows` (columns, when horizontal) and selects the card of the
  /// same column at the same place on the screen, as ``moveSelection(byPages:)``
  /// does for whole screens (Ctrl-D and Ctrl-U move half a screen).
  public func moveSelection(byRows rows: Int) {
    prepareIfNeeded()
    guard rows != 0 else { return }
    guard let current = selectedIndexPath.flatMap({ frameForItem(at: $0) }).map(flow) else {
      scroll(alongBy: rows)
      if let first = cellsOnScreen().first { selectItem(at: first.indexPath, scroll: false) }
      return
    }
    let before = alongOffset
    let delta = rows
    scroll(alongBy: delta)
    let reachedEnd = alongOffset - before != delta
    let targetY = reachedEnd ? (rows > 0 ? Int.max / 4 : Int.min / 4) : current.midY + delta
    let onScreen = layout.attributes(in: visibleRect).filter { $0.kind == .cell }
    let sameColumn = onScreen.filter { flow($0.frame).minX <= current.midX && current.midX < flow($0.frame).maxX }
    let pool = sameColumn.isEmpty ? cellsOnScreen() : sameColumn
    guard
      let best = pool.min(by: { distance(flow($0.frame), to: targetY) < distance(flow($1.frame), to: targetY) })
    else { return }
    selectItem(at: best.indexPath, scroll: false)
    // A card taller than the view that is partly on screen stays as it is;
    // scrolling to its top would undo the page.
    let visible = visibleRect
    if !visible.contains(best.frame), flow(best.frame).height <= pageLength || !best.frame.intersects(visible) {
      scrollToItem(at: best.indexPath)
    }
  }

  /// Selects the first item and scrolls to the top, or the left edge (Home).
  public func selectFirstItem() {
    prepareIfNeeded()
    setScrollOffset(.zero)
    if let first = firstIndexPath { selectItem(at: first) }
  }

  /// Selects the item `offset` places from the selected one in the data's order
  /// (section by section), and scrolls to it: `n` and `N` in the details. Returns
  /// `false`, selecting nothing new, past either end.
  ///
  /// ```swift
  /// view.selectItem(at: IndexPath(item: 4, section: 0))
  /// view.moveSelection(toNeighborInOrder: 1)   // IndexPath(item: 5, section: 0)
  /// ```
  @discardableResult
  public func moveSelection(toNeighborInOrder offset: Int) -> Bool {
    prepareIfNeeded()
    guard let current = selectedIndexPath else { return false }
    var section = current.section
    var item = current.item + offset
    while section >= 0, section < numberOfSections {
      let count = numberOfItems(inSection: section)
      if item < 0 {
        section -= 1
        if section >= 0 { item += numberOfItems(inSection: section) }
      } else if item >= count {
        item -= count
        section += 1
      } else {
        selectItem(at: IndexPath(item: item, section: section))
        return true
      }
    }
    return false
  }

  /// Selects the last item and scrolls to the bottom, or the right edge (End).
  public func selectLastItem() {
    prepareIfNeeded()
    let most = maximumScrollOffset
    setScrollOffset(isHorizontal ? Point(x: most.x, y: 0) : Point(x: 0, y: most.y))
    if let last = lastIndexPath { selectItem(at: last) }
  }

  /// The scroll offset along the layout's direction.
  var alongOffset: Int { isHorizontal ? scrollOffset.x : scrollOffset.y }

  /// A frame in the terms of a vertical flow: swapped when the layout is horizontal.
  private func flow(_ rect: Rect) -> Rect { isHorizontal ? rect.transposed : rect }

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
