import WaterfallLayout

/// A scrolling collection of cells placed by a `CollectionLayout`, after
/// `UICollectionView`.
///
/// Scrolling drives a layout pass, ``layoutSubviews()``, that asks the layout for
/// the attributes in the visible rect: a newly visible item gets a cell from the data
/// source (which dequeues it from the view's ``reusePool``), a cell whose item left
/// the rect goes back to the pool, and a cell that stays visible keeps its identity.
/// ``draw(in:)`` then draws each visible cell, clipped to the viewport, into a
/// ``Canvas``: the terminal, or a ``CellBuffer`` in tests.
///
/// The content offset is two-dimensional (``scrollOffset``): a vertical layout
/// scrolls in `y`, a horizontal one in `x` (the layout's `scrollDirection`),
/// and paging, showing an item, pinned headers and ``distanceToEnd`` follow the
/// layout's direction. ``contentOffset`` is its `y`, for vertical callers.
///
/// ```swift
/// let view = CollectionView(frame: Rect(x: 0, y: 0, width: 80, height: 23),
///                           layout: WaterfallLayout(columnCount: 3, columnSpacing: 1))
/// view.register(TextCell.self, forCellWithReuseIdentifier: "text")
/// view.dataSource = notes   // held weakly: keep `notes` alive
/// view.reloadData()
/// view.moveSelection(.down)
/// let screen = CellBuffer(width: 80, height: 23)
/// view.draw(in: screen)
/// ```
///
/// To show it live in a terminal, draw it from a `TerminalProgram` run by
/// WaterfallTerminal's `TerminalLoop` (see `swift run waterfall-example`).
public final class CollectionView: LayoutSource {
  /// What the view shows: item counts and configured cells.
  ///
  /// Held weakly, as UIKit does, so that a data source may own its view without a
  /// cycle: whoever set it keeps it alive. Once it is gone, no new cell is made
  /// and the next ``reloadData()`` finds no items.
  public weak var dataSource: (any CollectionViewDataSource)?
  /// Item sizes and notices of selection and scrolling; every method has a default.
  ///
  /// Held weakly, like ``dataSource``: whoever set it keeps it alive.
  public weak var delegate: (any CollectionViewDelegate)?
  /// The layout placing the cells; change it with ``setLayout(_:)``.
  public private(set) var layout: any CollectionLayout
  /// Cells waiting to be reused, and how many were created and reused.
  public let reusePool = ReusePool()

  /// Where the view is on the screen. A new width reflows the layout, keeping the
  /// selected item where it was on the screen as far as possible.
  public var frame: Rect {
    didSet {
      guard frame != oldValue, !isReplacingFrameAndLayout else { return }
      if layout.shouldInvalidate(forBoundsChange: visibleRect) {
        relayout(keeping: anchor(from: oldValue))
      } else {
        setScrollOffset(scrollOffset)
        if let selected = selectedIndexPath { scrollToItem(at: selected) }
        setNeedsLayout()
      }
    }
  }

  /// Set while ``setFrame(_:layout:)`` changes both, so the frame alone lays nothing out.
  private var isReplacingFrameAndLayout = false

  /// Moves or resizes the view and replaces its layout at once, keeping the
  /// selected item where it was on the screen as far as possible: one layout pass,
  /// where setting ``frame`` then calling ``setLayout(_:)`` would make two.
  public func setFrame(_ newFrame: Rect, layout newLayout: any CollectionLayout) {
    let keep = anchor(from: frame)
    isReplacingFrameAndLayout = true
    frame = newFrame
    isReplacingFrameAndLayout = false
    layout = newLayout
    relayout(keeping: keep)
  }

  /// The content point at the view's top-left corner: how many columns of content
  /// are scrolled off its left edge and rows off its top, between zero and
  /// ``maximumScrollOffset``. UIKit's `contentOffset`.
  public private(set) var scrollOffset = Point.zero

  /// How many rows of content are scrolled above the top of the view: the `y` of
  /// ``scrollOffset``, between 0 and ``maximumContentOffset``.
  public var contentOffset: Int { scrollOffset.y }

  /// Whether a selected item is scrolled to the middle of the view rather than
  /// just into it, at the nearest offset the layout rests at: the carousel's way.
  public var centresSelection = false
  /// The selected item, if any.
  public private(set) var selectedIndexPath: IndexPath?

  private var itemCounts: [Int] = []
  private var needsPrepare = true
  private var needsLayout = true
  private var visibleItems: [IndexPath: Cell] = [:]
  private var visibleSupplementaries: [SupplementaryKey: Cell] = [:]
  /// What ``draw(in:)`` draws, in order: cells, then headers and footers, then a
  /// pinned header.
  private var drawList: [(attributes: LayoutAttributes, cell: Cell)] = []

  struct SupplementaryKey: Hashable {
    var kind: ElementKind
    var section: Int
  }

  public init(frame: Rect, layout: any CollectionLayout) {
    self.frame = frame
    self.layout = layout
  }

  // MARK: Cells

  /// Makes ``dequeueReusableCell(withIdentifier:for:)`` create `type` for `identifier`.
  public func register(_ type: Cell.Type, forCellWithReuseIdentifier identifier: String) {
    reusePool.register(type, forReuseIdentifier: identifier)
  }

  /// A cell for `indexPath`: a waiting one (after its `prepareForReuse()`) or a new
  /// one of the registered class.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Cell {
    let cell = reusePool.dequeue(identifier)
    cell.indexPath = indexPath
    return cell
  }

  /// The cells on screen, in index path order.
  public var visibleCells: [Cell] {
    layoutIfNeeded()
    return visibleItems.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The index paths of the items on screen, in order.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return visibleItems.keys.sorted()
  }

  /// The cell showing `indexPath`, when it is on screen.
  public func cellForItem(at indexPath: IndexPath) -> Cell? {
    layoutIfNeeded()
    return visibleItems[indexPath]
  }

  /// The item whose card covers `point` (in content coordinates), if one does.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    layoutIfNeeded()
    return drawList.last { $0.attributes.kind == .cell && $0.attributes.frame.contains(point) }?.attributes.indexPath
  }

  /// The content point under screen point `point`, or `nil` outside the view.
  public func contentPoint(fromScreen point: Point) -> Point? {
    guard frame.contains(point) else { return nil }
    return Point(x: point.x - frame.minX + scrollOffset.x, y: point.y - frame.minY + scrollOffset.y)
  }

  // MARK: Data

  /// Reads the counts from the data source again, lays everything out anew and
  /// recycles every cell. The selection stays when its item still exists.
  public func reloadData() {
    itemCounts = (0..<max(0, dataSource?.numberOfSections(in: self) ?? 0)).map {
      max(0, dataSource?.collectionView(self, numberOfItemsInSection: $0) ?? 0)
    }
    recycleAll()
    needsPrepare = true
    prepareIfNeeded()
    if let selected = selectedIndexPath, !isValid(selected) {
      selectedIndexPath = nearestValid(to: selected)
    }
    setScrollOffset(scrollOffset)
    setNeedsLayout()
  }

  /// Reads the data source again with `newLayout` in place of the layout: one
  /// layout pass for both, where ``setLayout(_:)`` then ``reloadData()`` would lay
  /// everything out twice (once with stale counts).
  public func reloadData(with newLayout: any CollectionLayout) {
    layout = newLayout
    reloadData()
  }

  /// Installs `newLayout`, prepared elsewhere (on a worker thread, say) for
  /// this view's size and for `counts` items in each section, and recycles
  /// every cell, without laying anything out here. The data source may have
  /// gained items since, at the ends of its sections or in new sections after
  /// them: the view shows the `counts` first until told of the rest
  /// (``appendItems(count:toSection:)``, or another reload). The selection stays
  /// when its item is among them. With `frame`, the view moves there too (the
  /// layout was prepared for its size).
  ///
  /// ```swift
  /// let layout = WaterfallLayout(columnCount: 3)
  /// layout.prepare(width: view.frame.width, source: FixedLayoutSource(heights: heights))
  /// view.reloadData(withPrepared: layout, counts: [heights.count])
  /// ```
  public func reloadData(withPrepared newLayout: any CollectionLayout, counts: [Int], frame newFrame: Rect? = nil) {
    if let newFrame {
      isReplacingFrameAndLayout = true
      frame = newFrame
      isReplacingFrameAndLayout = false
    }
    itemCounts = counts
    recycleAll()
    layout = newLayout
    needsPrepare = false
    if let selected = selectedIndexPath, !isValid(selected) {
      selectedIndexPath = nearestValid(to: selected)
    }
    _ = layout.selectionDidChange(to: selectedIndexPath)
    setScrollOffset(scrollOffset)
    layout.updateVisibleRect(visibleRect)
    setNeedsLayout()
  }

  /// Lays out `count` new items at the end of `section` (the last one) without
  /// moving any existing card: the data source must already count them.
  public func appendItems(count: Int, toSection section: Int) {
    guard count > 0, itemCounts.indices.contains(section) else { return }
    itemCounts[section] += count
    if needsPrepare {
      prepareIfNeeded()
    } else {
      layout.appendItems(count: count, toSection: section, source: self)
    }
    setNeedsLayout()
  }

  public var numberOfSections: Int { itemCounts.count }

  public func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  public func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
    delegate?.collectionView(self, sizeForItemAt: indexPath, width: width) ?? .height(3)
  }

  public func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize {
    delegate?.collectionView(self, sizeForItemAt: indexPath, height: height) ?? .height(3)
  }

  public func forEachSize(
    ofItems items: Range<Int>, inSection section: Int, across: Int, direction: ScrollDirection, _ body: (ItemSize) -> Void
  ) {
    guard let delegate else { return items.forEach { _ in body(.height(3)) } }
    delegate.collectionView(self, forEachSizeOfItems: items, inSection: section, across: across, direction: direction, body)
  }

  /// The total number of items.
  public var numberOfItems: Int { itemCounts.reduce(0, +) }

  func isValid(_ indexPath: IndexPath) -> Bool {
    itemCounts.indices.contains(indexPath.section) && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// The existing item nearest to `indexPath` in item order, or `nil` when there
  /// are no items.
  func nearestValid(to indexPath: IndexPath) -> IndexPath? {
    if isValid(indexPath) { return indexPath }
    var section = min(indexPath.section, itemCounts.count - 1)
    while section >= 0 {
      if itemCounts[section] > 0 {
        return IndexPath(item: min(max(0, indexPath.item), itemCounts[section] - 1), section: section)
      }
      section -= 1
    }
    return firstIndexPath
  }

  var firstIndexPath: IndexPath? {
    itemCounts.firstIndex { $0 > 0 }.map { IndexPath(item: 0, section: $0) }
  }

  var lastIndexPath: IndexPath? {
    itemCounts.lastIndex { $0 > 0 }.map { IndexPath(item: itemCounts[$0] - 1, section: $0) }
  }

  // MARK: Layout

  /// Replaces the layout, keeping the selected item selected and on screen, at the
  /// same screen row where possible.
  public func setLayout(_ newLayout: any CollectionLayout) {
    let keep = anchor(from: frame)
    layout = newLayout
    relayout(keeping: keep)
  }

  /// Installs `newLayout`, already prepared for this view's width and data, and
  /// shows the content from `offset` (clamped), without moving to the selection:
  /// what each frame of an animated layout change needs, where a
  /// `TransitionLayout` already places every card.
  public func setLayout(_ newLayout: any CollectionLayout, contentOffset offset: Int) {
    setLayout(newLayout, scrollOffset: Point(x: 0, y: offset))
  }

  /// ``setLayout(_:contentOffset:)`` at a two-dimensional offset.
  public func setLayout(_ newLayout: any CollectionLayout, scrollOffset offset: Point) {
    layout = newLayout
    needsPrepare = false
    setScrollOffset(offset)
    layout.updateVisibleRect(visibleRect)
    setNeedsLayout()
  }

  /// The size of all the content, as the layout computed it.
  public var contentSize: Size {
    prepareIfNeeded()
    return layout.contentSize
  }

  /// The largest content offset: the content's bottom at the view's bottom.
  public var maximumContentOffset: Int {
    max(0, contentSize.height - frame.height)
  }

  /// The largest scroll offset: the content's bottom-right corner at the view's.
  public var maximumScrollOffset: Point {
    let size = contentSize
    return Point(x: max(0, size.width - frame.width), y: max(0, size.height - frame.height))
  }

  /// Whether the layout scrolls sideways.
  public var isHorizontal: Bool { layout.scrollDirection == .horizontal }

  /// How far the content goes on past the view's far edge (bottom, or right when
  /// horizontal), in rows or columns: 0 at the end. What "load more" watches.
  public var distanceToEnd: Int {
    isHorizontal ? maximumScrollOffset.x - scrollOffset.x : maximumScrollOffset.y - scrollOffset.y
  }

  /// The view's extent along the scroll direction: its height, or its width.
  public var pageLength: Int { max(1, isHorizontal ? frame.width : frame.height) }

  /// The rect of content the view shows, in content coordinates.
  public var visibleRect: Rect {
    Rect(x: scrollOffset.x, y: scrollOffset.y, width: frame.width, height: frame.height)
  }

  /// The frame of `indexPath`'s cell in content coordinates.
  public func frameForItem(at indexPath: IndexPath) -> Rect? {
    prepareIfNeeded()
    return layout.attributesForItem(at: indexPath)?.frame
  }

  func prepareIfNeeded() {
    guard needsPrepare else { return }
    needsPrepare = false
    layout.prepare(size: frame.size, source: self)
    _ = layout.selectionDidChange(to: selectedIndexPath)
    layout.updateVisibleRect(visibleRect)
  }

  /// Marks the visible cells as out of date, so the next ``layoutIfNeeded()`` or
  /// ``draw(in:)`` runs ``layoutSubviews()``.
  public func setNeedsLayout() {
    needsLayout = true
  }

  /// Runs ``layoutSubviews()`` when something changed since the last pass.
  public func layoutIfNeeded() {
    if needsLayout || needsPrepare { layoutSubviews() }
  }

  /// The layout pass: shows a cell for every element in the visible rect, reusing
  /// cells whose items left it.
  public func layoutSubviews() {
    needsLayout = false
    prepareIfNeeded()
    let visible = visibleRect
    layout.updateVisibleRect(visible)
    var attributes = frame.isEmpty ? [] : layout.attributes(in: visible)
    if attributes.contains(where: { $0.zIndex != 0 }) {
      // Drawn in z order, stably: the circle's front card last.
      attributes = attributes.enumerated().sorted {
        ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset)
      }.map(\.element)
    }

    // Cells whose items stay visible keep their identity; the rest are recycled
    // before any new cell is dequeued, so the leaving serve the arriving.
    var staying: [IndexPath: Cell] = [:]
    staying.reserveCapacity(visibleItems.count)
    var stayingSupplementaries: [SupplementaryKey: Cell] = [:]
    for a in attributes {
      if a.kind == .cell {
        if let cell = visibleItems.removeValue(forKey: a.indexPath) { staying[a.indexPath] = cell }
      } else {
        let key = SupplementaryKey(kind: a.kind, section: a.indexPath.section)
        if let cell = visibleSupplementaries.removeValue(forKey: key) { stayingSupplementaries[key] = cell }
      }
    }
    for (indexPath, cell) in visibleItems {
      reusePool.enqueue(cell)
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
    for cell in visibleSupplementaries.values { reusePool.enqueue(cell) }
    visibleItems = staying
    visibleSupplementaries = stayingSupplementaries

    drawList.removeAll(keepingCapacity: true)
    var supplementaryList: [(attributes: LayoutAttributes, cell: Cell)] = []
    var pinned: [(attributes: LayoutAttributes, cell: Cell)] = []
    for a in attributes {
      switch a.kind {
      case .cell:
        let cell: Cell
        if let existing = visibleItems[a.indexPath] {
          cell = existing
        } else {
          guard let dataSource else { continue }
          cell = dataSource.collectionView(self, cellForItemAt: a.indexPath)
          visibleItems[a.indexPath] = cell
          cell.frame = a.frame
          cell.indexPath = a.indexPath
          cell.isSelected = a.indexPath == selectedIndexPath
          delegate?.collectionView(self, willDisplay: cell, forItemAt: a.indexPath)
        }
        cell.frame = a.frame
        cell.indexPath = a.indexPath
        cell.isSelected = a.indexPath == selectedIndexPath
        drawList.append((a, cell))
      case .header, .footer:
        let key = SupplementaryKey(kind: a.kind, section: a.indexPath.section)
        var cell = visibleSupplementaries[key]
        if cell == nil, let made = dataSource?.collectionView(self, viewForSupplementary: a.kind, inSection: a.indexPath.section) {
          cell = made
          visibleSupplementaries[key] = made
        }
        guard let cell else { continue }
        cell.frame = a.frame
        cell.indexPath = a.indexPath
        if a.isPinned { pinned.append((a, cell)) } else { supplementaryList.append((a, cell)) }
      }
    }
    drawList += supplementaryList
    drawList += pinned
  }

  /// Hands every visible cell back to the pool, so the next layout pass asks the
  /// data source for each again: after a change to how cells are made or
  /// configured (a list's rows becoming cards) that no item count shows.
  public func reconfigureCells() {
    recycleAll()
  }

  private func recycleAll() {
    for (indexPath, cell) in visibleItems {
      reusePool.enqueue(cell)
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
    for cell in visibleSupplementaries.values { reusePool.enqueue(cell) }
    visibleItems.removeAll()
    visibleSupplementaries.removeAll()
    drawList.removeAll()
    needsLayout = true
  }

  /// Where the selected item is on the screen, to keep it there across a relayout.
  private func anchor(from oldFrame: Rect) -> (indexPath: IndexPath, place: Point)? {
    guard let selected = selectedIndexPath, !needsPrepare,
      let old = layout.attributesForItem(at: selected)?.frame
    else { return nil }
    return (selected, Point(x: old.minX - scrollOffset.x, y: old.minY - scrollOffset.y))
  }

  private func relayout(keeping anchor: (indexPath: IndexPath, place: Point)?) {
    needsPrepare = true
    prepareIfNeeded()
    if let anchor, let new = layout.attributesForItem(at: anchor.indexPath)?.frame {
      // Along the scroll direction the item keeps its place; across it the
      // view stays where it was, as far as the new content goes (a table wider
      // than the view keeps its column; anything narrower comes back to 0).
      setScrollOffset(
        isHorizontal ? Point(x: new.minX - anchor.place.x, y: 0) : Point(x: scrollOffset.x, y: new.minY - anchor.place.y))
      scrollToItem(at: anchor.indexPath)
    } else {
      setScrollOffset(scrollOffset)
    }
    setNeedsLayout()
  }

  // MARK: Scrolling

  /// Scrolls to row `offset`, clamped to `0 ... maximumContentOffset`; the `x`
  /// stays.
  public func setContentOffset(_ offset: Int) {
    setScrollOffset(Point(x: scrollOffset.x, y: offset))
  }

  /// Scrolls to `offset`, each coordinate clamped to `0 ... maximumScrollOffset`.
  public func setScrollOffset(_ offset: Point) {
    let most = maximumScrollOffset
    let clamped = Point(x: min(max(0, offset.x), most.x), y: min(max(0, offset.y), most.y))
    guard clamped != scrollOffset else { return }
    scrollOffset = clamped
    // Layouts whose frames follow the scroll (the carousel) answer for it from now.
    layout.updateVisibleRect(visibleRect)
    setNeedsLayout()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls by `rows` (negative: up), clamped.
  public func scroll(byRows rows: Int) {
    setContentOffset(contentOffset + rows)
  }

  /// Scrolls by `columns` (negative: left), clamped.
  public func scroll(byColumns columns: Int) {
    setScrollOffset(scrollOffset.offsetBy(dx: columns))
  }

  /// Scrolls by `steps` rows, or columns when the layout is horizontal.
  public func scroll(alongBy steps: Int) {
    setScrollOffset(isHorizontal ? scrollOffset.offsetBy(dx: steps) : scrollOffset.offsetBy(dy: steps))
  }

  /// Scrolls by `pages` screens (negative: up, or left when horizontal), clamped.
  public func scroll(byPages pages: Int) {
    scroll(alongBy: pages * pageLength)
  }

  /// The offset at which a scroll that would stop at `proposed` comes to rest
  /// (the layout's `targetContentOffset(forProposed:)`), clamped.
  public func restingOffset(forProposed proposed: Point) -> Point {
    prepareIfNeeded()
    let target = layout.targetContentOffset(forProposed: proposed)
    let most = maximumScrollOffset
    return Point(x: min(max(0, target.x), most.x), y: min(max(0, target.y), most.y))
  }

  /// Scrolls as little as possible to show the item's card whole (its top or left,
  /// when it is larger than the view; sideways not at all when it fills the
  /// view's width already), clear of a pinned header if there is one.
  /// With ``centresSelection``, the card goes to the middle instead, at the offset
  /// the layout rests at.
  public func scrollToItem(at indexPath: IndexPath) {
    guard let target = frameForItem(at: indexPath) else { return }
    if centresSelection {
      let proposed = Point(x: target.midX - frame.width / 2, y: target.midY - frame.height / 2)
      setScrollOffset(restingOffset(forProposed: isHorizontal ? Point(x: proposed.x, y: 0) : Point(x: 0, y: proposed.y)))
      return
    }
    var offset = scrollOffset
    if target.maxY > offset.y + frame.height { offset.y = target.maxY - frame.height }
    if target.minY < offset.y { offset.y = target.minY }
    // A card wider than the view that fills it already (a table's row) stays
    // as it is scrolled sideways.
    let fillsWidth = target.minX <= offset.x && target.maxX >= offset.x + frame.width
    if !fillsWidth {
      if target.maxX > offset.x + frame.width { offset.x = target.maxX - frame.width }
      if target.minX < offset.x { offset.x = target.minX }
    }
    // A pinned header covers the leading rows (columns): keep the card clear of it.
    if let header = pinnedHeaderExtent(at: offset) {
      if isHorizontal, target.minX < offset.x + header { offset.x = target.minX - header }
      if !isHorizontal, target.minY < offset.y + header { offset.y = target.minY - header }
    }
    setScrollOffset(offset)
  }

  /// How many rows (columns, when horizontal) a pinned header covers at `offset`.
  private func pinnedHeaderExtent(at offset: Point) -> Int? {
    let edge =
      isHorizontal
      ? Rect(x: offset.x, y: offset.y, width: 1, height: max(1, frame.height))
      : Rect(x: offset.x, y: offset.y, width: max(1, frame.width), height: 1)
    guard let header = layout.attributes(in: edge).first(where: { $0.kind == .header && $0.isPinned }) else {
      return nil
    }
    return max(0, isHorizontal ? header.frame.maxX - offset.x : header.frame.maxY - offset.y)
  }

  // MARK: Selection

  /// Selects `indexPath` (or nothing, with `nil`) and, when `scroll` is set,
  /// scrolls just enough to show it whole.
  public func selectItem(at indexPath: IndexPath?, scroll: Bool = true) {
    let target = indexPath.flatMap { isValid($0) ? $0 : nil }
    if target != selectedIndexPath {
      if let old = selectedIndexPath { visibleItems[old]?.isSelected = false }
      selectedIndexPath = target
      if let target {
        visibleItems[target]?.isSelected = true
        delegate?.collectionView(self, didSelectItemAt: target)
      }
      if !needsPrepare { _ = layout.selectionDidChange(to: target) }
      setNeedsLayout()
    }
    if scroll, let target { scrollToItem(at: target) }
  }

  // MARK: Drawing

  /// Draws the visible cells into `canvas`, at ``frame``: the view's area is
  /// cleared, then each cell draws itself clipped to the viewport, then headers
  /// and footers, then a pinned header over the cells sliding under it.
  public func draw(in canvas: any Canvas) {
    layoutIfNeeded()
    canvas.fill(frame, with: " ")
    let visible = visibleRect
    let offset = Point(x: frame.minX - scrollOffset.x, y: frame.minY - scrollOffset.y)
    for (attributes, cell) in drawList {
      guard let clip = attributes.frame.intersection(visible) else { continue }
      let region = CanvasRegion(base: canvas, offset: offset, bounds: clip)
      if attributes.kind != .cell { region.fill(clip, with: " ") }
      cell.draw(in: region, clip: clip)
    }
  }
}
