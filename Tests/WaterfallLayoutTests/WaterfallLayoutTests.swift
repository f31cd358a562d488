import Testing
import TestSupport
@testable import WaterfallLayout

/// Exact frames, including two examples worked out by other waterfall implementations
/// (their points are our cells), and the edge cases CHT's users ran into.
@Suite struct WaterfallLayoutTests {
  func cells(_ layout: some CollectionLayout) -> [Rect] {
    layout.allAttributes().filter { $0.kind == .cell }.map(\.frame)
  }

  @Test func chtExampleWithHeaderFooterInsetsAndSpacing() {
    let layout = WaterfallLayout(
      columnCount: 2, columnSpacing: 10, rowSpacing: 10, sectionInsets: EdgeInsets(all: 10),
      headerHeight: 50, footerHeight: 30, aspectCorrection: 1)
    let source = FixedLayoutSource(sections: [[
      .aspect(width: 100, height: 100), .aspect(width: 100, height: 200),
      .aspect(width: 100, height: 50), .aspect(width: 100, height: 100),
    ]])
    layout.prepare(width: 320, source: source)
    #expect(layout.attributesForSupplementary(.header, inSection: 0)?.frame == Rect(x: 0, y: 0, width: 320, height: 50))
    #expect(cells(layout) == [
      Rect(x: 10, y: 60, width: 145, height: 145),
      Rect(x: 165, y: 60, width: 145, height: 290),
      Rect(x: 10, y: 215, width: 145, height: 72),
      Rect(x: 10, y: 297, width: 145, height: 145),
    ])
    #expect(layout.attributesForSupplementary(.footer, inSection: 0)?.frame == Rect(x: 0, y: 452, width: 320, height: 30))
    #expect(layout.contentSize == Size(width: 320, height: 482))
  }

  @Test func shortestColumnFirstWithTiesToTheLowestColumn() {
    let layout = WaterfallLayout(columnCount: 3)
    let heights = (0..<12).map { [100, 50, 100, 150][$0 % 4] }
    layout.prepare(width: 150, source: FixedLayoutSource(heights: heights))
    let origins = cells(layout).map { Point(x: $0.minX, y: $0.minY) }
    let expected = [
      (0, 0), (50, 0), (100, 0), (50, 50), (0, 100), (100, 100),
      (100, 150), (0, 200), (50, 200), (100, 250), (50, 300), (100, 300),
    ].map { Point(x: $0.0, y: $0.1) }
    #expect(origins == expected)
    #expect(cells(layout).allSatisfy { $0.width == 50 })
    #expect(cells(layout).map(\.height) == heights)
    #expect(layout.contentSize == Size(width: 150, height: 450))
  }

  @Test func leftToRightAndRightToLeftOrders() {
    let heights = [5, 1, 1, 1, 1, 1]
    let ltr = WaterfallLayout(columnCount: 3, itemOrder: .leftToRight)
    ltr.prepare(width: 30, source: FixedLayoutSource(heights: heights))
    #expect(cells(ltr).map(\.minX) == [0, 10, 20, 0, 10, 20])
    #expect(cells(ltr).map(\.minY) == [0, 0, 0, 5, 1, 1])
    let rtl = WaterfallLayout(columnCount: 3, itemOrder: .rightToLeft)
    rtl.prepare(width: 30, source: FixedLayoutSource(heights: heights))
    #expect(cells(rtl).map(\.minX) == [20, 10, 0, 20, 10, 0])
  }

  @Test func aspectCorrectionHalvesPictureHeights() {
    let layout = WaterfallLayout(columnCount: 1, aspectCorrection: 0.5)
    layout.prepare(width: 20, source: FixedLayoutSource(sections: [[.aspect(width: 300, height: 400)]]))
    #expect(cells(layout) == [Rect(x: 0, y: 0, width: 20, height: 13)])
  }

  @Test func sourceIsAskedWithTheItemWidth() {
    final class Recorder: LayoutSource {
      var widths: Set<Int> = []
      var numberOfSections: Int { 1 }
      func numberOfItems(inSection section: Int) -> Int { 4 }
      func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize {
        widths.insert(width)
        return .height(60 / width)
      }
    }
    let recorder = Recorder()
    let layout = WaterfallLayout(columnCount: 3, columnSpacing: 2, sectionInsets: EdgeInsets(left: 1, right: 1))
    layout.prepare(width: 50, source: recorder)
    #expect(recorder.widths == [14])  // floor((50 - 2 - 2 * 2) / 3)
    #expect(cells(layout).allSatisfy { $0.height == 4 })
  }

  // MARK: Sections, headers, footers

  @Test func perSectionStylesOverrideTheDefaults() {
    let layout = WaterfallLayout(columnCount: 2, rowSpacing: 1, headerHeight: 1)
    layout.sectionStyles[1] = SectionStyle(
      columnCount: 4, rowSpacing: 0, insets: EdgeInsets(top: 1, left: 0, bottom: 1, right: 0),
      headerHeight: 3, headerInsets: EdgeInsets(left: 2, right: 2), footerHeight: 2)
    layout.prepare(width: 40, source: FixedLayoutSource(sections: [
      [.height(2), .height(2)], [.height(1), .height(1), .height(1), .height(1), .height(1)],
    ]))
    #expect(layout.attributesForSupplementary(.header, inSection: 0)?.frame == Rect(x: 0, y: 0, width: 40, height: 1))
    #expect(layout.attributesForSupplementary(.footer, inSection: 0) == nil)
    // Section 0 ends at row 3; section 1's header is inset by 2 on each side.
    #expect(layout.attributesForSupplementary(.header, inSection: 1)?.frame == Rect(x: 2, y: 3, width: 36, height: 3))
    let second = layout.allAttributes().filter { $0.kind == .cell && $0.indexPath.section == 1 }.map(\.frame)
    #expect(second == [
      Rect(x: 0, y: 7, width: 10, height: 1), Rect(x: 10, y: 7, width: 10, height: 1),
      Rect(x: 20, y: 7, width: 10, height: 1), Rect(x: 30, y: 7, width: 10, height: 1),
      Rect(x: 0, y: 8, width: 10, height: 1),
    ])
    #expect(layout.attributesForSupplementary(.footer, inSection: 1)?.frame == Rect(x: 0, y: 10, width: 40, height: 2))
    #expect(layout.contentSize.height == 12)
  }

  @Test func noRowSpacingNextToHeadersAndFooters() {
    let layout = WaterfallLayout(columnCount: 1, rowSpacing: 3, headerHeight: 1, footerHeight: 1)
    layout.prepare(width: 10, source: FixedLayoutSource(heights: [2, 2]))
    #expect(cells(layout) == [Rect(x: 0, y: 1, width: 10, height: 2), Rect(x: 0, y: 6, width: 10, height: 2)])
    #expect(layout.attributesForSupplementary(.footer, inSection: 0)?.frame.minY == 8)
  }

  @Test func emptySectionsKeepTheirHeadersAndFootersWithoutOverlap() {
    let layout = WaterfallLayout(columnCount: 3, rowSpacing: 1, headerHeight: 2, footerHeight: 1)
    layout.prepare(width: 30, source: FixedLayoutSource(sections: [[], [.height(4)], [], []]))
    let all = layout.allAttributes()
    #expect(all.map(\.kind) == [.header, .footer, .header, .cell, .footer, .header, .footer, .header, .footer])
    #expect(all.map(\.frame.minY) == [0, 2, 3, 5, 9, 10, 12, 13, 15])
    #expect(layout.contentSize.height == 16)
    #expect(layout.invariantViolations() == [])
  }

  @Test func noSectionsAndZeroItems() {
    let layout = WaterfallLayout(columnCount: 3, minimumContentHeight: 5)
    layout.prepare(width: 30, source: FixedLayoutSource(sections: []))
    #expect(layout.allAttributes().isEmpty)
    #expect(layout.contentSize == Size(width: 30, height: 5))
    #expect(layout.attributesForItem(at: IndexPath(item: 0)) == nil)
    layout.prepare(width: 30, source: FixedLayoutSource(sections: [[]]))
    #expect(layout.allAttributes().isEmpty)
    #expect(layout.attributesForSupplementary(.header, inSection: 0) == nil)
  }

  @Test func minimumContentHeightOnlyRaisesTheHeight() {
    let layout = WaterfallLayout(columnCount: 1, minimumContentHeight: 10)
    layout.prepare(width: 10, source: FixedLayoutSource(heights: [4]))
    #expect(layout.contentSize.height == 10)
    layout.prepare(width: 10, source: FixedLayoutSource(heights: [40]))
    #expect(layout.contentSize.height == 40)
  }

  @Test func oneColumnStacksEveryItem() {
    let layout = WaterfallLayout(columnCount: 1, rowSpacing: 1, sectionInsets: EdgeInsets(left: 2, right: 2))
    layout.prepare(width: 20, source: FixedLayoutSource(heights: [3, 0, 2]))
    // A zero-height item covers no cell, so no rect meets it, but it has its place.
    #expect(cells(layout) == [Rect(x: 2, y: 0, width: 16, height: 3), Rect(x: 2, y: 5, width: 16, height: 2)])
    #expect(layout.attributesForItem(at: IndexPath(item: 1))?.frame == Rect(x: 2, y: 4, width: 16, height: 0))
    #expect(layout.contentSize.height == 7)
  }

  // MARK: Narrow widths

  @Test func moreColumnsThanItems() {
    let layout = WaterfallLayout(columnCount: 8)
    layout.prepare(width: 80, source: FixedLayoutSource(heights: [3, 4]))
    #expect(cells(layout) == [Rect(x: 0, y: 0, width: 10, height: 3), Rect(x: 10, y: 0, width: 10, height: 4)])
  }

  @Test(arguments: [0, 1, 2, 3, 5, 7])
  func widthTooSmallForTheColumnsKeepsOneCellWideColumns(width: Int) {
    let layout = WaterfallLayout(columnCount: 6, columnSpacing: 2, sectionInsets: EdgeInsets(all: 3))
    layout.prepare(width: width, source: FixedLayoutSource(heights: [1, 2, 3, 4, 5, 6, 7]))
    let frames = cells(layout)
    #expect(frames.count == 7)
    #expect(frames.allSatisfy { $0.width >= 1 && $0.minX >= 0 && $0.maxX <= max(1, width) })
    #expect(layout.effectiveColumnCount(inSection: 0) >= 1)
    #expect(layout.invariantViolations() == [])
  }

  @Test func onlyAWidthChangeInvalidates() {
    let layout = WaterfallLayout(columnCount: 3)
    layout.prepare(width: 80, source: FixedLayoutSource(heights: [3]))
    #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 500, width: 80, height: 10)))
    #expect(!layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 80, height: 99)))
    #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 81, height: 10)))
  }

  // MARK: Queries

  @Test func queriesReturnWhatIntersectsInItemOrder() {
    let layout = WaterfallLayout(columnCount: 3)
    let heights = (0..<12).map { [100, 50, 100, 150][$0 % 4] }
    layout.prepare(width: 150, source: FixedLayoutSource(heights: heights))
    // Rows 100..<150: items 3 (50..<200), 4 (100..<200), 5 (100..<150).
    let hits = layout.attributes(in: Rect(x: 0, y: 100, width: 150, height: 50))
    #expect(hits.map(\.indexPath.item) == [3, 4, 5])
    // Row 150 only (half-open): 5 ends at 150, so it is out; 6 starts at 150.
    #expect(layout.attributes(in: Rect(x: 0, y: 150, width: 150, height: 1)).map(\.indexPath.item) == [3, 4, 6])
    // A rect covering one column only.
    #expect(layout.attributes(in: Rect(x: 50, y: 0, width: 50, height: 400)).map(\.indexPath.item) == [1, 3, 8, 10])
    #expect(layout.attributes(in: Rect(x: 0, y: 100, width: 150, height: 0)).isEmpty)
  }

  @Test func queryCostGrowsWithWhatItReturnsNotWithTheItemCount() {
    let layout = WaterfallLayout(columnCount: 4)
    var generator = SeededGenerator(seed: 7)
    for count in [1_000, 100_000] {
      let heights = (0..<count).map { _ in Int.random(in: 3...12, using: &generator) }
      layout.prepare(width: 200, source: FixedLayoutSource(heights: heights))
      let middle = layout.contentSize.height / 2
      let hits = layout.attributes(in: Rect(x: 0, y: middle, width: 200, height: 60))
      // Each column examines what it returns, plus at most one item before and one
      // after; the binary searches are counted once per column.
      #expect(layout.lastQueryExaminedCount <= hits.count + 3 * 4, "count \(count)")
    }
  }

  // MARK: Sticky headers

  @Test func stickyHeaderPinsToTheTopEdgeAndIsPushedUpByTheNextSection() {
    let layout = WaterfallLayout(columnCount: 1, headerHeight: 1, pinsHeaders: true)
    layout.prepare(width: 10, source: FixedLayoutSource(sections: [
      Array(repeating: .height(5), count: 4), Array(repeating: .height(5), count: 4),
    ]))
    // Section 0: header row 0, items 1..<21. Section 1: header row 21, items 22..<42.
    func pinned(_ y: Int) -> LayoutAttributes? {
      layout.attributes(in: Rect(x: 0, y: y, width: 10, height: 5)).first { $0.kind == .header }
    }
    #expect(pinned(0)?.frame.minY == 0)
    #expect(pinned(0)?.isPinned == false)
    #expect(pinned(7)?.frame.minY == 7)
    #expect(pinned(7)?.isPinned == true)
    #expect(pinned(7)?.indexPath.section == 0)
    // Near the end of section 0, its header is pushed up by section 1's header.
    #expect(pinned(20)?.frame.minY == 20)
    #expect(pinned(20)?.indexPath.section == 0)
    let atBoundary = layout.attributes(in: Rect(x: 0, y: 21, width: 10, height: 5)).filter { $0.kind == .header }
    #expect(atBoundary.map(\.indexPath.section) == [1])
    #expect(pinned(30)?.frame.minY == 30)
    #expect(pinned(30)?.indexPath.section == 1)
    // Only one header per section is returned.
    #expect(layout.attributes(in: Rect(x: 0, y: 7, width: 10, height: 30)).filter { $0.kind == .header }.count == 2)
  }

  @Test func stickyHeaderIsPushedUpRowByRowByTheNextHeader() {
    let layout = WaterfallLayout(columnCount: 2, headerHeight: 3, pinsHeaders: true)
    layout.prepare(width: 20, source: FixedLayoutSource(sections: [
      Array(repeating: .height(4), count: 6), Array(repeating: .height(4), count: 6),
    ]))
    // Section 0: header rows 0..<3, items 3..<15. Section 1's header starts at row 15.
    #expect(layout.attributesForSupplementary(.header, inSection: 1)?.frame.minY == 15)
    func headers(at y: Int) -> [LayoutAttributes] {
      layout.attributes(in: Rect(x: 0, y: y, width: 20, height: 6)).filter { $0.kind == .header }
    }
    // Until the next header reaches it, the header sits on the top edge.
    #expect(headers(at: 12).map(\.frame) == [Rect(x: 0, y: 12, width: 20, height: 3), Rect(x: 0, y: 15, width: 20, height: 3)])
    #expect(headers(at: 12).map(\.isPinned) == [true, false])
    // Then the next header pushes it up, a row at a time, above the top edge.
    for (y, expectedTop) in [(13, 12), (14, 12)] {
      let pinned = headers(at: y)
      #expect(pinned.map(\.indexPath.section) == [0, 1], "y \(y)")
      #expect(pinned.first?.frame.minY == expectedTop, "y \(y): section 0's header ends where section 1's starts")
      #expect(pinned.first?.frame.maxY == 15)
    }
    // Once the next section reaches the top edge, its header takes the place.
    #expect(headers(at: 15).map(\.indexPath.section) == [1])
    #expect(headers(at: 15).first?.isPinned == false)
    #expect(headers(at: 20).map(\.frame.minY) == [20])
    #expect(headers(at: 20).first?.isPinned == true)
  }

  @Test func stickyHeaderOfASectionTallerThanItsContentStaysInTheSection() {
    let layout = WaterfallLayout(columnCount: 1, headerHeight: 3, pinsHeaders: true)
    layout.prepare(width: 10, source: FixedLayoutSource(sections: [[.height(1)], [.height(50)]]))
    // Section 0 spans rows 0..<4; at y = 2 its header is pushed to 4 - 3 = 1.
    let header = layout.attributes(in: Rect(x: 0, y: 2, width: 10, height: 5)).first { $0.kind == .header }
    #expect(header?.indexPath.section == 0)
    #expect(header?.frame.minY == 1)
  }

  @Test func layoutMemoryStaysUnder13BytesPerItem() {
    var generator = SeededGenerator(seed: 11)
    for columns in [1, 3, 8] {
      let layout = WaterfallLayout(columnCount: columns, rowSpacing: 1)
      let count = 50_000
      layout.prepare(width: 200, source: FixedLayoutSource(heights: (0..<count).map { _ in Int.random(in: 1...20, using: &generator) }))
      let perItem = Double(layout.memoryFootprint) / Double(count)
      #expect(perItem <= 13, "\(columns) columns: \(perItem) bytes per item")
      #expect(perItem >= 8, "the footprint counts what is stored")
    }
  }

  // MARK: Append

  @Test func appendingMovesNoExistingCellAndMovesTheFooter() {
    let layout = WaterfallLayout(columnCount: 3, rowSpacing: 1, footerHeight: 1)
    var heights = [4, 9, 2, 6, 3]
    layout.prepare(width: 30, source: FixedLayoutSource(heights: heights))
    let before = cells(layout)
    heights += [5, 1, 7]
    layout.appendItems(count: 3, toSection: 0, source: FixedLayoutSource(heights: heights))
    let after = cells(layout)
    #expect(Array(after.prefix(5)) == before)
    let fresh = WaterfallLayout(columnCount: 3, rowSpacing: 1, footerHeight: 1)
    fresh.prepare(width: 30, source: FixedLayoutSource(heights: heights))
    #expect(fresh.allAttributes() == layout.allAttributes())
    #expect(layout.attributesForSupplementary(.footer, inSection: 0)?.frame.minY == layout.contentSize.height - 1)
  }

  @Test func appendingElsewhereThanTheLastSectionLaysEverythingOutAgain() {
    var sections: [[ItemSize]] = [[.height(3), .height(4)], [.height(2)]]
    let layout = WaterfallLayout(columnCount: 2, headerHeight: 1, footerHeight: 1)
    layout.prepare(width: 20, source: FixedLayoutSource(sections: sections))
    sections[0] += [.height(5), .height(1)]
    layout.appendItems(count: 2, toSection: 0, source: FixedLayoutSource(sections: sections))
    let fresh = WaterfallLayout(columnCount: 2, headerHeight: 1, footerHeight: 1)
    fresh.prepare(width: 20, source: FixedLayoutSource(sections: sections))
    #expect(layout.allAttributes() == fresh.allAttributes())
    // A section the layout has not seen yet, and a count that does not match the source.
    sections.append([.height(2)])
    layout.appendItems(count: 1, toSection: 2, source: FixedLayoutSource(sections: sections))
    fresh.prepare(width: 20, source: FixedLayoutSource(sections: sections))
    #expect(layout.allAttributes() == fresh.allAttributes())
    sections[2] += [.height(7), .height(7)]
    layout.appendItems(count: 1, toSection: 2, source: FixedLayoutSource(sections: sections))
    fresh.prepare(width: 20, source: FixedLayoutSource(sections: sections))
    #expect(layout.allAttributes() == fresh.allAttributes())
    #expect(layout.invariantViolations() == [])
  }

  // MARK: Grid and list

  @Test func gridFitsColumnsToTheWidthAndStretchesItems() {
    let grid = GridLayout(itemSize: Size(width: 18, height: 6), columnSpacing: 1)
    grid.prepare(width: 80, source: FixedLayoutSource(heights: Array(repeating: 99, count: 9)))
    let frames = cells(grid)
    #expect(grid.effectiveColumnCount(inSection: 0) == 4)
    #expect(frames.map(\.minX) == [0, 20, 40, 60, 0, 20, 40, 60, 0])
    #expect(frames.map(\.minY) == [0, 0, 0, 0, 6, 6, 6, 6, 12])
    #expect(frames.allSatisfy { $0.width == 19 && $0.height == 6 })
  }

  @Test func listIsOneFullWidthColumn() {
    let list = ListLayout(rowSpacing: 1)
    list.sectionStyles[0] = SectionStyle(columnCount: 5)
    list.prepare(width: 60, source: FixedLayoutSource(heights: [3, 2, 3]))
    #expect(cells(list) == [
      Rect(x: 0, y: 0, width: 60, height: 3), Rect(x: 0, y: 4, width: 60, height: 2),
      Rect(x: 0, y: 7, width: 60, height: 3),
    ])
  }
}
