import Testing
import TestSupport
@testable import WaterfallLayout

/// The per-column store behind every query: its two-level search must agree with a
/// plain scan at every size, across block boundaries and with zero-height items.
@Suite struct ColumnStackTests {
  @Test func theDocumentedExample() {
    var stack = ColumnStack(top: 0)
    stack.append(item: 0, height: 4, spacing: 1)
    stack.append(item: 3, height: 2, spacing: 1)
    #expect(stack.entries.map(\.y) == [0, 5])
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
    var stack = ColumnStack(top: 3)
    for item in 0..<count {
      // Zero heights with no spacing give equal bottoms: the search must still find the first.
      stack.append(item: item * 3, height: Int.random(in: 0...4, using: &g), spacing: spacing)
    }
    // A column of one window or less is counted, not searched.
    #expect(stack.checkpoints.count == (count <= 16 ? 0 : (count + 15) / 16))
    #expect(stack.coarseCheckpoints.count == (count <= 16 ? 0 : (count + 255) / 256))
    let bottoms = stack.entries.map(\.bottom)
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
    var stack = ColumnStack(top: 0)
    stack.reserveCapacity(10_000)
    for item in 0..<100 { stack.append(item: item, height: 2, spacing: 0) }
    let before = stack.entries.map(\.y)
    stack.trimCapacity()
    #expect(stack.entries.map(\.y) == before)
    #expect(stack.entries.capacity < 200)
    #expect(stack.firstIndex(endingAfter: 51) == 25)
  }
}
