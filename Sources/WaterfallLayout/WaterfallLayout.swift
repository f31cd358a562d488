/// A waterfall (masonry) layout: items of different heights flow into columns,
/// each new item going to the shortest column.
///
/// It does everything CHTCollectionViewWaterfallLayout does, in character cells:
/// sections, a column count (global, or per section through ``sectionStyles``),
/// column and row spacing, section insets, headers and footers with their own
/// heights and insets (full width minus those insets; height 0 means none, and no
/// row spacing is added next to them), a minimum content height, and three item
/// orders. The item width is
/// `floor((W - insets.left - insets.right - (columns - 1) * columnSpacing) / columns)`
/// and the item height comes from the source, given that width: either an exact
/// height, or an aspect size scaled by ``aspectCorrection`` (a terminal cell is about
/// twice as tall as it is wide, so 0.5 keeps pictures looking right; 1.0 reproduces
/// CHT exactly). Negative spacings, insets and heights count as 0.
///
/// With ``scrollDirection`` `.horizontal` the same rules hold turned a quarter:
/// cards flow into the shortest *row*, each as wide as its content is at the row's
/// height (``LayoutSource/sizeForItem(at:height:)``), sections follow one another to
/// the right with their headers as strips on their left (pinned to the left edge
/// when ``pinsHeaders``), and the rows share the view's height, which
/// ``prepare(size:source:)`` gives. "Column" below then reads "row", "width" reads
/// "height", and a header's height is its width. The frames are computed as a
/// vertical flow's with the axes swapped, and swapped back on the way out.
///
/// Beyond CHT:
/// - ``attributes(in:)`` costs O(s log n + k) for s columns, not a scan of every item;
/// - ``appendItems(count:toSection:source:)`` lays out only the new items, and no
///   existing frame moves;
/// - opt-in sticky headers (``pinsHeaders``);
/// - exact answers for no sections, empty sections, zero items, more columns than
///   items, and widths too small for the columns (the layout then uses as many
///   columns as fit, at least one, at least one cell wide; if the section insets leave
///   no room they are dropped).
///
/// ```swift
/// let layout = WaterfallLayout(columnCount: 2, columnSpacing: 1, rowSpacing: 1)
/// layout.prepare(width: 41, source: FixedLayoutSource(heights: [5, 8, 3]))
/// layout.attributesForItem(at: IndexPath(item: 2))?.frame
/// // (0, 6, 20, 3): under item 0, since column 0 was the shorter one
/// ```
public class WaterfallLayout: CollectionLayout {
  /// Columns in every section without its own count. At least 1.
  public var columnCount: Int
  /// Empty columns between two columns of items.
  public var columnSpacing: Int
  /// Empty rows between two items of the same column.
  public var rowSpacing: Int
  /// Space around each section's items.
  public var sectionInsets: EdgeInsets
  /// Rows of each section's header; 0 means no header.
  public var headerHeight: Int
  public var headerInsets: EdgeInsets
  /// Rows of each section's footer; 0 means no footer.
  public var footerHeight: Int
  public var footerInsets: EdgeInsets
  /// The least content height reported, whatever the items.
  public var minimumContentHeight: Int
  /// How items are given to columns.
  public var itemOrder: ItemOrder
  /// The factor applied to aspect heights: 1.0 reproduces CHT, 0.5 corrects for
  /// terminal cells being twice as tall as they are wide.
  public var aspectCorrection: Double
  /// Whether the header of the section under the top edge of a queried rect is
  /// returned pinned to that edge (sticky headers).
  public var pinsHeaders: Bool
  /// Per-section settings that override the ones above.
  public var sectionStyles: [Int: SectionStyle]
  /// Down into the shortest column, or right into the shortest row.
  public var scrollDirection: ScrollDirection

  /// The sections, computed as a vertical flow (axes swapped when horizontal).
  private(set) var sections: [WaterfallSection] = []
  private var preparedWidth = 0
  /// The view's height, the extent the rows share when horizontal.
  private var preparedHeight = 0
  private var contentHeight = 0

  /// How many stored items the last ``attributes(in:)`` looked at: the test of its
  /// O(log n + k) cost.
  public private(set) var lastQueryExaminedCount = 0

  public init(
    columnCount: Int = 2, columnSpacing: Int = 0, rowSpacing: Int = 0,
    sectionInsets: EdgeInsets = .zero, headerHeight: Int = 0, headerInsets: EdgeInsets = .zero,
    footerHeight: Int = 0, footerInsets: EdgeInsets = .zero, minimumContentHeight: Int = 0,
    itemOrder: ItemOrder = .shortestFirst, aspectCorrection: Double = 1,
    pinsHeaders: Bool = false, sectionStyles: [Int: SectionStyle] = [:],
    scrollDirection: ScrollDirection = .vertical
  ) {
    self.columnCount = columnCount
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.sectionInsets = sectionInsets
    self.headerHeight = headerHeight
    self.headerInsets = headerInsets
    self.footerHeight = footerHeight
    self.footerInsets = footerInsets
    self.minimumContentHeight = minimumContentHeight
    self.itemOrder = itemOrder
    self.aspectCorrection = aspectCorrection
    self.pinsHeaders = pinsHeaders
    self.sectionStyles = sectionStyles
    self.scrollDirection = scrollDirection
  }

  var isHorizontal: Bool { scrollDirection == .horizontal }

  /// The extent the columns (rows, when horizontal) share.
  var crossExtent: Int { isHorizontal ? max(1, preparedHeight) : preparedWidth }

  /// A rect between the flow's coordinates and the content's: swapped when horizontal.
  @inline(__always)
  func flowRect(_ rect: Rect) -> Rect { isHorizontal ? rect.transposed : rect }

  /// Insets between the flow's sides and the content's.
  func flowInsets(_ insets: EdgeInsets) -> EdgeInsets { isHorizontal ? insets.transposed : insets }

  // MARK: Preparing

  /// Lays out every section of `source` for a collection `width` columns wide.
  ///
  /// - Complexity: O(n * c) for n items and c columns.
  public func prepare(width: Int, source: any LayoutSource) {
    preparedWidth = max(1, width)
    let direction = scrollDirection
    sections.removeAll(keepingCapacity: true)
    let sectionCount = max(0, source.numberOfSections)
    sections.reserveCapacity(sectionCount)
    var top = 0
    for index in 0..<sectionCount {
      var section = openSection(index, top: top)
      let count = max(0, source.numberOfItems(inSection: index))
      section.reserveCapacity(count)
      let across = section.itemWidth
      let (correction, order) = (aspectCorrection, itemOrder)
      source.forEachSize(ofItems: 0..<count, inSection: index, across: across, direction: direction) { size in
        section.place(height: size.length(across: across, direction: direction, aspectCorrection: correction), order: order)
      }
      section.closeSection()
      section.trimCapacity()
      top = section.bottom
      sections.append(section)
    }
    contentHeight = top
  }

  /// Lays out every section for a view of `size`: its width, and its height, which
  /// the rows share when the flow is horizontal.
  public func prepare(size: Size, source: any LayoutSource) {
    preparedHeight = max(1, size.height)
    prepare(width: size.width, source: source)
  }

  /// Lays out `count` items appended to the end of `section`, the last one; `source`
  /// already counts them.
  ///
  /// Existing cells keep their frames; the footer moves below the new items. Items
  /// appended anywhere else (an earlier section, a section the layout has not seen)
  /// or a source whose counts do not match move other elements, so the layout then
  /// prepares everything again: the answer is exact either way.
  ///
  /// - Complexity: O(k * c) for k new items and c columns; O(n * c) in the fallback.
  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    guard count > 0 else { return }
    guard section == sections.count - 1, source.numberOfSections == sections.count,
      source.numberOfItems(inSection: section) == sections[section].count + count
    else {
      prepare(width: preparedWidth, source: source)
      return
    }
    // The section is moved out, not copied (a copy would copy every existing
    // item), and placed into as a local: through the stored array, each item
    // cost an exclusivity check (append was twice as slow an item as prepare).
    // As in `prepare`, the source is not asked about the layout meanwhile.
    var placing = sections.removeLast()
    let start = placing.count
    let width = placing.itemWidth
    let direction = scrollDirection
    let (correction, order) = (aspectCorrection, itemOrder)
    source.forEachSize(ofItems: start..<(start + count), inSection: section, across: width, direction: direction) { size in
      placing.place(height: size.length(across: width, direction: direction, aspectCorrection: correction), order: order)
    }
    placing.closeSection()
    contentHeight = placing.bottom
    sections.append(placing)
  }

  private func openSection(_ index: Int, top: Int) -> WaterfallSection {
    // (No lookup without styles: a million groups open a million sections.)
    let style = sectionStyles.isEmpty ? SectionStyle() : sectionStyles[index] ?? SectionStyle()
    let width = crossExtent
    let spacing = max(0, style.columnSpacing ?? columnSpacing)
    var insets = flowInsets(style.insets ?? sectionInsets).nonNegative
    if width - insets.horizontal < 1 {
      insets.left = 0
      insets.right = 0
    }
    let available = width - insets.horizontal
    let fitting = max(1, (available + spacing) / (1 + spacing))
    let columns = min(max(1, style.columnCount ?? columnCount), fitting, Int(UInt16.max))
    let itemWidth = max(1, (available - (columns - 1) * spacing) / columns)

    var y = top
    var header: Rect?
    let headerRows = max(0, style.headerHeight ?? headerHeight)
    if headerRows > 0 {
      let hInsets = flowInsets(style.headerInsets ?? headerInsets).nonNegative
      header = Rect(
        x: hInsets.left, y: y + hInsets.top, width: max(0, width - hInsets.horizontal),
        height: headerRows)
      y += hInsets.top + headerRows + hInsets.bottom
    }
    y += insets.top
    return WaterfallSection(
      top: top, itemsTop: y, header: header, columnCount: columns, itemWidth: itemWidth,
      left: insets.left, columnSpacing: spacing, rowSpacing: max(0, style.rowSpacing ?? rowSpacing),
      insetBottom: insets.bottom, footerHeight: max(0, style.footerHeight ?? footerHeight),
      footerInsets: flowInsets(style.footerInsets ?? footerInsets).nonNegative, width: width)
  }

  // MARK: Answering

  public var contentSize: Size {
    let length = max(contentHeight, minimumContentHeight)
    return isHorizontal ? Size(width: length, height: crossExtent) : Size(width: preparedWidth, height: length)
  }

  /// The number of columns section `section` was laid out with (fewer than asked
  /// when the width is too small), or 0 when there is no such section.
  public func effectiveColumnCount(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].columnCount : 0
  }

  /// The width of every item of `section`, or 0 when there is no such section.
  public func itemWidth(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].itemWidth : 0
  }

  /// Every element sharing a cell with `rect`, plus the pinned header when
  /// ``pinsHeaders`` is set.
  ///
  /// - Complexity: O(log m + c log n + k) for m sections: a binary search for the
  ///   first section met, one search per column met of each section met (see
  ///   `ColumnStack`), then the k elements returned. ``lastQueryExaminedCount``
  ///   tells how many stored items it looked at.
  public func attributes(in contentRect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    var examined = 0
    guard !contentRect.isEmpty else {
      lastQueryExaminedCount = 0
      return result
    }
    let rect = flowRect(contentRect)
    var first = firstSection(endingAfter: rect.minY)
    var pinnedSection = -1
    if pinsHeaders, let pinned = flowPinnedHeader(at: rect.minY) {
      result.append(pinned)
      pinnedSection = pinned.indexPath.section
    }
    while first < sections.count, sections[first].top < rect.maxY {
      let section = sections[first]
      if let header = section.header, header.intersects(rect), first != pinnedSection {
        result.append(LayoutAttributes(kind: .header, indexPath: IndexPath(item: 0, section: first), frame: header))
      }
      examined += section.appendCells(in: rect, section: first, to: &result)
      if let footer = section.footer, footer.intersects(rect) {
        result.append(LayoutAttributes(kind: .footer, indexPath: IndexPath(item: 0, section: first), frame: footer))
      }
      first += 1
    }
    lastQueryExaminedCount = examined
    if isHorizontal {
      for index in result.indices { result[index].frame = result[index].frame.transposed }
    }
    return result
  }

  /// The cell of `indexPath`, or `nil` when the layout has no such item.
  ///
  /// No frame is stored per item: the item is looked for in each column of its
  /// section, whose items increase (see `WaterfallSection.location(ofItem:)`), and
  /// its top is summed from its block's. Walking every item is what
  /// ``attributes(in:)`` over the whole content does without a search per item.
  ///
  /// - Complexity: O(c log n) for c columns and n items in the section: about half
  ///   a microsecond at a million items in 3 columns.
  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.count else { return nil }
    return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: flowRect(section.frame(ofItem: indexPath.item)))
  }

  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int)
    -> LayoutAttributes?
  {
    guard sections.indices.contains(section) else { return nil }
    let frame: Rect?
    switch kind {
    case .header: frame = sections[section].header
    case .footer: frame = sections[section].footer
    case .cell: frame = nil
    }
    return frame.map { LayoutAttributes(kind: kind, indexPath: IndexPath(item: 0, section: section), frame: flowRect($0)) }
  }

  /// The header drawn at the leading edge `offset` (the top edge's `y`, or the left
  /// edge's `x` when horizontal) when headers are pinned: the header of the section
  /// under that edge, no higher than its own place and pushed up (left) by the next
  /// section.
  public func pinnedHeader(at offset: Int) -> LayoutAttributes? {
    guard var pinned = flowPinnedHeader(at: offset) else { return nil }
    pinned.frame = flowRect(pinned.frame)
    return pinned
  }

  /// ``pinnedHeader(at:)`` in the flow's coordinates.
  private func flowPinnedHeader(at y: Int) -> LayoutAttributes? {
    let index = firstSection(endingAfter: y)
    guard index < sections.count, sections[index].top <= y, let header = sections[index].header
    else { return nil }
    let pinnedY = min(max(y, header.minY), sections[index].bottom - header.height)
    var frame = header
    frame.origin.y = pinnedY
    return LayoutAttributes(
      kind: .header, indexPath: IndexPath(item: 0, section: index), frame: frame,
      isPinned: pinnedY != header.minY)
  }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    max(1, newBounds.width) != preparedWidth || (isHorizontal && max(1, newBounds.height) != preparedHeight)
  }

  /// The bytes the layout holds for its items.
  public var memoryFootprint: Int {
    sections.reduce(0) { $0 + $1.memoryFootprint }
  }

  /// Where a scroll that would stop at `proposed` comes to rest: there (a
  /// subclass may snap, as ``TableLayout`` does to its columns).
  public func targetContentOffset(forProposed proposed: Point) -> Point { proposed }

  // MARK: Searching

  /// The index of the first section whose rows reach below `y`.
  private func firstSection(endingAfter y: Int) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if sections[mid].bottom > y { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
