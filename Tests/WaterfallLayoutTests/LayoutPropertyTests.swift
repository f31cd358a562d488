import Testing
import TestSupport
@testable import WaterfallLayout

/// Invariants over random layouts: random heights, 1-12 columns, widths 1-300,
/// 0-3 sections, every order and spacing. Each case is replayable from its seed.
@Suite struct LayoutPropertyTests {
  struct Case: CustomStringConvertible {
    var seed: UInt64
    var width: Int
    var layout: WaterfallLayout
    var source: FixedLayoutSource
    var description: String { "seed \(seed)" }

    init(seed: UInt64) {
      var g = SeededGenerator(seed: seed)
      self.seed = seed
      width = Int.random(in: 1...300, using: &g)
      layout = WaterfallLayout(
        columnCount: Int.random(in: 1...12, using: &g),
        columnSpacing: Int.random(in: 0...3, using: &g),
        rowSpacing: Int.random(in: 0...2, using: &g),
        sectionInsets: EdgeInsets(
          top: Int.random(in: 0...2, using: &g), left: Int.random(in: 0...3, using: &g),
          bottom: Int.random(in: 0...2, using: &g), right: Int.random(in: 0...3, using: &g)),
        headerHeight: Int.random(in: 0...2, using: &g),
        footerHeight: Int.random(in: 0...1, using: &g),
        itemOrder: ItemOrder.allCases.randomElement(using: &g)!,
        aspectCorrection: 0.5,
        pinsHeaders: Bool.random(using: &g))
      let sectionCount = Int.random(in: 0...3, using: &g)
      source = FixedLayoutSource(sections: (0..<sectionCount).map { _ in
        (0..<Int.random(in: 0...60, using: &g)).map { _ in
          Bool.random(using: &g)
            ? .height(Int.random(in: 0...15, using: &g))
            : .aspect(width: Double.random(in: 1...400, using: &g), height: Double.random(in: 1...400, using: &g))
        }
      })
    }
  }

  static let seeds: [UInt64] = Array(1...300)

  @Test(arguments: seeds)
  func cellsDoNotOverlapAndStayInsideTheWidth(seed: UInt64) {
    let c = Case(seed: seed)
    c.layout.prepare(width: c.width, source: c.source)
    #expect(c.layout.invariantViolations() == [], "\(c)")
    let cells = c.layout.allAttributes().filter { $0.kind == .cell }
    for cell in cells {
      #expect(cell.frame.minX >= 0 && cell.frame.maxX <= c.width && cell.frame.width >= 1, "\(c) \(cell)")
    }
    let nonEmpty = cells.filter { !$0.frame.isEmpty }
    for i in nonEmpty.indices {
      for j in nonEmpty.indices where j > i {
        #expect(!nonEmpty[i].frame.intersects(nonEmpty[j].frame), "\(c): \(nonEmpty[i]) and \(nonEmpty[j])")
      }
    }
  }

  @Test(arguments: seeds)
  func everyItemIsPlacedExactlyOnce(seed: UInt64) {
    let c = Case(seed: seed)
    c.layout.prepare(width: c.width, source: c.source)
    #expect(c.layout.invariantViolations() == [], "\(c)")
    // Every item with rows is returned once by a query over everything, in order;
    // every item, even of zero height, has its own attributes.
    var expected: [IndexPath] = []
    for section in 0..<c.source.numberOfSections {
      for item in 0..<c.source.numberOfItems(inSection: section) {
        let indexPath = IndexPath(item: item, section: section)
        let attributes = c.layout.attributesForItem(at: indexPath)
        #expect(attributes?.indexPath == indexPath, "\(c)")
        if let attributes, attributes.frame.height > 0 { expected.append(indexPath) }
      }
      #expect(c.layout.attributesForItem(at: IndexPath(item: c.source.numberOfItems(inSection: section), section: section)) == nil)
    }
    let returned = c.layout.allAttributes().filter { $0.kind == .cell }.map(\.indexPath)
    #expect(returned == expected, "\(c)")
  }

  @Test(arguments: seeds)
  func shortestColumnFirst(seed: UInt64) {
    let c = Case(seed: seed)
    c.layout.itemOrder = .shortestFirst
    c.layout.prepare(width: c.width, source: c.source)
    for section in 0..<c.source.numberOfSections {
      let columns = c.layout.effectiveColumnCount(inSection: section)
      let width = c.layout.itemWidth(inSection: section)
      let spacing = c.layout.rowSpacing
      let top = (0..<c.source.numberOfItems(inSection: section)).first.flatMap {
        c.layout.attributesForItem(at: IndexPath(item: $0, section: section))?.frame.minY
      }
      guard let top else { continue }
      var bottoms = [Int](repeating: top, count: columns)
      for item in 0..<c.source.numberOfItems(inSection: section) {
        let frame = c.layout.attributesForItem(at: IndexPath(item: item, section: section))!.frame
        let shortest = bottoms.min()!
        let expectedColumn = bottoms.firstIndex(of: shortest)!
        #expect(frame.minY == shortest, "\(c) item \(item)")
        let left = c.layout.attributesForItem(at: IndexPath(item: 0, section: section))!.frame.minX
        #expect(frame.minX == left + expectedColumn * (width + c.layout.columnSpacing), "\(c) item \(item)")
        bottoms[expectedColumn] = frame.maxY + spacing
      }
    }
  }

  @Test(arguments: seeds)
  func queriesEqualABruteForceFilter(seed: UInt64) {
    let c = Case(seed: seed)
    c.layout.pinsHeaders = false
    c.layout.prepare(width: c.width, source: c.source)
    let all = c.layout.allAttributes()
    var g = SeededGenerator(seed: seed &* 31)
    for _ in 0..<20 {
      let rect = Rect(
        x: Int.random(in: -5...c.width, using: &g), y: Int.random(in: -5...max(0, c.layout.contentSize.height), using: &g),
        width: Int.random(in: 0...c.width + 5, using: &g), height: Int.random(in: 0...40, using: &g))
      let expected = all.filter { $0.frame.intersects(rect) }
      #expect(c.layout.attributes(in: rect) == expected, "\(c) rect \(rect)")
    }
  }

  @Test(arguments: seeds)
  func appendingGivesTheSameFramesAsLayingOutAtOnce(seed: UInt64) {
    let c = Case(seed: seed)
    guard c.source.numberOfSections > 0 else { return }
    let last = c.source.numberOfSections - 1
    var g = SeededGenerator(seed: seed &+ 99)
    var partial = c.source
    let full = c.source.sections[last]
    let kept = Int.random(in: 0...full.count, using: &g)
    partial.sections[last] = Array(full.prefix(kept))
    c.layout.prepare(width: c.width, source: partial)
    let before = c.layout.allAttributes().filter { $0.kind == .cell }
    var count = kept
    while count < full.count {
      let step = Int.random(in: 1...(full.count - count), using: &g)
      count += step
      partial.sections[last] = Array(full.prefix(count))
      c.layout.appendItems(count: step, toSection: last, source: partial)
    }
    let fresh = WaterfallLayout(
      columnCount: c.layout.columnCount, columnSpacing: c.layout.columnSpacing, rowSpacing: c.layout.rowSpacing,
      sectionInsets: c.layout.sectionInsets, headerHeight: c.layout.headerHeight, footerHeight: c.layout.footerHeight,
      itemOrder: c.layout.itemOrder, aspectCorrection: c.layout.aspectCorrection)
    fresh.prepare(width: c.width, source: c.source)
    #expect(c.layout.allAttributes() == fresh.allAttributes(), "\(c)")
    #expect(c.layout.invariantViolations() == [])
    let after = Set(c.layout.allAttributes().filter { $0.kind == .cell })
    #expect(before.allSatisfy { after.contains($0) }, "\(c): an existing cell moved")
  }

  /// Layouts big enough that each column has many search blocks: queries still
  /// equal a brute-force filter, with and without row spacing and zero heights.
  @Test(arguments: [(1, 3_000), (2, 9_000), (3, 20_000), (5, 12_000)] as [(Int, Int)])
  func largeLayoutsQueryLikeABruteForceFilter(columns: Int, count: Int) {
    var g = SeededGenerator(seed: UInt64(columns * count))
    let layout = WaterfallLayout(columnCount: columns, columnSpacing: 1, rowSpacing: columns % 2, footerHeight: 1)
    let heights = (0..<count).map { _ in Int.random(in: 0...9, using: &g) }
    layout.prepare(width: 100, source: FixedLayoutSource(heights: heights))
    #expect(layout.invariantViolations() == [])
    let all = layout.allAttributes()
    let height = layout.contentSize.height
    for _ in 0..<200 {
      let rect = Rect(
        x: Int.random(in: -3...100, using: &g), y: Int.random(in: -3...height, using: &g),
        width: Int.random(in: 1...110, using: &g), height: Int.random(in: 1...70, using: &g))
      #expect(layout.attributes(in: rect) == all.filter { $0.frame.intersects(rect) }, "rect \(rect)")
    }
  }
}

/// Every combination of the small cases CHT's users met: 0, 1, 2, 3, 5 and 10
/// items, 1 to 12 columns, widths from 0 to a comfortable 80, spacing wider than
/// the width, in one section or between empty ones.
@Suite struct LayoutEdgeCaseTests {
  static let counts = [0, 1, 2, 3, 5, 10]
  static let columnCounts = [1, 2, 3, 12]
  static let widths = [0, 1, 2, 7, 80]

  @Test(arguments: counts, columnCounts)
  func everyWidthGivesExactFrames(count: Int, columns: Int) {
    for width in Self.widths {
      for sections in [[count], [0, count, 0]] {
        let layout = WaterfallLayout(
          columnCount: columns, columnSpacing: 3, rowSpacing: 1, sectionInsets: EdgeInsets(all: 1),
          headerHeight: 1, footerHeight: 1)
        let heights = sections.map { n in (0..<n).map { ItemSize.height(1 + $0 % 3) } }
        layout.prepare(width: width, source: FixedLayoutSource(sections: heights))
        let name = "\(count) items, \(columns) columns, width \(width), sections \(sections)"
        #expect(layout.invariantViolations() == [], "\(name)")
        let all = layout.allAttributes()
        let cells = all.filter { $0.kind == .cell }
        #expect(cells.count == count, "\(name)")
        #expect(cells.allSatisfy { $0.frame.width >= 1 && $0.frame.minX >= 0 && $0.frame.maxX <= max(1, width) }, "\(name)")
        // Headers and footers of empty sections are placed too, one after another.
        #expect(all.filter { $0.kind == .header }.count == sections.count, "\(name)")
        #expect(all.filter { $0.kind == .footer }.count == sections.count, "\(name)")
        #expect(layout.contentSize.height == (all.map(\.frame.maxY).max() ?? 0), "\(name)")
        let used = layout.effectiveColumnCount(inSection: sections.count == 1 ? 0 : 1)
        #expect(used >= 1 && used <= columns, "\(name)")
        if width == 80 { #expect(used == columns, "\(name): 80 is room enough") }
        if count > 0, count <= used {
          // More columns than items: every item starts on the first row.
          #expect(Set(cells.map(\.frame.minY)).count == 1, "\(name)")
        }
      }
    }
  }
}
