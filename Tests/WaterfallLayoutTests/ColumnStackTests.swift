import Testing
import TestSupport
@testable import WaterfallLayout

/// The per-column store behind every query: its two-level search must agree with a
/// plain scan at every size, across block boundaries and with zero-height items.
@Suite struct ColumnStackTests {
  @Test func theDocumentedExample() {
    var stack = ColumnStack(top: 0, spacing: 1)
    stack.append(item: 0, height: 4)
    stack.append(item: 3, height: 2)
    #expect(stack.placements().map(\.y) == [0, 5])
    #expect(stack.placement(at: 1) == ColumnStack.Placement(y: 5, height: 2, item: 3))
    #expect(stack.position(ofItem: 3) == 1)
    #expect(stack.position(ofItem: 2) == nil)
    #expect(stack.firstIndex(endingAfter: 3) == 0)
    #expect(stack.firstIndex(endingAfter: 4) == 1, "half-open: item 0 ends at row 4, so row 4 is below it")
    #expect(stack.firstIndex(endingAfter: 7) == 2)
    #expect(stack.nextTop == 8)
  }

  /// Sizes around one block (16 entries) and one coarse block (256).
  static let sizes = [0, 1, 2, 15, 16, 17, 31, 255, 256, 257, 4_095, 4_097, 10_000]

  @Test(arguments: sizes)
  func searchAgreesWithAScan(count: Int) {
    var g = SeededGenerator(seed: UInt64(count) &+ 5)
    let spacing = count % 2
    var stack = ColumnStack(top: 3, spacing: spacing)
    for item in 0..<count {
      // Zero heights with no spacing give equal bottoms: the search must still find the first.
      stack.append(item: item * 3, height: Int.random(in: 0...4, using: &g))
    }
    // A column of one window or less is counted, not searched.
    #expect(stack.checkpoints.count == (count <= 16 ? 0 : (count + 15) / 16))
    #expect(stack.coarseCheckpoints.count == (count <= 16 ? 0 : (count + 255) / 256))
    #expect(stack.itemSamples.count == stack.checkpoints.count)
    let bottoms = stack.placements().map(\.bottom)
    var ys = Array(-1...12) + [stack.nextTop - 1, stack.nextTop, stack.nextTop + 1]
    ys += (0..<300).map { _ in Int.random(in: 0...max(0, stack.nextTop), using: &g) }
    for y in ys {
      let expected = bottoms.firstIndex { $0 > y } ?? count
      #expect(stack.firstIndex(endingAfter: y) == expected, "count \(count), y \(y)")
    }
  }

  @Test(arguments: [0, 1, 2, 3, 7, 8, 100])
  func branchFreeBinarySearch(count: Int) {
    let sorted = (0..<count).map { $0 * 2 }  // 0, 2, 4, …
    for y in -2...(2 * count + 1) {
      #expect(ColumnStack.firstIndex(in: sorted, above: y) == (sorted.firstIndex { $0 > y } ?? count))
    }
  }

  @Test func trimmingGivesBackUnusedRoomAndKeepsTheEntries() {
    var stack = ColumnStack(top: 0, spacing: 0)
    stack.reserveCapacity(10_000)
    for item in 0..<100 { stack.append(item: item, height: 2) }
    let before = stack.placements().map(\.y)
    stack.trimCapacity()
    #expect(stack.placements().map(\.y) == before)
    #expect(stack.entries.capacity < 200)
    #expect(stack.firstIndex(endingAfter: 51) == 25)
  }

  /// A plain column: each item's top, height and index, summed one after another.
  static func reference(top: Int, spacing: Int, heights: [Int], items: [Int]) -> [ColumnStack.Placement] {
    var y = top
    return zip(heights, items).map { height, item in
      defer { y += height + spacing }
      return ColumnStack.Placement(y: y, height: height, item: item)
    }
  }

  @Test(arguments: sizes)
  func topsAndItemLookupsAgreeWithAPlainColumn(count: Int) {
    var g = SeededGenerator(seed: UInt64(count) &+ 17)
    let spacing = count % 3
    var stack = ColumnStack(top: 7, spacing: spacing)
    var heights: [Int] = []
    var items: [Int] = []
    var item = Int.random(in: 0...3, using: &g)
    for _ in 0..<count {
      // Every height the layout can give, zero and the largest among them.
      let height = [0, 1, 5, 65_535, 65_536, ItemSize.maximumHeight].randomElement(using: &g)!
      stack.append(item: item, height: height)
      heights.append(height)
      items.append(item)
      item += Int.random(in: 1...4, using: &g)
    }
    let expected = Self.reference(top: 7, spacing: spacing, heights: heights, items: items)
    #expect(Array(stack.placements()) == expected)
    for position in 0..<count {
      #expect(stack.placement(at: position) == expected[position], "count \(count), position \(position)")
      #expect(stack.position(ofItem: items[position]) == position, "count \(count), item \(items[position])")
    }
    #expect(stack.top(at: count) == stack.nextTop)
    // Items between, before and after the column's are not found.
    let absent = Set(0...(item + 2)).subtracting(items)
    for missing in absent.sorted().prefix(2_000) {
      #expect(stack.position(ofItem: missing) == nil, "count \(count), item \(missing)")
    }
    #expect(stack.position(ofItem: -1) == nil)
  }

  /// A hundred million items in one column pass `Int32.max` rows; the tops are
  /// summed from `Int` checkpoints, so they stay exact far beyond it.
  @Test func topsBeyondInt32AreExact() {
    var stack = ColumnStack(top: 5, spacing: 2)
    let height = ItemSize.maximumHeight
    let count = 5_000  // 5,000 × 2^20 rows: about 5.2 billion
    for item in 0..<count { stack.append(item: item * 2, height: height - item % 3) }
    var y = 5
    for position in 0..<count {
      let placed = stack.placement(at: position)
      #expect(placed.y == y && placed.height == height - position % 3 && placed.item == position * 2)
      #expect(stack.position(ofItem: position * 2) == position)
      #expect(stack.firstIndex(endingAfter: y) == position)
      y += height - position % 3 + 2
    }
    #expect(stack.nextTop == y)
    #expect(y > 2 * Int(Int32.max))
  }

  @Test func anEntryIsEightBytes() {
    #expect(MemoryLayout<ColumnStack.Entry>.stride == 8)
  }
}
