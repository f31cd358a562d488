import Testing
import WaterfallLayout
@testable import WaterfallApp

/// Card heights kept per width: the same answers as measuring, fewer widths than the limit kept.
@Suite struct CardHeightsTests {
  @Test func remembersPerWidthAndForgets() {
    var heights = CardHeights()
    heights.remember(7, of: 3, width: 24)
    #expect(heights.height(of: 3, width: 24) == 7)
    #expect(heights.height(of: 2, width: 24) == nil)
    #expect(heights.height(of: 3, width: 30) == nil)
    for width in 1...CardHeights.widthLimit { heights.remember(5, of: 0, width: 100 + width) }
    #expect(heights.height(of: 3, width: 24) == nil, "the least recently used width went")
    heights.remember(9, of: 1, width: 104)
    heights.forget(1)
    #expect(heights.height(of: 1, width: 104) == nil)
    heights.remember(70_000, of: 2, width: 104)
    #expect(heights.height(of: 2, width: 104) == nil, "too tall to keep: measured each time")
  }

  @Test func keptHeightsAreTheMeasuredOnes() {
    let store = SearchEngineTests.store(400)
    let fresh = SearchEngineTests.store(400)
    for width in [10, 24, 31, 24, 10, 50, 7, 24] {
      for item in 0..<store.count {
        #expect(store.cardHeight(at: item, width: width) == CardPlan(content: fresh.content(at: item), width: width).height)
      }
    }
  }
}
