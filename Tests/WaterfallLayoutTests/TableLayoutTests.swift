import Testing
import TestSupport

@testable import WaterfallLayout

/// The table: one row per item, as wide as its columns (or the view), under a
/// header that sticks; sideways scrolls rest at a column's start.
@Suite struct TableLayoutTests {
  static func table(_ widths: [Int] = [8, 5, 30], gap: Int = 2, header: Int = 1) -> TableLayout {
    TableLayout(columnWidths: widths, columnGap: gap, headerHeight: header)
  }

  @Test func rowsAreOneRowTallAndAsWideAsTheTable() {
    let table = Self.table()
    table.prepare(width: 30, source: FixedLayoutSource(heights: [4, 9, 1]))
    #expect(table.tableWidth == 47)
    #expect(table.contentSize == Size(width: 47, height: 4))
    #expect(table.attributesForItem(at: IndexPath(item: 0))?.frame == Rect(x: 0, y: 1, width: 47, height: 1))
    #expect(table.attributesForItem(at: IndexPath(item: 2))?.frame == Rect(x: 0, y: 3, width: 47, height: 1))
    #expect(table.attributesForSupplementary(.header, inSection: 0)?.frame == Rect(x: 0, y: 0, width: 47, height: 1))
  }

  @Test func aTableNarrowerThanTheViewFillsIt() {
    let table = Self.table()
    table.prepare(width: 100, source: FixedLayoutSource(heights: [1, 1]))
    #expect(table.contentSize.width == 100)
    #expect(table.attributesForItem(at: IndexPath(item: 1))?.frame.width == 100)
  }

  @Test func aWideTableScrollsAsFarAsItsLastColumnAtTheLeftEdge() {
    let table = Self.table([10, 10, 4], gap: 1)
    #expect(table.tableWidth == 26)
    #expect(table.contentWidth(viewWidth: 20) == 22 + 20)
    #expect(table.contentWidth(viewWidth: 26) == 26)
    #expect(table.contentWidth(viewWidth: 30) == 30)
    #expect(Self.table([]).contentWidth(viewWidth: 30) == 30)
  }

  @Test func columnsStartWhereTheWidthsAndGapsSay() {
    let table = Self.table()
    #expect((0...2).map(table.columnX) == [0, 10, 17])
    #expect(table.column(atX: -1) == nil)
    #expect(table.column(atX: 0) == 0 && table.column(atX: 9) == 0)
    #expect(table.column(atX: 10) == 1 && table.column(atX: 16) == 1)
    #expect(table.column(atX: 17) == 2 && table.column(atX: 46) == 2)
    #expect(table.column(atX: 47) == nil)
  }

  @Test func aSidewaysScrollRestsAtAColumnsStart() {
    let table = Self.table()
    table.prepare(width: 20, source: FixedLayoutSource(heights: [1]))
    #expect(table.targetContentOffset(forProposed: Point(x: 0, y: 5)) == Point(x: 0, y: 5))
    #expect(table.targetContentOffset(forProposed: Point(x: 12, y: 0)) == Point(x: 10, y: 0))
    #expect(table.targetContentOffset(forProposed: Point(x: 30, y: 0)) == Point(x: 17, y: 0))
    #expect(table.targetContentOffset(forProposed: Point(x: 90, y: 0)) == Point(x: 17, y: 0))
    // Through the protocol, as the view asks.
    let layout: any CollectionLayout = table
    #expect(layout.targetContentOffset(forProposed: Point(x: 12, y: 0)) == Point(x: 10, y: 0))
  }

  @Test func theHeaderSticksToTheTopAndEachGroupHasItsOwn() {
    let table = Self.table(header: 2)
    table.prepare(width: 47, source: FixedLayoutSource(sections: [Array(repeating: .height(1), count: 10), [.height(1), .height(1)]]))
    let pinned = table.attributes(in: Rect(x: 0, y: 5, width: 47, height: 4)).first { $0.kind == .header }
    #expect(pinned?.isPinned == true && pinned?.frame == Rect(x: 0, y: 5, width: 47, height: 2))
    #expect(pinned?.indexPath.section == 0)
    #expect(table.attributesForSupplementary(.header, inSection: 1)?.frame.minY == 12)
    #expect(table.attributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 14)
  }

  @Test func appendedRowsGoUnderTheLastAndMoveNothing() {
    let table = Self.table()
    var heights = [1, 1, 1]
    table.prepare(width: 30, source: FixedLayoutSource(heights: heights))
    let before = table.allAttributes().filter { $0.kind == .cell }
    heights += [5, 5]
    table.appendItems(count: 2, toSection: 0, source: FixedLayoutSource(heights: heights))
    let after = table.allAttributes().filter { $0.kind == .cell }
    #expect(Array(after.prefix(3)) == before)
    #expect(after.last?.frame == Rect(x: 0, y: 5, width: 47, height: 1))
  }

  @Test(arguments: [0, 1, 2, 7, 100])
  func theLayoutLawsHold(count: Int) {
    var generator = SeededGenerator(seed: UInt64(count) + 3)
    let source = FixedLayoutSource(sections: [
      (0..<count).map { _ in .height(Int.random(in: 1...9, using: &generator)) }, [], [.height(2)],
    ])
    let table = Self.table()
    table.pinsHeaders = false  // the laws' brute force knows no pinned header
    table.prepare(width: 40, source: source)
    #expect(LayoutLaws.placement(table, source: source).isEmpty)
    #expect(LayoutLaws.everyItemPlaced(table, source: source).isEmpty)
    let rects = LayoutLaws.rects(around: table.contentSize, count: 40, using: &generator)
    #expect(LayoutLaws.queries(table, rects: rects).isEmpty)
  }
}
