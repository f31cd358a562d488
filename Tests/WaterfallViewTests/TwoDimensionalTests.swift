import Testing
import WaterfallLayout
@testable import WaterfallView

/// The collection view with a two-dimensional offset: a horizontal waterfall, the
/// carousel and the circle drawn, scrolled, recycled and navigated.
@Suite struct TwoDimensionalTests {
  func horizontal(width: Int = 30, height: Int = 8, headers: [String]? = nil, sections: [[(String, Int)]]? = nil) -> Fixture {
    let titles = ["Mug", "Teapot", "Lamp", "Chair", "Desk", "Rug", "Vase", "Clock"]
    let widths = [8, 12, 6, 10, 7, 6, 9, 8]
    return Fixture(
      sections: sections ?? [zip(titles, widths).map { ($0, $1) }],
      frame: Rect(x: 0, y: 0, width: width, height: height),
      layout: WaterfallLayout(
        columnCount: 2, columnSpacing: 0, rowSpacing: 1, headerHeight: headers == nil ? 0 : 7,
        pinsHeaders: true, scrollDirection: .horizontal),
      headers: headers)
  }

  @Test func aHorizontalWaterfallFlowsIntoTheShortestRow() {
    let fixture = horizontal()
    #expect(fixture.render() == """
      ┌──────┐ ┌────┐ ┌─────┐ ┌────┐
      │Mug   │ │Lamp│ │Desk │ │Rug │
      │      │ │    │ │     │ │    │
      └──────┘ └────┘ └─────┘ └────┘
      ┌──────────┐ ┌────────┐ ┌─────
      │Teapot    │ │Chair   │ │Vase
      │          │ │        │ │
      └──────────┘ └────────┘ └─────
      """)
  }

  @Test func cardsCrossingTheLeftEdgeAreClipped() {
    let fixture = horizontal()
    fixture.view.scroll(byColumns: 4)
    #expect(fixture.view.scrollOffset == Point(x: 4, y: 0))
    #expect(fixture.view.contentOffset == 0, "the vertical convenience is the y")
    #expect(fixture.render() == """
      ───┐ ┌────┐ ┌─────┐ ┌────┐ ┌──
         │ │Lamp│ │Desk │ │Rug │ │Cl
         │ │    │ │     │ │    │ │
      ───┘ └────┘ └─────┘ └────┘ └──
      ───────┐ ┌────────┐ ┌───────┐
      pot    │ │Chair   │ │Vase   │
             │ │        │ │       │
      ───────┘ └────────┘ └───────┘
      """)
  }

  @Test func theSelectionScrollsSidewaysAndPagesGoRight() {
    let fixture = horizontal()
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 0))
    #expect(view.moveSelection(.right))
    #expect(view.selectedIndexPath == IndexPath(item: 2))
    #expect(view.moveSelection(.down))
    // Lamp (9..<15 in row 0) shares more columns with Teapot (0..<12) than with
    // Chair (13..<23) in the row below.
    #expect(view.selectedIndexPath == IndexPath(item: 1), "down is the row below")
    view.selectLastItem()
    #expect(view.selectedIndexPath == IndexPath(item: 7))
    #expect(view.scrollOffset == Point(x: view.maximumScrollOffset.x, y: 0))
    #expect(view.distanceToEnd == 0)
    view.selectFirstItem()
    #expect(view.distanceToEnd == view.contentSize.width - 30)
    view.moveSelection(byPages: 1)
    #expect(view.scrollOffset.x == min(30, view.maximumScrollOffset.x))
    #expect(view.scrollOffset.y == 0)
  }

  @Test func headersArePinnedToTheLeftEdge() {
    let fixture = horizontal(
      width: 24, height: 8, headers: ["Fruit", "Tools"],
      sections: [[("One", 12), ("Two", 12), ("Three", 10)], [("Four", 8)]])
    fixture.view.scroll(byColumns: 5)
    #expect(fixture.render() == """
             ──────┐ ┌────────
                   │ │Three
                   │ │
             ──────┘ └────────
       Fruit ──────┐
                   │
                   │
             ──────┘
      """)
  }

  @Test func scrollingTenThousandItemsSidewaysCreatesOnlyWhatIsVisible() {
    let source = CountingSource(count: 10_000)
    let view = CollectionView(
      frame: Rect(x: 0, y: 0, width: 60, height: 20),
      layout: WaterfallLayout(columnCount: 3, columnSpacing: 1, scrollDirection: .horizontal))
    view.register(CountingCell.self, forCellWithReuseIdentifier: "card")
    view.dataSource = source
    view.delegate = source
    view.reloadData()
    var mostVisible = 0
    while true {
      view.layoutSubviews()
      mostVisible = max(mostVisible, view.visibleCells.count)
      if view.distanceToEnd == 0 { break }
      view.scroll(byColumns: 1)
    }
    #expect(view.reusePool.createdCount <= mostVisible + 3, "most visible at once: \(mostVisible)")
    #expect(view.reusePool.createdCount + view.reusePool.reusedCount >= 10_000)
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 9_999)))
  }

  @Test func theCarouselCentresTheSelectionAndTheCentredCardIsLargest() {
    let line = LineLayout(itemSize: Size(width: 12, height: 6), spacing: 1, minimumItemSize: Size(width: 6, height: 4))
    let fixture = Fixture(heights: Array(repeating: 1, count: 5), frame: Rect(x: 0, y: 0, width: 36, height: 6), layout: line)
    fixture.view.centresSelection = true
    fixture.view.selectItem(at: IndexPath(item: 0))
    #expect(fixture.view.scrollOffset == .zero)
    fixture.view.moveSelection(.right)
    #expect(fixture.view.scrollOffset == Point(x: 13, y: 0), "item 1 rests in the middle")
    #expect(fixture.render() == """
                  ┏━━━━━━━━━━┓
       ┌──────┐   ┃Item 1    ┃   ┌──────┐
       │Item 0│   ┃          ┃   │Item 2│
       │      │   ┃          ┃   │      │
       └──────┘   ┃          ┃   └──────┘
                  ┗━━━━━━━━━━┛
      """)
    fixture.view.selectLastItem()
    #expect(fixture.view.scrollOffset == Point(x: 4 * 13, y: 0), "the last card can be centred")
    #expect(fixture.view.restingOffset(forProposed: Point(x: 20, y: 0)) == Point(x: 26, y: 0))
  }

  @Test func theCircleDrawsItsFrontCardLast() {
    let circle = CircleLayout(itemSize: Size(width: 10, height: 3), frontItemSize: Size(width: 14, height: 5))
    let fixture = Fixture(heights: Array(repeating: 1, count: 6), frame: Rect(x: 0, y: 0, width: 40, height: 14), layout: circle)
    fixture.view.selectItem(at: IndexPath(item: 2))
    #expect(circle.frontItem == IndexPath(item: 2))
    let front = fixture.view.frameForItem(at: IndexPath(item: 2))!
    #expect(front.maxY == 14 && front.midX == 20, "at the bottom, in the middle")
    let text = fixture.render().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(text[front.minY].contains("┏━━━━━━━━━━━━┓"), "whole, over its neighbours")
    #expect(fixture.view.indexPathForItem(at: Point(x: front.midX, y: front.midY)) == IndexPath(item: 2))
  }
}
