/// Card heights already measured, for the last few widths: two bytes a card a
/// width, filled in as cards are measured.
///
/// A card's height depends only on its content and its width (and a picture's
/// size read later, which ``forget(_:)`` drops), so a height measured once at a
/// width holds until the data is read again.
///
/// ```swift
/// var heights = CardHeights()
/// heights.remember(7, of: 3, width: 24)
/// heights.height(of: 3, width: 24)   // 7
/// heights.height(of: 3, width: 30)   // nil: not measured at 30
/// ```
struct CardHeights {
  /// The most widths kept; the least recently used goes first.
  static let widthLimit = 6

  /// Heights by item at one width; 0: not measured yet.
  private var tables: [(width: Int, heights: [UInt16])] = []

  func height(of item: Int, width: Int) -> Int? {
    for t in tables.indices where tables[t].width == width {
      guard item < tables[t].heights.count else { return nil }
      let height = tables[t].heights[item]
      return height == 0 ? nil : Int(height)
    }
    return nil
  }

  mutating func remember(_ height: Int, of item: Int, width: Int) {
    guard height > 0, height < Int(UInt16.max) else { return }
    var index = tables.firstIndex { $0.width == width }
    if index == nil {
      if tables.count == Self.widthLimit { tables.removeLast() }
      tables.insert((width, []), at: 0)
      index = 0
    } else if index != 0 {
      // Most recently used first.
      tables.insert(tables.remove(at: index!), at: 0)
      index = 0
    }
    if item >= tables[0].heights.count {
      tables[0].heights.append(contentsOf: repeatElement(0, count: max(item + 1, tables[0].heights.count * 2) - tables[0].heights.count))
    }
    tables[0].heights[item] = UInt16(height)
  }

  /// Takes a whole table of heights at `width` measured elsewhere, keeping any
  /// height known already; it becomes the most recently used.
  mutating func install(_ measured: [UInt16], width: Int) {
    var table = measured
    if let index = tables.firstIndex(where: { $0.width == width }) {
      let old = tables.remove(at: index).heights
      for (item, height) in old.enumerated() where height != 0 {
        if item < table.count { table[item] = height } else { break }
      }
      if old.count > table.count { table += old[table.count...] }
    } else if tables.count == Self.widthLimit {
      tables.removeLast()
    }
    tables.insert((width, table), at: 0)
  }

  /// How many heights at `width` are known.
  func knownCount(width: Int) -> Int {
    tables.first { $0.width == width }?.heights.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } ?? 0
  }

  /// Drops item `item`'s heights (its picture's size became known).
  mutating func forget(_ item: Int) {
    for t in tables.indices where item < tables[t].heights.count { tables[t].heights[item] = 0 }
  }
}
