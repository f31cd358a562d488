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

  /// The heights at one width, by item (0: not measured yet), and how many are known.
  struct Table {
    var width: Int
    var heights: [UInt16]
    var known: Int
  }

  /// Most recently used first.
  private var tables: [Table] = []

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
    if tables.first?.width != width {
      if let index = tables.firstIndex(where: { $0.width == width }) {
        tables.insert(tables.remove(at: index), at: 0)
      } else {
        if tables.count == Self.widthLimit { tables.removeLast() }
        tables.insert(Table(width: width, heights: [], known: 0), at: 0)
      }
    }
    // The usual case as items are read: the next item's height.
    if item == tables[0].heights.count {
      tables[0].heights.append(UInt16(height))
      tables[0].known += 1
      return
    }
    if item > tables[0].heights.count {
      // Up to this item only: the array's own growth keeps appends cheap, and
      // capacity it reserves ahead costs no memory until written (zeros would).
      tables[0].heights.append(contentsOf: repeatElement(0, count: item + 1 - tables[0].heights.count))
    }
    if tables[0].heights[item] == 0 { tables[0].known += 1 }
    tables[0].heights[item] = UInt16(height)
  }

  /// Remembers the heights of a batch of items, the first being item `first`,
  /// each measured at its width (0: not measured, nothing to remember).
  ///
  /// ```swift
  /// heights.remember([(height: 3, width: 24), (height: 0, width: 0)], from: 10)   // item 10: 3 rows at 24
  /// ```
  mutating func remember(_ measured: some Sequence<(height: UInt16, width: UInt16)>, from first: Int) {
    var item = first
    for (height, width) in measured {
      if width != 0 { remember(Int(height), of: item, width: Int(width)) }
      item += 1
    }
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
    let known = table.reduce(0) { $0 + ($1 == 0 ? 0 : 1) }
    tables.insert(Table(width: width, heights: table, known: known), at: 0)
  }

  /// How many heights at `width` are known.
  func knownCount(width: Int) -> Int {
    tables.first { $0.width == width }?.known ?? 0
  }

  /// The heights known at `width`, by item (0: not known), if any are.
  func table(width: Int) -> [UInt16]? {
    tables.first { $0.width == width }?.heights
  }

  /// Heights for `count` cards at `width` to lay them out with at once: those
  /// known, and for the rest a guess from the same card's height at the width
  /// known best (its text rewrapped in proportion), or `fallback`'s measure
  /// when no width knows it. Guesses are never remembered.
  ///
  /// ```swift
  /// heights.remember(12, of: 0, width: 20)
  /// heights.estimate(count: 1, width: 38) { _ in 99 }   // [7]: 2 + 10 rows of text at half as many
  /// ```
  func estimate(count: Int, width: Int, fallback: (Int) -> Int) -> [UInt16] {
    var result = table(width: width) ?? []
    if result.count > count { result.removeLast(result.count - count) }
    result += repeatElement(0, count: count - result.count)
    let guide = tables.filter { $0.width != width }.max { $0.known < $1.known }
    // Two rows of borders stay; the rest is text (or picture) that rewraps.
    let scale = guide.map { Double(max(1, $0.width - 2)) / Double(max(1, width - 2)) } ?? 1
    for item in 0..<count where result[item] == 0 {
      var height = 0
      if let guide, item < guide.heights.count, guide.heights[item] != 0 {
        let rows = Double(max(0, Int(guide.heights[item]) - 2))
        height = 2 + Int((rows * scale).rounded(.up))
      } else {
        height = fallback(item)
      }
      result[item] = UInt16(min(max(height, 1), Int(UInt16.max) - 1))
    }
    return result
  }

  /// Drops item `item`'s heights (its picture's size became known).
  mutating func forget(_ item: Int) {
    for t in tables.indices where item < tables[t].heights.count && tables[t].heights[item] != 0 {
      tables[t].heights[item] = 0
      tables[t].known -= 1
    }
  }
}
