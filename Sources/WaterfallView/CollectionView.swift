import WaterfallLayout

/// A scrolling collection of cells placed by a ``CollectionLayout``, after
/// `UICollectionView`.
///
/// Scrolling drives a layout pass, ``layoutSubviews()``, that asks the layout for
/// the attributes in the visible rect: a newly visible item gets a cell from the data
/// source (which dequeues it from the view's ``reusePool``), a cell whose item left
/// the rect goes back to the pool, and a cell that stays visible keeps its identity.
/// ``draw(in:)`` then draws each visible cell, clipped to the viewport, into a
/// ``Canvas``: the terminal, or a ``CellBuffer`` in tests.
///
/// ```swift
/// let view = CollectionView(frame: Rect(x: 0, y: 0, width: 80, height: 23),
///                           layout: WaterfallLayout(columnCount: 3, columnSpacing: 1))
/// view.register(CardCell.self, forCellWithReuseIdentifier: "card")
/// view.dataSource = cards
/// view.reloadData()
/// view.moveSelection(.down)
/// view.draw(in: screen)
/// ```
public final class CollectionView: LayoutSource {
  public weak var dataSource: (any CollectionViewDataSource)?
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
        setContentOffset(contentOffset)
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

  /// How many rows of content are scrolled above the top of the view, between 0
  /// and ``maximumContentOffset``.
  public private(set) var contentOffset = 0
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
    return Point(x: point.x - frame.minX, y: point.y - frame.minY + contentOffset)
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
    setContentOffset(contentOffset)
    setNeedsLayout()
  }

  /// Reads the data source again with `newLayout` in place of the layout: one
  /// layout pass for both, where ``setLayout(_:)`` then ``reloadData()`` would lay
  /// everything out twice (once with stale counts).
  public func reloadData(with newLayout: any CollectionLayout) {
    layout = newLayout
    reloadData()
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
  /// ``TransitionLayout`` already places every card.
  public func setLayout(_ newLayout: any CollectionLayout, contentOffset offset: Int) {
    layout = newLayout
    needsPrepare = false
    setContentOffset(offset)
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

  /// The rect of content the view shows, in content coordinates.
  public var visibleRect: Rect {
    Rect(x: 0, y: contentOffset, width: frame.width, height: frame.height)
  }

  /// The frame of `indexPath`'s cell in content coordinates.
  public func frameForItem(at indexPath: IndexPath) -> Rect? {
    prepareIfNeeded()
    return layout.attributesForItem(at: indexPath)?.frame
  }

  func prepareIfNeeded() {
    guard needsPrepare else { return }
    needsPrepare = false
    layout.prepare(width: frame.width, source: self)
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
    let attributes = frame.isEmpty ? [] : layout.attributes(in: visible)

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
  private func anchor(from oldFrame: Rect) -> (indexPath: IndexPath, row: Int)? {
    guard let selected = selectedIndexPath, !needsPrepare,
      let old = layout.attributesForItem(at: selected)?.frame
    else { return nil }
    return (selected, old.minY - contentOffset)
  }

  private func relayout(keeping anchor: (indexPath: IndexPath, row: Int)?) {
    needsPrepare = true
    prepareIfNeeded()
    if let anchor, let new = layout.attributesForItem(at: anchor.indexPath)?.frame {
      setContentOffset(new.minY - anchor.row)
      scrollToItem(at: anchor.indexPath)
    } else {
      setContentOffset(contentOffset)
    }
    setNeedsLayout()
  }

  // MARK: Scrolling

  /// Scrolls to `offset`, clamped to `0 ... maximumContentOffset`.
  public func setContentOffset(_ offset: Int) {
    let clamped = min(max(0, offset), maximumContentOffset)
    guard clamped != contentOffset else { return }
    contentOffset = clamped
    setNeedsLayout()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls by `rows` (negative: up), clamped.
  public func scroll(byRows rows: Int) {
    setContentOffset(contentOffset + rows)
  }

  /// Scrolls by `pages` screens (negative: up), clamped.
  public func scroll(byPages pages: Int) {
    setContentOffset(contentOffset + pages * max(1, frame.height))
  }

  /// Scrolls as little as possible to show the item's card whole (its top, when it
  /// is taller than the view), below a pinned header if there is one.
  public func scrollToItem(at indexPath: IndexPath) {
    guard let target = frameForItem(at: indexPath) else { return }
    var offset = contentOffset
    if target.maxY > offset + frame.height { offset = target.maxY - frame.height }
    if target.minY < offset { offset = target.minY }
    // A pinned header covers the top rows: keep the card below it.
    if let header = pinnedHeaderHeight(at: offset, section: indexPath.section), target.minY < offset + header {
      offset = target.minY - header
    }
    setContentOffset(offset)
  }

  private func pinnedHeaderHeight(at offset: Int, section: Int) -> Int? {
    let top = layout.attributes(in: Rect(x: 0, y: offset, width: max(1, frame.width), height: 1))
    guard let header = top.first(where: { $0.kind == .header && $0.isPinned }) else { return nil }
    return max(0, header.frame.maxY - offset)
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
    let offset = Point(x: frame.minX, y: frame.minY - contentOffset)
    for (attributes, cell) in drawList {
      guard let clip = attributes.frame.intersection(visible) else { continue }
      let region = CanvasRegion(base: canvas, offset: offset, bounds: clip)
      if attributes.kind != .cell { region.fill(clip, with: " ") }
      cell.draw(in: region, clip: clip)
    }
  }
}
