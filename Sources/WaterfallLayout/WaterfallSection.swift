/// The laid-out frames of one waterfall section, stored compactly.
///
/// Each item costs about 20 bytes: a ``PlacedItem`` (16) and its index in its
/// column's list (4). A column's `x` and the item width are the same for the whole
/// section, so they are kept once. Each column also keeps a checkpoint every
/// ``checkpointStride`` items (the bottom of that item), so a query finds its first
/// item with a binary search over a small, cache-friendly array and a short one
/// within a block, instead of a long search that misses the cache at every step.
struct WaterfallSection {
  /// One item's place: its top row, its height and its column.
  struct PlacedItem {
    var y: Int
    var height: Int32
    var column: UInt16

    var bottom: Int { y + Int(height) }
  }

  static let checkpointStride = 64

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

  var items: [PlacedItem] = []
  /// For each column, its items in increasing `y`.
  var columnItems: [[Int32]]
  /// For each column, the bottom of every `checkpointStride`-th item of its list.
  var checkpoints: [[Int]]
  /// For each column, the row where its next item would start.
  var columnBottoms: [Int]

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
    self.columnItems = Array(repeating: [], count: columnCount)
    self.checkpoints = Array(repeating: [], count: columnCount)
    self.columnBottoms = Array(repeating: itemsTop, count: columnCount)
  }

  var count: Int { items.count }

  func x(ofColumn column: Int) -> Int {
    left + column * (itemWidth + columnSpacing)
  }

  func frame(ofItem index: Int) -> Rect {
    let item = items[index]
    return Rect(x: x(ofColumn: Int(item.column)), y: item.y, width: itemWidth, height: Int(item.height))
  }

  mutating func reserveCapacity(_ count: Int) {
    items.reserveCapacity(count)
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
      var bestBottom = columnBottoms[0]
      for column in 1..<columnCount where columnBottoms[column] < bestBottom {
        best = column
        bestBottom = columnBottoms[column]
      }
      return best
    }
  }

  /// Places one more item of `height` rows.
  mutating func place(height: Int, order: ItemOrder) {
    let index = items.count
    let column = column(forItem: index, order: order)
    let y = columnBottoms[column]
    items.append(PlacedItem(y: y, height: Int32(height), column: UInt16(column)))
    if columnItems[column].count % Self.checkpointStride == 0 {
      checkpoints[column].append(y + height)
    }
    columnItems[column].append(Int32(index))
    columnBottoms[column] = y + height + rowSpacing
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

  /// The position in column `column`'s list of its first item whose rows reach
  /// below `y`. Items of a column are stacked, so their bottoms increase along the
  /// list.
  ///
  /// - Complexity: O(log n), touching O(log(n / stride) + log stride) cache lines.
  func firstItem(inColumn column: Int, endingAfter y: Int) -> Int {
    let marks = checkpoints[column]
    // The first checkpoint whose item reaches below y.
    var low = 0
    var high = marks.count
    while low < high {
      let mid = (low + high) / 2
      if marks[mid] > y { high = mid } else { low = mid + 1 }
    }
    let list = columnItems[column]
    // The answer lies after the previous checkpoint and no later than this one.
    var lo = low == 0 ? 0 : (low - 1) * Self.checkpointStride + 1
    var hi = min(list.count, low * Self.checkpointStride)
    if low == marks.count { hi = list.count }
    while lo < hi {
      let mid = (lo + hi) / 2
      if items[Int(list[mid])].bottom > y { hi = mid } else { lo = mid + 1 }
    }
    return lo
  }

  /// The bytes held for items, by capacity.
  var memoryFootprint: Int {
    items.capacity * MemoryLayout<PlacedItem>.stride
      + columnItems.reduce(0) { $0 + $1.capacity * MemoryLayout<Int32>.stride }
      + checkpoints.reduce(0) { $0 + $1.capacity * MemoryLayout<Int>.stride }
  }
}
