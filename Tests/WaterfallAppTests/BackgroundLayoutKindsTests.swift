import Foundation
import Synchronization
import Testing
import TestSupport
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// Every layout at scale: the grids and the list are laid out on the worker
/// (a stand-in placing the cards around the selection exactly meanwhile), the
/// carousel, the circle and the mosaic here at no cost per card; the result
/// equals the layout made on the main thread, frame for frame, whatever the
/// order the keys and results come in.
@Suite struct BackgroundLayoutKindsTests {
  static let size = BackgroundLayoutTests.size

  /// A browser over `store` that lays out on a worker from 1,000 cards up,
  /// its worker's jobs run when the test says.
  static func browser(_ store: ItemStore, animates: Bool = false, direction: ScrollDirection = .vertical) -> Browser {
    var options = Browser.Options()
    options.parameters.direction = direction
    return Fixture.browser(store, options: options, animates: animates)
  }

  /// The frames a browser of `kind` made on the main thread gives every card,
  /// with item `selected` selected (the carousel and the circle place cards by
  /// the selection).
  static func reference(
    _ store: ItemStore, kind: LayoutKind, selected: Int?, size: Size = size, direction: ScrollDirection = .vertical
  ) -> [Rect?] {
    var options = Browser.Options()
    options.animates = false
    options.layout = kind
    options.parameters.direction = direction
    let b = Browser(store: store, options: options, size: size)
    if let selected { b.select(item: selected) }
    b.draw(in: CellBuffer(width: size.width, height: size.height))
    return BackgroundLayoutTests.frames(b)
  }

  @Test(arguments: [ScrollDirection.vertical, .horizontal])
  func everyLayoutAtScaleEqualsTheOneMadeHereFrameForFrame(direction: ScrollDirection) {
    let store = BackgroundLayoutTests.store(3_000)
    let b = Self.browser(store, direction: direction)
    b.select(item: 1_234)
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    for _ in LayoutKind.allCases {
      _ = b.handle(.key(.character("L")))
      let kind = b.options.layout
      #expect(b.isLayingOut == !kind.placesByIndex, "\(kind): the worker lays out what places every card")
      #expect(b.selectedItem == 1_234, "\(kind): the selection stays on its card")
      BackgroundLayoutTests.settle(b)
      b.draw(in: screen)
      #expect(!(b.collectionView.layout is WindowLayout), "\(kind): the whole layout is in")
      #expect(b.selectedItem == 1_234)
      let reference = Self.reference(store, kind: kind, selected: 1_234, direction: direction)
      #expect(BackgroundLayoutTests.firstDifference(BackgroundLayoutTests.frames(b), reference) == nil, "\(kind)")
    }
    #expect(b.options.layout == .waterfall)
    // Sideways the rows share the height: a new height is laid out again, on the worker.
    b.resize(to: Size(width: Self.size.width, height: 40))
    #expect(b.isLayingOut == (direction == .horizontal))
    #expect(b.selectedItem == 1_234)
    BackgroundLayoutTests.settle(b)
    let resized = Self.reference(store, kind: .waterfall, selected: 1_234, size: Size(width: Self.size.width, height: 40), direction: direction)
    #expect(BackgroundLayoutTests.firstDifference(BackgroundLayoutTests.frames(b), resized) == nil)
  }

  @Test(arguments: [ScrollDirection.vertical, .horizontal])
  func theStandInPlacesCardsOfOneSizeExactly(direction: ScrollDirection) throws {
    let store = BackgroundLayoutTests.store(3_000)
    let b = Self.browser(store, direction: direction)
    b.select(item: 2_001)
    for kind in [LayoutKind.grid, .gridLarge, .list] {
      while b.options.layout != kind { _ = b.handle(.key(.character("L"))) }
      let window = try #require(b.collectionView.layout as? WindowLayout, "\(kind): a stand-in while the worker runs")
      #expect(window.items.contains(2_001))
      let reference = Self.reference(store, kind: kind, selected: 2_001, direction: kind == .list ? .vertical : direction)
      let view = b.collectionView
      let wrong = window.items.filter { view.frameForItem(at: IndexPath(item: $0)) != reference[$0] }
      #expect(wrong.isEmpty, "\(kind): \(wrong.count) cards misplaced")
      #expect(view.contentSize == Self.contentSize(store, kind: kind, direction: direction), "\(kind)")
    }
  }

  static func contentSize(_ store: ItemStore, kind: LayoutKind, direction: ScrollDirection) -> Size {
    var options = Browser.Options()
    options.layout = kind
    options.parameters.direction = direction
    return Browser(store: store, options: options, size: size).collectionView.contentSize
  }

  @Test func aLayoutForAnEarlierKeyIsNeverInstalled() throws {
    let store = BackgroundLayoutTests.store(3_000)
    let b = Self.browser(store)
    b.select(item: 700)
    _ = b.handle(.key(.character("L")))  // the grid
    let first = try #require(b.cards.phase.task?.generation)
    // The grid's job runs, and is done, before the next key.
    b.cards.worker.runPending()
    _ = b.handle(.key(.character("L")))  // the large grid
    let second = try #require(b.cards.phase.task?.generation)
    #expect(first != second)
    b.takeBackgroundWork()
    #expect(b.collectionView.layout is WindowLayout, "the grid's layout is not the large grid's")
    #expect(b.isLayingOut)
    b.cards.worker.runPending()
    b.takeBackgroundWork()
    #expect(!b.isLayingOut)
    #expect(b.options.layout == .gridLarge)
    #expect(BackgroundLayoutTests.firstDifference(BackgroundLayoutTests.frames(b), Self.reference(store, kind: .gridLarge, selected: 700)) == nil)
    #expect(b.selectedItem == 700)
  }

  @Test func plusMinusResizeHideAndUndoInTheGridGoToTheWorker() {
    let store = BackgroundLayoutTests.store(3_000)
    let b = Self.browser(store)
    b.select(item: 1_500)
    _ = b.handle(.key(.character("L")))
    BackgroundLayoutTests.settle(b)
    #expect(b.options.layout == .grid)
    b.resize(to: Size(width: 90, height: 30))
    #expect(b.isLayingOut, "a new width: on the worker")
    #expect(b.selectedItem == 1_500)
    BackgroundLayoutTests.settle(b)
    #expect(BackgroundLayoutTests.firstDifference(BackgroundLayoutTests.frames(b), Self.reference(store, kind: .grid, selected: 1_500, size: Size(width: 90, height: 30))) == nil)
    b.resize(to: Size(width: 90, height: 40))
    #expect(!b.isLayingOut, "a new height alone changes nothing")
    b.resize(to: Self.size)
    BackgroundLayoutTests.settle(b)
    _ = b.handle(.key(.character("x")))
    #expect(b.isLayingOut)
    #expect(b.selectedItem == 1_501)
    BackgroundLayoutTests.settle(b)
    #expect(b.counts.shown == 2_999)
    #expect(BackgroundLayoutTests.frames(b).allSatisfy { $0 != nil })
    _ = b.handle(.key(.character("u")))
    #expect(b.selectedItem == 1_500)
    BackgroundLayoutTests.settle(b)
    #expect(BackgroundLayoutTests.firstDifference(BackgroundLayoutTests.frames(b), Self.reference(store, kind: .grid, selected: 1_500)) == nil)
  }

  @Test(arguments: [ScrollDirection.vertical, .horizontal])
  func downAndPageDownGoOnPastTheStandInsFirstRun(direction: ScrollDirection) throws {
    let store = BackgroundLayoutTests.store(3_000)
    for kind in [LayoutKind.waterfall, .grid] {
      let b = Self.browser(store, direction: direction)
      // Along the flow: down a column, or right along a row.
      let forward: Key = direction == .horizontal ? .right : .down
      b.select(item: 1_000)
      if kind == .waterfall { _ = b.handle(.key(.character("+"))) } else { _ = b.handle(.key(.character("L"))) }
      let first = try #require(b.collectionView.layout as? WindowLayout).items
      let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
      var seen = Set<Int>()
      var blank = 0
      for _ in 0..<200 {
        _ = b.handle(.key(.pageDown))
        b.draw(in: screen)
        seen.insert(b.selectedItem ?? -1)
        // The screen is never blank while cards remain: the run reaches past it.
        if let window = b.collectionView.layout as? WindowLayout, window.items.upperBound < 3_000,
          window.attributes(in: b.collectionView.visibleRect).isEmpty
        {
          blank += 1
        }
      }
      #expect(b.collectionView.layout is WindowLayout, "\(kind): still the stand-in")
      #expect(blank == 0, "\(kind): screens with no card")
      #expect((seen.max() ?? 0) >= first.upperBound, "\(kind): PageDown went past the first run's end")
      for _ in 0..<400 { _ = b.handle(.key(forward)) }
      let down = try #require(b.selectedItem)
      #expect(down > (seen.max() ?? 0) || down >= 2_990, "\(kind): Down goes on too")
      _ = b.handle(.key(.character("G")))
      #expect(b.selectedItem == 2_999, "\(kind): G reaches the last card")
      #expect(b.collectionView.frameForItem(at: IndexPath(item: 2_999)).map { b.collectionView.visibleRect.intersects($0) } == true)
      _ = b.handle(.key(.character("g")))
      #expect(b.selectedItem == 0)
      #expect(b.collectionView.scrollOffset == .zero)
      #expect(b.collectionView.frameForItem(at: IndexPath(item: 0)).map { direction == .horizontal ? $0.minX : $0.minY } == 0)
      BackgroundLayoutTests.settle(b)
      #expect(b.selectedItem == 0)
      #expect(!(b.collectionView.layout is WindowLayout))
    }
  }
}
