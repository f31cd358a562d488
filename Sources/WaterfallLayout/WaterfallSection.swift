/// The laid-out frames of one waterfall section, stored compactly.
///
/// Each item costs about 9 bytes: a ``ColumnStack/Entry`` in its column's stack
/// (8: height and item index), and a share of the column's checkpoints and item
/// samples (under 1). Nothing is kept per item beyond that: an item's column and
/// place in it are found by searching the columns (``location(ofItem:)``), since
/// each column holds its items in increasing order, and an item's top is summed
/// from its block's. A column's `x` and the item width are the same for the whole
/// section, so they are kept once.
///
/// ```swift
/// var section = WaterfallSection(
///   top: 0, itemsTop: 0, header: nil, columnCount: 2, itemWidth: 10, left: 0, columnSpacing: 1,
///   rowSpacing: 1, insetBottom: 0, footerHeight: 0, footerInsets: .zero, width: 21)
/// for height in [5, 8, 3] { section.place(height: height, order: .shortestFirst) }
/// section.frame(ofItem: 2)   // (0, 6, 10, 3): under item 0, in the shorter column
/// ```
struct WaterfallSection {
  /// The first row of the section (where its header block starts).
  var top: Int
  /// The row after the section's last row (after its footer block).
  var bottom: Int
  var header: Rect?
  var footer: Rect?
  /// The first row items may use.
  var itemsTop: Int
  /// The row after the lowest item, or `itemsTop` when there is none.
  var itemsBottom: Int

  var columnCount: Int
  var itemWidth: Int
  /// The `x` of column 0.
  var left: Int
  var columnSpacing: Int
  var rowSpacing: Int
  var insetBottom: Int
  var footerHeight: Int
  var footerInsets: EdgeInsets
  /// The full width the section spans, for its footer.
  var width: Int

  /// The items placed so far.
  private(set) var count = 0
  /// The columns, left to right, each with its items top to bottom.
  var columns: [ColumnStack]

  init(
    top: Int, itemsTop: Int, header: Rect?, columnCount: Int, itemWidth: Int, left: Int,
    columnSpacing: Int, rowSpacing: Int, insetBottom: Int, footerHeight: Int,
    footerInsets: EdgeInsets, width: Int
  ) {
    self.top = top
    self.bottom = itemsTop
    self.header = header
    self.itemsTop = itemsTop
    self.itemsBottom = itemsTop
    self.columnCount = columnCount
    self.itemWidth = itemWidth
    self.left = left
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.insetBottom = insetBottom
    self.footerHeight = footerHeight
    self.footerInsets = footerInsets
    self.width = width
    self.columns = Array(repeating: ColumnStack(top: itemsTop, spacing: rowSpacing), count: columnCount)
  }

  func x(ofColumn column: Int) -> Int {
    left + column * (itemWidth + columnSpacing)
  }

  /// The column item `index` is in and its position in that column's stack, or
  /// `nil` when the section has no such item.
  ///
  /// Each column holds its items in increasing order, so each is searched (see
  /// ``ColumnStack/position(ofItem:)``), starting with the column the item goes to
  /// in left-to-right order, then in right-to-left order: the right one at once
  /// for those orders, and often for shortest-first with even heights.
  ///
  /// - Complexity: O(c log n) for c columns.
  func location(ofItem index: Int) -> (column: Int, position: Int)? {
    guard index >= 0, index < count else { return nil }
    let guess = index % columnCount
    if let position = columns[guess].position(ofItem: index) { return (guess, position) }
    let mirrored = columnCount - 1 - guess
    if mirrored != guess, let position = columns[mirrored].position(ofItem: index) { return (mirrored, position) }
    for column in 0..<columnCount where column != guess && column != mirrored {
      if let position = columns[column].position(ofItem: index) { return (column, position) }
    }
    return nil
  }

  /// The frame of the item at `position` in column `column`.
  func frame(column: Int, position: Int) -> Rect {
    let placement = columns[column].placement(at: position)
    return Rect(x: x(ofColumn: column), y: placement.y, width: itemWidth, height: placement.height)
  }

  /// The frame of item `index`, which the section must hold.
  ///
  /// - Complexity: O(c log n) for c columns: see ``location(ofItem:)``.
  func frame(ofItem index: Int) -> Rect {
    guard let (column, position) = location(ofItem: index) else {
      preconditionFailure("item \(index) is not in a section of \(count) items")
    }
    return frame(column: column, position: position)
  }

  /// Makes room for `count` items, spread over the columns.
  mutating func reserveCapacity(_ count: Int) {
    // Columns fill about evenly; one that outgrows its share grows as arrays do,
    // and ``trimCapacity()`` gives back what a prepared section does not use.
    // A few items a column (a small group) take the room they fill, no more.
    let share = count / columnCount
    guard share >= ColumnStack.checkpointStride else { return }
    for column in columns.indices { columns[column].reserveCapacity(share + share / 16 + 16) }
  }

  /// Gives back the room reserved beyond what the columns use.
  mutating func trimCapacity() {
    for column in columns.indices { columns[column].trimCapacity() }
  }

  /// The column item `index` goes to under `order`.
  func column(forItem index: Int, order: ItemOrder) -> Int {
    switch order {
    case .leftToRight:
      return index % columnCount
    case .rightToLeft:
      return columnCount - 1 - index % columnCount
    case .shortestFirst:
      var best = 0
      var bestTop = columns[0].nextTop
      for column in 1..<columnCount where columns[column].nextTop < bestTop {
        best = column
        bestTop = columns[column].nextTop
      }
      return best
    }
  }

  /// Places one more item of `height` rows.
  mutating func place(height: Int, order: ItemOrder) {
    let index = count
    let column = column(forItem: index, order: order)
    let y = columns[column].nextTop
    columns[column].append(item: index, height: height)
    count += 1
    itemsBottom = max(itemsBottom, y + height)
  }

  /// Recomputes the footer and the section's bottom from the items placed so far.
  mutating func closeSection() {
    var y = itemsBottom + insetBottom
    if footerHeight > 0 {
      footer = Rect(
        x: footerInsets.left, y: y + footerInsets.top,
        width: max(0, width - footerInsets.horizontal), height: footerHeight)
      y += footerInsets.top + footerHeight + footerInsets.bottom
    } else {
      footer = nil
    }
    bottom = y
  }

  /// The columns whose cells share a column of the screen with `minX ..< maxX`.
  func columns(overlappingX minX: Int, _ maxX: Int) -> Range<Int> {
    var lower = 0
    while lower < columnCount, x(ofColumn: lower) + itemWidth <= minX { lower += 1 }
    var upper = lower
    while upper < columnCount, x(ofColumn: upper) < maxX { upper += 1 }
    return lower..<upper
  }

  /// Appends to `result` the cells of this section, section number `section`,
  /// that share a cell with `rect`, in item order, and returns how many stored
  /// items it looked at: one per column searched, plus each one read after it.
  ///
  /// The columns are searched side by side, one level of the search at a time
  /// (see ``ColumnStack/firstIndex(endingAfter:)``), so the cache misses of
  /// different columns overlap instead of queueing up.
  func appendCells(in rect: Rect, section: Int, to result: inout [LayoutAttributes]) -> Int {
    let visible = columns(overlappingX: rect.minX, rect.maxX)
    guard !visible.isEmpty else { return 0 }
    let y = rect.minY
    let start = result.count
    var examined = 0
    withUnsafeTemporaryAllocation(of: Int.self, capacity: visible.count) { positions in
      for (lane, column) in visible.enumerated() {
        positions[lane] = ColumnStack.firstIndex(in: columns[column].coarseCheckpoints, above: y)
      }
      for (lane, column) in visible.enumerated() {
        positions[lane] = ColumnStack.refine(positions[lane], in: columns[column].checkpoints, above: y) { $0 }
      }
      for (lane, column) in visible.enumerated() {
        positions[lane] =
          columns[column].hasCheckpoints
          ? columns[column].refineEntries(positions[lane], above: y)
          : columns[column].smallIndex(endingAfter: y)
      }
      for (lane, column) in visible.enumerated() {
        let x = x(ofColumn: column)
        let stack = columns[column]
        let entries = stack.entries
        var k = positions[lane]
        // The first entry's top is summed from its block's; each next one follows it.
        var top = stack.top(at: k)
        examined += 1
        while k < entries.count {
          let entry = entries[k]
          examined += 1
          if top >= rect.maxY { break }
          let height = Int(entry.height)
          if height > 0 {
            result.append(
              LayoutAttributes(
                kind: .cell, indexPath: IndexPath(item: Int(entry.item), section: section),
                frame: Rect(x: x, y: top, width: itemWidth, height: height)))
          }
          top += height + rowSpacing
          k += 1
        }
      }
    }
    // Each column's run is in item order; the runs interleave.
    result[start...].sort { $0.indexPath.item < $1.indexPath.item }
    return examined
  }

  /// The bytes held for items, by capacity.
  var memoryFootprint: Int {
    columns.reduce(0) { $0 + $1.memoryFootprint }
  }
}
