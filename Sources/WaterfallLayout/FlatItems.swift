/// The items of every section as one sequence: what the carousel, the circle and
/// the mosaic lay out, where sections follow one another without a break.
///
/// An item's place in the sequence is its flat index; empty sections take no place.
///
/// ```swift
/// let items = FlatItems(source: FixedLayoutSource(sections: [[.height(1)], [], [.height(1), .height(1)]]))
/// items.count                                    // 3
/// items.indexPath(at: 2)                         // [2, 1]
/// items.flatIndex(of: IndexPath(item: 0, section: 2))   // 1
/// ```
struct FlatItems {
  /// The flat index of each section's first item.
  private(set) var starts: [Int] = []
  /// Each section's item count.
  private(set) var counts: [Int] = []
  /// How many items there are in all.
  private(set) var count = 0

  init() {}

  init(source: any LayoutSource) {
    for section in 0..<max(0, source.numberOfSections) {
      starts.append(count)
      let items = max(0, source.numberOfItems(inSection: section))
      counts.append(items)
      count += items
    }
  }

  /// Adds `added` items at the end of `section`; the sections after it (empty, for
  /// an append) move along.
  mutating func append(_ added: Int, toSection section: Int) {
    guard counts.indices.contains(section), added > 0 else { return }
    counts[section] += added
    for later in (section + 1)..<counts.count { starts[later] += added }
    count += added
  }

  /// Takes in `added` items appended to `section`, which `source` already counts;
  /// anything but an append to the last section reads every count again.
  mutating func append(_ added: Int, toSection section: Int, source: any LayoutSource) {
    guard section == counts.count - 1, source.numberOfSections == counts.count,
      source.numberOfItems(inSection: section) == counts[section] + added
    else {
      self = FlatItems(source: source)
      return
    }
    append(added, toSection: section)
  }

  /// The cells of flat indices `range` whose frames (`frame(index)`) share a cell
  /// with `rect`, in order: what a layout placing items by flat index answers.
  func cells(_ range: Range<Int>, in rect: Rect, frame: (Int) -> Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for index in range.clamped(to: 0..<count) {
      let box = frame(index)
      if box.intersects(rect) { result.append(LayoutAttributes(kind: .cell, indexPath: indexPath(at: index), frame: box)) }
    }
    return result
  }

  /// The cell of `indexPath` at `frame(flatIndex)`, or `nil` when there is no such item.
  func cell(at indexPath: IndexPath, frame: (Int) -> Rect) -> LayoutAttributes? {
    flatIndex(of: indexPath).map { LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame($0)) }
  }

  /// The flat index of `indexPath`, or `nil` when there is no such item.
  func flatIndex(of indexPath: IndexPath) -> Int? {
    guard counts.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < counts[indexPath.section]
    else { return nil }
    return starts[indexPath.section] + indexPath.item
  }

  /// The index path of flat index `flat`, which must be in `0 ..< count`.
  ///
  /// - Complexity: O(log s) for s sections.
  func indexPath(at flat: Int) -> IndexPath {
    // The last section starting at or before `flat`: empty sections start where
    // the next one does, so the last one is the section that holds it.
    var low = 0
    var high = starts.count
    while low < high {
      let mid = (low + high) / 2
      if starts[mid] <= flat { low = mid + 1 } else { high = mid }
    }
    let section = low - 1
    return IndexPath(item: flat - starts[section], section: section)
  }
}

/// Integer division rounding toward negative infinity.
@inline(__always)
func floorDivide(_ a: Int, _ b: Int) -> Int {
  let q = a / b
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
}
