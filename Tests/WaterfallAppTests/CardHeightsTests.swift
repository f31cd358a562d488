import Foundation
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

  /// Heights remembered in order as items are read keep a table as long as
  /// the items: no run of zeros ahead of them that would cost memory.
  @Test func aTableGrowsNoFurtherThanItsItems() {
    var heights = CardHeights()
    for item in 0..<1000 { heights.remember(3, of: item, width: 24) }
    #expect(heights.table(width: 24)?.count == 1000)
    heights.remember(4, of: 1500, width: 24)
    #expect(heights.table(width: 24)?.count == 1501)
    #expect(heights.knownCount(width: 24) == 1001)
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

/// Cards measured ahead on a worker, for the next `+`, `-` and `z`.
@Suite struct HeightPrefetchTests {
  /// Heights asked in a batch (what appending cards to the layout asks) are
  /// those asked one by one, whether some, all or none are known yet.
  @Test func heightsAskedInABatchAreTheOnesAskedAlone() {
    let store = SearchEngineTests.store(300)
    let fresh = SearchEngineTests.store(300)
    // Known: every third card, then the rest measured as the batch goes.
    for item in stride(from: 0, to: store.count, by: 3) { _ = store.cardHeight(at: item, width: 24) }
    for _ in 0..<2 {
      var batch: [Int] = []
      store.forEachLayoutHeight(of: 0..<store.count, width: 24) { batch.append($0) }
      #expect(batch == (0..<fresh.count).map { fresh.layoutHeight(at: $0, width: 24) })
    }
    #expect(store.knownHeightCount(width: 24) == store.count)
  }

  @Test func theNextColumnCountsAndCardSizeAreMeasuredAhead() {
    let store = SearchEngineTests.store(1_500)
    let b = Fixture.browser(store, threshold: 20_000, prefetch: 1_000, animates: true)
    let widths = [1, -1].map { change -> Int in
      var next = b.cards.policy
      next.options.columns = b.columns + change
      return b.cards.itemWidth(for: next)
    }
    #expect(widths.allSatisfy { store.knownHeightCount(width: $0) < store.count }, "measured ahead, not here")
    b.cards.heightsWorker.runPending()
    #expect(b.takePrefetchedHeights() == b.prefetchWidths.count, "each width asked for")
    #expect(Set(widths).isSubset(of: b.prefetchWidths), "the next column counts among them")
    for width in widths {
      #expect(store.knownHeightCount(width: width) == store.count)
      let fresh = SearchEngineTests.store(1_500)
      for item in stride(from: 0, to: store.count, by: 7) {
        #expect(store.cardHeight(at: item, width: width) == fresh.cardHeight(at: item, width: width))
      }
    }
    // `+` lays the cards out at a width measured already.
    _ = b.handle(.key(.character("+")))
    #expect(b.collectionView.visibleCells.count > 0)
  }

  @Test func aTableMeasuredElsewhereKeepsTheHeightsKnown() {
    var heights = CardHeights()
    heights.remember(9, of: 1, width: 30)
    heights.install([4, 5, 6], width: 30)
    #expect(heights.height(of: 0, width: 30) == 4)
    #expect(heights.height(of: 1, width: 30) == 9)
    #expect(heights.knownCount(width: 30) == 3)
  }
}
