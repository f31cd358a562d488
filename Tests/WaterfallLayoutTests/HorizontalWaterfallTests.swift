import Testing
import TestSupport
@testable import WaterfallLayout

/// The horizontal waterfall is the vertical one turned a quarter: checked exactly
/// against it over the random cases of the property tests, and by hand.
@Suite struct HorizontalWaterfallTests {
  /// A horizontal copy of `vertical`, with its insets turned so the two agree.
  func turned(_ vertical: WaterfallLayout) -> WaterfallLayout {
    WaterfallLayout(
      columnCount: vertical.columnCount, columnSpacing: vertical.columnSpacing, rowSpacing: vertical.rowSpacing,
      sectionInsets: vertical.sectionInsets.transposed, headerHeight: vertical.headerHeight,
      headerInsets: vertical.headerInsets.transposed, footerHeight: vertical.footerHeight,
      footerInsets: vertical.footerInsets.transposed, minimumContentHeight: vertical.minimumContentHeight,
      itemOrder: vertical.itemOrder, aspectCorrection: vertical.aspectCorrection,
      pinsHeaders: vertical.pinsHeaders, scrollDirection: .horizontal)
  }

  /// A source whose answers are turned too: an aspect size's sides swapped, with
  /// the correction inverted (w * h' / h / c = h * w' / w * (1/c) with w, h swapped).
  struct TurnedSource: LayoutSource {
    var base: FixedLayoutSource
    var numberOfSections: Int { base.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    func sizeForItem(at indexPath: IndexPath, width: Int) -> ItemSize { base.sizeForItem(at: indexPath, width: width) }
    func sizeForItem(at indexPath: IndexPath, height: Int) -> ItemSize {
      switch base.sizeForItem(at: indexPath, width: height) {
      case .height(let rows): return .height(rows)
      case .aspect(let w, let h): return .aspect(width: h, height: w)
      }
    }
  }

  @Test(arguments: LayoutPropertyTests.seeds)
  func isTheVerticalLayoutTurned(seed: UInt64) {
    let c = LayoutPropertyTests.Case(seed: seed)
    c.layout.aspectCorrection = 1  // a turned aspect keeps its rounding only at 1
    c.layout.prepare(width: c.width, source: c.source)
    let horizontal = turned(c.layout)
    horizontal.prepare(size: Size(width: 50, height: c.width), source: TurnedSource(base: c.source))
    #expect(horizontal.invariantViolations() == [], "\(c)")
    let expected = c.layout.allAttributes().map { a -> LayoutAttributes in
      var t = a
      t.frame = a.frame.transposed
      return t
    }
    #expect(horizontal.allAttributes() == expected, "\(c)")
    #expect(horizontal.contentSize == c.layout.contentSize.transposed, "\(c)")
    // Queries equal a brute-force filter, and navigation turns with the frames.
    var g = SeededGenerator(seed: seed &* 7)
    horizontal.pinsHeaders = false
    #expect(LayoutLaws.queries(horizontal, rects: LayoutLaws.rects(around: horizontal.contentSize, count: 10, using: &g)) == [], "\(c)")
    for indexPath in LayoutLaws.indexPaths(of: c.source).prefix(20) {
      for direction in NavigationDirection.allCases {
        #expect(horizontal.neighbor(of: indexPath, toward: direction) == c.layout.neighbor(of: indexPath, toward: direction.transposed), "\(c)")
      }
    }
    #expect(LayoutLaws.placement(horizontal, source: c.source) == [], "\(c)")
    #expect(LayoutLaws.navigationReachesEveryItem(horizontal, source: c.source) == [], "\(c)")
  }

  /// Three rows in 23 rows of view with a row of spacing: rows of
  /// floor((23 - 2) / 3) = 7; cards as wide as their content, each into the
  /// shortest row, ties to the top one.
  @Test func cardsFlowIntoTheShortestRow() {
    let layout = WaterfallLayout(columnCount: 3, columnSpacing: 1, rowSpacing: 2, scrollDirection: .horizontal)
    layout.prepare(size: Size(width: 80, height: 23), source: FixedLayoutSource(heights: [10, 4, 6, 3, 5]))
    #expect(layout.allAttributes().map(\.frame) == [
      Rect(x: 0, y: 0, width: 10, height: 7),
      Rect(x: 0, y: 8, width: 4, height: 7),
      Rect(x: 0, y: 16, width: 6, height: 7),
      Rect(x: 6, y: 8, width: 3, height: 7),  // row 1 ended at 4 + 2
      Rect(x: 8, y: 16, width: 5, height: 7),  // row 2 ended at 6 + 2, before row 1 at 11
    ])
    #expect(layout.contentSize == Size(width: 13, height: 23))
    #expect(layout.neighbor(of: IndexPath(item: 1), toward: .right) == IndexPath(item: 3))
    #expect(layout.neighbor(of: IndexPath(item: 1), toward: .down) == IndexPath(item: 2))
  }

  /// A picture 400x300 in a row of 6 rows, cells twice as tall as wide:
  /// floor(400 * 6 / 300 / 0.5) = 16 columns.
  @Test func picturesAreAsWideAsTheirShapeAtTheRowHeight() {
    let layout = WaterfallLayout(columnCount: 2, aspectCorrection: 0.5, scrollDirection: .horizontal)
    layout.prepare(size: Size(width: 40, height: 12), source: FixedLayoutSource(sections: [[.aspect(width: 400, height: 300)]]))
    #expect(layout.attributesForItem(at: IndexPath(item: 0))?.frame == Rect(x: 0, y: 0, width: 16, height: 6))
  }

  /// Headers are strips on the left of their section, pinned to the left edge.
  @Test func headersArePinnedToTheLeftEdge() {
    let layout = WaterfallLayout(columnCount: 2, headerHeight: 5, pinsHeaders: true, scrollDirection: .horizontal)
    layout.prepare(size: Size(width: 30, height: 10), source: FixedLayoutSource(sections: [[.height(20), .height(20)], [.height(8)]]))
    #expect(layout.attributesForSupplementary(.header, inSection: 0)?.frame == Rect(x: 0, y: 0, width: 5, height: 10))
    #expect(layout.attributesForSupplementary(.header, inSection: 1)?.frame == Rect(x: 25, y: 0, width: 5, height: 10))
    let pinned = layout.attributes(in: Rect(x: 12, y: 0, width: 30, height: 10)).first
    #expect(pinned?.frame == Rect(x: 12, y: 0, width: 5, height: 10) && pinned?.isPinned == true)
    #expect(layout.contentSize == Size(width: 38, height: 10))
    // The height is what the rows share: a new height lays out again, a new width does not.
    #expect(layout.shouldInvalidate(forBoundsChange: Rect(x: 0, y: 0, width: 30, height: 12)))
  }
}
