import Testing
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
    for section in 0..<c.source.numberOfSections {
      for item in 0..<c.source.numberOfItems(inSection: section) {
        #expect(c.layout.attributesForItem(at: IndexPath(item: item, section: section)) != nil, "\(c)")
      }
      #expect(c.layout.attributesForItem(at: IndexPath(item: c.source.numberOfItems(inSection: section), section: section)) == nil)
    }
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
}
