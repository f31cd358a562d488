import Testing
import WaterfallLayout

/// A run of items laid out alone, placed where the whole layout will put it.
@Suite struct WindowLayoutTests {
  static let heights = (0..<500).map { 3 + ($0 * 7919) % 11 }

  @Test func theRunIsLaidOutAloneFromItsTop() {
    let window = WindowLayout(base: WaterfallLayout(columnCount: 3), section: 0, items: 200..<260, top: 1_000, contentHeight: 5_000)
    window.prepare(width: 60, source: FixedLayoutSource(heights: Self.heights))
    let alone = WaterfallLayout(columnCount: 3)
    alone.prepare(width: 60, source: FixedLayoutSource(heights: Array(Self.heights[200..<260])))
    for item in 200..<260 {
      var expected = alone.attributesForItem(at: IndexPath(item: item - 200))!.frame
      expected.origin.y += 1_000
      #expect(window.attributesForItem(at: IndexPath(item: item))?.frame == expected)
    }
    #expect(window.attributesForItem(at: IndexPath(item: 199)) == nil)
    #expect(window.attributesForItem(at: IndexPath(item: 260)) == nil)
    #expect(window.contentSize == Size(width: 60, height: 5_000))
    let shown = window.attributes(in: Rect(x: 0, y: 0, width: 60, height: 10_000)).map(\.indexPath.item)
    #expect(Set(shown) == Set(200..<260))
    #expect(window.attributes(in: Rect(x: 0, y: 0, width: 60, height: 1_000)).isEmpty)
  }

  @Test func theArrowKeysStopAtTheRunsEnds() {
    let window = WindowLayout(base: WaterfallLayout(columnCount: 1), section: 0, items: 10..<20, top: 0, contentHeight: 100)
    window.prepare(width: 20, source: FixedLayoutSource(heights: Self.heights))
    #expect(window.neighbor(of: IndexPath(item: 10), toward: .down) == IndexPath(item: 11))
    #expect(window.neighbor(of: IndexPath(item: 19), toward: .down) == nil)
    #expect(window.neighbor(of: IndexPath(item: 10), toward: .up) == nil)
    #expect(window.neighbor(of: IndexPath(item: 5), toward: .down) == nil)
  }

  @Test func aSidewaysRunStartsAtItsColumn() {
    let flow = { WaterfallLayout(columnCount: 2, scrollDirection: .horizontal) }
    let window = WindowLayout(base: flow(), section: 0, items: 100..<140, top: 700, contentHeight: 3_000)
    #expect(window.scrollDirection == .horizontal)
    let size = Size(width: 80, height: 20)
    window.prepare(size: size, source: FixedLayoutSource(heights: Self.heights))
    let alone = flow()
    alone.prepare(size: size, source: FixedLayoutSource(heights: Array(Self.heights[100..<140])))
    for item in 100..<140 {
      var expected = alone.attributesForItem(at: IndexPath(item: item - 100))!.frame
      expected.origin.x += 700
      #expect(window.attributesForItem(at: IndexPath(item: item))?.frame == expected)
    }
    #expect(window.contentSize == Size(width: 3_000, height: 20))
    #expect(window.attributes(in: Rect(x: 0, y: 0, width: 700, height: 20)).isEmpty)
    #expect(Set(window.attributes(in: Rect(x: 700, y: 0, width: 10_000, height: 20)).map(\.indexPath.item)) == Set(100..<140))
    #expect(window.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 80, height: 30)), "the rows share a new height")
    #expect(!window.shouldInvalidate(forBoundsChange: Rect(x: 50, y: 0, width: 80, height: 20)))
  }
}
