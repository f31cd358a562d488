import Testing
import WaterfallLayout
@testable import WaterfallView

/// Spatial navigation: (layout, start item, key) -> the item selected after.
@Suite struct NavigationTests {
  /// The CHT example, scaled down: 3 columns of width 10, heights 10, 5, 10, 15, …
  ///
  ///     column 0: 0 (0..<10)  4 (10..<20)  7 (20..<35)
  ///     column 1: 1 (0..<5)   3 (5..<20)   8 (20..<30)  10 (30..<40)
  ///     column 2: 2 (0..<10)  5 (10..<15)  6 (15..<25)  9 (25..<30)  11 (30..<45)
  static func waterfall() -> Fixture {
    Fixture(
      heights: (0..<12).map { [10, 5, 10, 15][$0 % 4] }, frame: Rect(x: 0, y: 0, width: 30, height: 10),
      layout: WaterfallLayout(columnCount: 3))
  }

  /// Two columns given items left to right; column 0 ends long before column 1.
  ///
  ///     column 0: 0 (0..<2)   2 (2..<4)    4 (4..<6)
  ///     column 1: 1 (0..<10)  3 (10..<20)  5 (20..<30)
  static func unevenColumns() -> Fixture {
    Fixture(
      heights: [2, 10, 2, 10, 2, 10], frame: Rect(x: 0, y: 0, width: 20, height: 10),
      layout: WaterfallLayout(columnCount: 2, itemOrder: .leftToRight))
  }

  static let cases: [(name: String, start: Int, key: NavigationDirection, expected: Int)] = [
    ("waterfall", 0, .down, 4), ("waterfall", 4, .down, 7), ("waterfall", 7, .down, 7),
    ("waterfall", 0, .up, 0), ("waterfall", 9, .up, 6), ("waterfall", 9, .down, 11),
    ("waterfall", 0, .right, 3), ("waterfall", 3, .left, 4), ("waterfall", 3, .right, 5),
    ("waterfall", 1, .left, 0), ("waterfall", 2, .right, 2), ("waterfall", 0, .left, 0),
    ("waterfall", 7, .right, 8), ("waterfall", 11, .left, 10), ("waterfall", 10, .left, 7),
    ("waterfall", 11, .down, 11), ("waterfall", 10, .right, 11),
    ("uneven", 5, .left, 4), ("uneven", 3, .left, 4), ("uneven", 0, .right, 1), ("uneven", 4, .right, 1),
    ("uneven", 4, .down, 4), ("uneven", 1, .down, 3),
    // The first and last items of uneven columns: nothing beyond them.
    ("uneven", 0, .up, 0), ("uneven", 0, .left, 0), ("uneven", 5, .down, 5), ("uneven", 5, .right, 5),
    ("uneven", 1, .up, 1), ("uneven", 2, .right, 1), ("uneven", 5, .up, 3),
  ]

  @Test(arguments: cases.indices)
  func arrowKeys(index: Int) {
    let c = Self.cases[index]
    let fixture = c.name == "waterfall" ? Self.waterfall() : Self.unevenColumns()
    fixture.view.selectItem(at: IndexPath(item: c.start))
    fixture.view.moveSelection(c.key)
    #expect(fixture.view.selectedIndexPath == IndexPath(item: c.expected), "\(c)")
    // The selected card is always whole on screen.
    let frame = fixture.view.frameForItem(at: IndexPath(item: c.expected))!
    #expect(fixture.view.visibleRect.contains(frame) || frame.height > fixture.view.frame.height)
  }

  @Test func sectionsAreCrossedInTheNearestColumn() {
    let layout = WaterfallLayout(columnCount: 3, headerHeight: 1)
    layout.sectionStyles[2] = SectionStyle(columnCount: 2)
    let fixture = Fixture(
      sections: [[("a", 3), ("b", 3), ("c", 3)], [], [("d", 3), ("e", 3)]],
      frame: Rect(x: 0, y: 0, width: 30, height: 6), layout: layout, headers: ["one", "two", "three"])
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 2, section: 0))
    view.moveSelection(.down)
    #expect(view.selectedIndexPath == IndexPath(item: 1, section: 2), "column 2 of 3 lies over column 1 of 2")
    view.moveSelection(.left)
    #expect(view.selectedIndexPath == IndexPath(item: 0, section: 2))
    view.moveSelection(.up)
    #expect(view.selectedIndexPath == IndexPath(item: 0, section: 0), "the empty section is skipped")
    view.moveSelection(.up)
    #expect(view.selectedIndexPath == IndexPath(item: 0, section: 0))
  }

  @Test func homeEndAndPages() {
    let fixture = Self.waterfall()
    let view = fixture.view
    view.selectLastItem()
    #expect(view.selectedIndexPath == IndexPath(item: 11))
    #expect(view.contentOffset == 30, "item 11 is taller than the view: its top shows")
    view.selectFirstItem()
    #expect(view.selectedIndexPath == IndexPath(item: 0))
    #expect(view.contentOffset == 0)
    view.moveSelection(byPages: 1)
    #expect(view.contentOffset == 10)
    #expect(view.selectedIndexPath == IndexPath(item: 4), "row 15 of column 0")
    view.moveSelection(byPages: 1)
    #expect(view.contentOffset == 20)
    #expect(view.selectedIndexPath == IndexPath(item: 7), "row 25 of column 0")
    view.moveSelection(byPages: 1)
    #expect(view.contentOffset == 30, "item 7 is taller than the view and partly on screen: no scroll back")
    #expect(view.selectedIndexPath == IndexPath(item: 7))
    view.moveSelection(byPages: 1)
    #expect(view.contentOffset == view.maximumContentOffset)
    #expect(view.selectedIndexPath == IndexPath(item: 11), "column 0 has nothing on screen: the farthest card")
    view.moveSelection(byPages: -5)
    #expect(view.contentOffset == 0)
    #expect(view.selectedIndexPath == IndexPath(item: 2), "the top card of item 11's column")
  }

  @Test func nothingSelectedSelectsTheFirstItem() {
    let fixture = Self.waterfall()
    #expect(fixture.view.selectedIndexPath == nil)
    fixture.view.moveSelection(.down)
    #expect(fixture.view.selectedIndexPath == IndexPath(item: 0))
  }

  @Test func noItemsNoCrash() {
    let fixture = Fixture(heights: [], frame: Rect(x: 0, y: 0, width: 30, height: 10), layout: WaterfallLayout())
    for key in NavigationDirection.allCases { #expect(!fixture.view.moveSelection(key)) }
    fixture.view.selectLastItem()
    fixture.view.moveSelection(byPages: 1)
    #expect(fixture.view.selectedIndexPath == nil)
    #expect(fixture.render().allSatisfy { $0 == "\n" })
  }

  @Test func scrollToItemScrollsNoMoreThanNeeded() {
    // One column of 3-row cards: item i covers rows 3i ..< 3i + 3; the view shows 10 rows.
    let fixture = Fixture(
      heights: Array(repeating: 3, count: 20), frame: Rect(x: 0, y: 0, width: 20, height: 10),
      layout: WaterfallLayout(columnCount: 1))
    let view = fixture.view
    view.scrollToItem(at: IndexPath(item: 4))  // 12..<15: its bottom comes to the view's bottom
    #expect(view.contentOffset == 5)
    view.scrollToItem(at: IndexPath(item: 2))  // 6..<9 is already whole on screen
    #expect(view.contentOffset == 5)
    view.scrollToItem(at: IndexPath(item: 1))  // 3..<6: its top comes to the view's top
    #expect(view.contentOffset == 3)
    view.scrollToItem(at: IndexPath(item: 19))  // the last card: its bottom at the bottom
    #expect(view.contentOffset == 50)
    #expect(view.contentOffset == view.maximumContentOffset)
  }

  @Test func contentOffsetStaysWithinTheContent() {
    let fixture = Fixture(
      heights: Array(repeating: 3, count: 20), frame: Rect(x: 0, y: 0, width: 20, height: 10),
      layout: WaterfallLayout(columnCount: 1))
    let view = fixture.view
    #expect(view.maximumContentOffset == 50)
    view.setContentOffset(-5)
    #expect(view.contentOffset == 0)
    view.setContentOffset(1_000)
    #expect(view.contentOffset == 50)
    view.scroll(byRows: -7)
    #expect(view.contentOffset == 43)
    view.scroll(byPages: -2)
    #expect(view.contentOffset == 23)
    view.scroll(byPages: -3)
    #expect(view.contentOffset == 0)
    view.scroll(byRows: 4)
    #expect(view.contentOffset == 4)
    #expect(view.indexPathsForVisibleItems.map(\.item) == [1, 2, 3, 4])
    // Content shorter than the view does not scroll at all.
    let short = Fixture(heights: [3, 3], frame: Rect(x: 0, y: 0, width: 20, height: 10), layout: WaterfallLayout(columnCount: 1))
    short.view.scroll(byRows: 3)
    #expect(short.view.contentOffset == 0)
  }

  @Test func scrollToItemShowsTheCardWholeWithTheLeastScroll() {
    let fixture = Self.waterfall()
    let view = fixture.view
    view.scrollToItem(at: IndexPath(item: 6))  // 15..<25
    #expect(view.contentOffset == 15)
    view.scrollToItem(at: IndexPath(item: 5))  // 10..<15
    #expect(view.contentOffset == 10)
    view.scrollToItem(at: IndexPath(item: 11))  // 30..<45, taller than the view: its top
    #expect(view.contentOffset == 30)
  }

  @Test func settingALayoutKeepsTheSelectionOnScreen() {
    let fixture = Fixture(
      heights: (0..<200).map { 3 + $0 % 5 }, frame: Rect(x: 0, y: 0, width: 60, height: 20),
      layout: WaterfallLayout(columnCount: 4))
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 120))
    view.setContentOffset(view.frameForItem(at: IndexPath(item: 120))!.minY - 5)
    let row = 5
    for layout: any CollectionLayout in [GridLayout(itemSize: GridLayout.small), ListLayout(), WaterfallLayout(columnCount: 2)] {
      view.setLayout(layout)
      let frame = view.frameForItem(at: IndexPath(item: 120))!
      #expect(view.selectedIndexPath == IndexPath(item: 120))
      #expect(view.visibleRect.contains(frame))
      #expect(frame.minY - view.contentOffset == row, "kept at the same screen row")
    }
  }

  @Test func resizingReflowsAndKeepsTheSelectionOnScreen() {
    let fixture = Fixture(
      heights: (0..<200).map { 3 + $0 % 5 }, frame: Rect(x: 0, y: 0, width: 120, height: 40),
      layout: WaterfallLayout(columnCount: 6))
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 150))
    view.frame = Rect(x: 0, y: 0, width: 60, height: 20)
    #expect(view.visibleRect.contains(view.frameForItem(at: IndexPath(item: 150))!))
    #expect(view.contentSize.width == 60)
  }

  @Test func appendingGoesThroughTheLayoutsAppendPath() {
    let spy = SpyLayout(WaterfallLayout(columnCount: 2))
    let fixture = Fixture(heights: [3, 4, 5], frame: Rect(x: 0, y: 0, width: 20, height: 10), layout: spy)
    fixture.view.layoutSubviews()
    #expect(spy.prepared == 1)
    fixture.sections[0] += [("new", 2), ("newer", 6)]
    fixture.view.appendItems(count: 2, toSection: 0)
    fixture.view.layoutSubviews()
    #expect(spy.prepared == 1, "no full layout")
    #expect(spy.appended == [2])
    #expect(fixture.view.indexPathsForVisibleItems.map(\.item) == [0, 1, 2, 3, 4])
  }

  @Test func appendingKeepsCardsOnScreenInPlace() {
    let fixture = Self.waterfall()
    let view = fixture.view
    view.setContentOffset(5)
    let before = fixture.render()
    fixture.sections[0] += [("new", 4), ("newer", 6)]
    view.appendItems(count: 2, toSection: 0)
    #expect(fixture.render() == before)
    #expect(view.frameForItem(at: IndexPath(item: 13)) != nil)
  }
}

/// A layout that counts how the view uses it, and hands every question to a
/// waterfall.
final class SpyLayout: CollectionLayout {
  let base: WaterfallLayout
  var prepared = 0
  var appended: [Int] = []

  init(_ base: WaterfallLayout) { self.base = base }

  func prepare(width: Int, source: any LayoutSource) {
    prepared += 1
    base.prepare(width: width, source: source)
  }
  var contentSize: Size { base.contentSize }
  func attributes(in rect: Rect) -> [LayoutAttributes] { base.attributes(in: rect) }
  func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { base.attributesForItem(at: indexPath) }
  func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? {
    base.attributesForSupplementary(kind, inSection: section)
  }
  func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { base.shouldInvalidate(forBoundsChange: newBounds) }
  func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    appended.append(count)
    base.appendItems(count: count, toSection: section, source: source)
  }
  func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    base.neighbor(of: indexPath, toward: direction)
  }
}
