import Testing
import TestSupport
@testable import WaterfallLayout

/// The carousel, the circle and the mosaic: exact frames worked by hand from the
/// seeds' formulas, and the laws every layout keeps.
@Suite struct LineLayoutTests {
  /// View 60x12, cards 20x10, 2 apart: pitch 22, first slot at (60 - 20) / 2 = 20,
  /// cards at 1 + (10 - h) / 2. At offset 0 card 0 is centred, scale 1; card 1 is
  /// 22 off, scale 1 - 22/60 = 0.633: 13x6 (rounded), centred in its slot; card 2
  /// is 44 off, scale 0.267: 5x3, held at the least 10x4.
  @Test func cardsScaleWithTheirDistanceFromTheMiddle() {
    let line = LineLayout(itemSize: Size(width: 20, height: 10), spacing: 2, minimumItemSize: Size(width: 10, height: 4))
    line.prepare(size: Size(width: 60, height: 12), source: FixedLayoutSource(heights: [1, 1, 1]))
    #expect(line.contentSize == Size(width: 60 + 2 * 22, height: 12))
    line.updateVisibleRect(Rect(x: 0, y: 0, width: 60, height: 12))
    #expect(line.allAttributes().map(\.frame) == [
      Rect(x: 20, y: 1, width: 20, height: 10),
      Rect(x: 45, y: 3, width: 13, height: 6),
      Rect(x: 69, y: 4, width: 10, height: 4),
    ])
    // At offset 22 card 1 is in the middle, full size; 0 and 2 are 22 off.
    line.updateVisibleRect(Rect(x: 22, y: 0, width: 60, height: 12))
    #expect(line.allAttributes().map(\.frame) == [
      Rect(x: 23, y: 3, width: 13, height: 6),
      Rect(x: 42, y: 1, width: 20, height: 10),
      Rect(x: 67, y: 3, width: 13, height: 6),
    ])
    #expect(line.attributes(in: Rect(x: 22, y: 0, width: 60, height: 12)).count == 3)
  }

  /// Every offset comes to rest with the nearest card exactly in the middle; the
  /// first and last cards can be centred.
  @Test func everyScrollRestsWithACardInTheMiddle() {
    let line = LineLayout(itemSize: Size(width: 21, height: 9), spacing: 1)
    let view = Size(width: 70, height: 11)
    line.prepare(size: view, source: FixedLayoutSource(heights: Array(repeating: 1, count: 7)))
    let pitch = 22
    let maxOffset = line.contentSize.width - view.width
    #expect(maxOffset == 6 * pitch, "the last card can be centred")
    for proposed in -30...(maxOffset + 30) {
      let target = line.targetContentOffset(forProposed: Point(x: proposed, y: 3))
      let index = min(max(0, Int((Double(proposed) / Double(pitch)).rounded(.toNearestOrAwayFromZero))), 6)
      #expect(target == Point(x: index * pitch, y: 0), "proposed \(proposed)")
      line.updateVisibleRect(Rect(origin: target, size: view))
      let card = line.attributesForItem(at: IndexPath(item: index))!.frame
      #expect(card.size == Size(width: 21, height: 9), "the centred card is full size")
      #expect(card.minX - target.x == (70 - 21) / 2, "and in the middle")
      let others = line.attributes(in: Rect(origin: target, size: view)).filter { $0.indexPath.item != index }
      #expect(others.allSatisfy { $0.frame.width < 21 }, "the others are smaller")
    }
  }

  @Test(arguments: 0..<40)
  func keepsTheLaws(seed: Int) {
    var g = SeededGenerator(seed: UInt64(seed))
    let view = Size(width: Int.random(in: 1...120, using: &g), height: Int.random(in: 1...40, using: &g))
    let line = LineLayout(
      itemSize: Size(width: Int.random(in: 1...40, using: &g), height: Int.random(in: 1...20, using: &g)),
      spacing: Int.random(in: 0...3, using: &g),
      minimumItemSize: Size(width: Int.random(in: 1...12, using: &g), height: Int.random(in: 1...5, using: &g)))
    let source = FixedLayoutSource(sections: (0..<Int.random(in: 0...3, using: &g)).map { _ in
      Array(repeating: .height(1), count: Int.random(in: 0...12, using: &g))
    })
    line.prepare(size: view, source: source)
    for _ in 0..<5 {
      let offset = Int.random(in: 0...max(0, line.contentSize.width - view.width), using: &g)
      line.updateVisibleRect(Rect(x: offset, y: 0, width: view.width, height: view.height))
      let name = "seed \(seed) view \(view) offset \(offset)"
      #expect(LayoutLaws.placement(line, source: source) == [], "\(name)")
      #expect(LayoutLaws.everyItemPlaced(line, source: source) == [], "\(name)")
      #expect(LayoutLaws.queries(line, rects: LayoutLaws.rects(around: line.contentSize, count: 10, using: &g)) == [], "\(name)")
      #expect(line.allAttributes().allSatisfy { $0.frame.height >= min(view.height, line.itemSize.height, line.minimumItemSize.height) })
    }
    #expect(LayoutLaws.navigationReachesEveryItem(line, source: source) == [])
  }
}

@Suite struct CircleLayoutTests {
  /// View 60x20, front 16x6, others 10x4, four cards: ry = (20 - 6) / 2 = 7,
  /// rx = 7 / 0.5 = 14 (the view allows 22). Card i at 2π i / 4 from the bottom:
  /// centres (30, 17), (44, 10), (30, 3), (16, 10).
  @Test func cardsSitOnAnEllipseTwiceAsWideAsTall() {
    let circle = CircleLayout(itemSize: Size(width: 10, height: 4), frontItemSize: Size(width: 16, height: 6))
    circle.prepare(size: Size(width: 60, height: 20), source: FixedLayoutSource(heights: [1, 1, 1, 1]))
    #expect(circle.radii.x == 14 && circle.radii.y == 7)
    #expect(circle.allAttributes().map(\.frame) == [
      Rect(x: 22, y: 14, width: 16, height: 6),
      Rect(x: 39, y: 8, width: 10, height: 4),
      Rect(x: 25, y: 1, width: 10, height: 4),
      Rect(x: 11, y: 8, width: 10, height: 4),
    ])
    // The front card is drawn last; the one at the back first.
    let order = circle.allAttributes().sorted { $0.zIndex < $1.zIndex }.map(\.indexPath.item)
    #expect(order.first == 2 && order.last == 0)
    // Selecting item 1 turns it to the front.
    #expect(circle.selectionDidChange(to: IndexPath(item: 1)))
    #expect(circle.attributesForItem(at: IndexPath(item: 1))?.frame == Rect(x: 22, y: 14, width: 16, height: 6))
    #expect(circle.attributesForItem(at: IndexPath(item: 0))?.frame == Rect(x: 11, y: 8, width: 10, height: 4))
    #expect(!circle.selectionDidChange(to: IndexPath(item: 1)))
  }

  @Test func oneCardAloneIsBigAndCentred() {
    let circle = CircleLayout(itemSize: Size(width: 10, height: 4), frontItemSize: Size(width: 16, height: 6))
    circle.prepare(size: Size(width: 60, height: 20), source: FixedLayoutSource(heights: [1]))
    #expect(circle.allAttributes().map(\.frame) == [Rect(x: 22, y: 7, width: 16, height: 6)])
  }

  /// More cards than fit: a window of `capacity` around the front one.
  @Test func moreCardsThanFitShowAWindow() {
    let circle = CircleLayout(itemSize: Size(width: 10, height: 4), frontItemSize: Size(width: 16, height: 6))
    let source = FixedLayoutSource(heights: Array(repeating: 1, count: 40))
    circle.prepare(size: Size(width: 60, height: 20), source: source)
    let capacity = circle.capacity
    #expect(capacity == 9, "circumference 2π·14 = 88 over a card's (10 + 4 / 0.5) / 2 = 9")
    _ = circle.selectionDidChange(to: IndexPath(item: 20))
    let shown = circle.allAttributes().map(\.indexPath.item)
    #expect(shown == Array(16...24))
    #expect(circle.attributesForItem(at: IndexPath(item: 0)) == nil)
    // Round the end: the window goes on from the first card.
    _ = circle.selectionDidChange(to: IndexPath(item: 38))
    #expect(circle.allAttributes().map(\.indexPath.item) == [0, 1, 2, 34, 35, 36, 37, 38, 39])
    #expect(circle.neighbor(of: IndexPath(item: 39), toward: .right) == IndexPath(item: 0))
  }

  @Test(arguments: 0..<40)
  func keepsTheLaws(seed: Int) {
    var g = SeededGenerator(seed: UInt64(seed) &+ 1000)
    let view = Size(width: Int.random(in: 1...120, using: &g), height: Int.random(in: 1...40, using: &g))
    let circle = CircleLayout(
      itemSize: Size(width: Int.random(in: 1...20, using: &g), height: Int.random(in: 1...8, using: &g)),
      frontItemSize: Size(width: Int.random(in: 1...40, using: &g), height: Int.random(in: 1...16, using: &g)))
    let source = FixedLayoutSource(sections: (0..<Int.random(in: 0...3, using: &g)).map { _ in
      Array(repeating: .height(1), count: Int.random(in: 0...15, using: &g))
    })
    circle.prepare(size: view, source: source)
    let all = LayoutLaws.indexPaths(of: source)
    if let front = all.randomElement(using: &g) { _ = circle.selectionDidChange(to: front) }
    let name = "seed \(seed) view \(view)"
    #expect(LayoutLaws.placement(circle, source: source, overlapAllowed: true) == [], "\(name)")
    #expect(LayoutLaws.queries(circle, rects: LayoutLaws.rects(around: view, count: 10, using: &g)) == [], "\(name)")
    #expect(LayoutLaws.navigationReachesEveryItem(circle, source: source) == [], "\(name)")
    let shown = circle.allAttributes()
    #expect(shown.count == min(all.count, circle.capacity), "\(name)")
    if all.count <= circle.capacity { #expect(LayoutLaws.everyItemPlaced(circle, source: source) == [], "\(name)") }
    // The front card is drawn last, and is the largest.
    if let front = circle.frontItem, let top = shown.max(by: { $0.zIndex < $1.zIndex }) {
      #expect(top.indexPath == front, "\(name)")
      if circle.frontItemSize.width >= circle.itemSize.width && circle.frontItemSize.height >= circle.itemSize.height {
        #expect(shown.allSatisfy { $0.frame.size.area <= top.frame.size.area }, "\(name)")
      }
    }
  }
}

@Suite struct MosaicLayoutTests {
  /// The seed's layout exactly (aspect 1, width 2w): big (0, g·w, w, w), small
  /// (w, g·w, w, w/2) and (w, g·w + w/2, w, w/2).
  @Test func repeatsByThreesAsTheSeedDoes() {
    let mosaic = MosaicLayout(aspectCorrection: 1)
    mosaic.prepare(width: 40, source: FixedLayoutSource(heights: Array(repeating: 1, count: 7)))
    #expect(mosaic.allAttributes().map(\.frame) == [
      Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 20, y: 0, width: 20, height: 10),
      Rect(x: 20, y: 10, width: 20, height: 10),
      Rect(x: 0, y: 20, width: 20, height: 20), Rect(x: 20, y: 20, width: 20, height: 10),
      Rect(x: 20, y: 30, width: 20, height: 10),
      Rect(x: 0, y: 40, width: 20, height: 20),
    ])
    #expect(mosaic.contentSize == Size(width: 40, height: 60), "the seed's (n + 2) / 3 · w")
  }

  /// In a terminal, width 81 with a column and a row of spacing: left
  /// ceil(80 / 2) = 40, right 40 at 41; the square is round(40 · 0.5) = 20 rows,
  /// the small cards (20 - 1) / 2 = 9 and 10 rows.
  @Test func squareToTheEyeWithSpacing() {
    let mosaic = MosaicLayout(columnSpacing: 1, rowSpacing: 1)
    mosaic.prepare(width: 81, source: FixedLayoutSource(heights: [1, 1, 1, 1, 1]))
    #expect(mosaic.allAttributes().map(\.frame) == [
      Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 41, y: 0, width: 40, height: 9),
      Rect(x: 41, y: 10, width: 40, height: 10),
      Rect(x: 0, y: 21, width: 40, height: 20), Rect(x: 41, y: 21, width: 40, height: 9),
    ])
    // Right of the big card: the small card sharing most of its rows (the lower).
    #expect(mosaic.neighbor(of: IndexPath(item: 0), toward: .right) == IndexPath(item: 2))
    #expect(mosaic.neighbor(of: IndexPath(item: 1), toward: .left) == IndexPath(item: 0))
    #expect(mosaic.neighbor(of: IndexPath(item: 1), toward: .down) == IndexPath(item: 2))
    #expect(mosaic.neighbor(of: IndexPath(item: 2), toward: .down) == IndexPath(item: 4))
    #expect(mosaic.neighbor(of: IndexPath(item: 2), toward: .left) == IndexPath(item: 0))
    #expect(mosaic.neighbor(of: IndexPath(item: 0), toward: .down) == IndexPath(item: 3))
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 7, 10, 31])
  func keepsTheLawsAtAnyWidth(count: Int) {
    for width in [0, 1, 2, 3, 4, 5, 8, 13, 80, 201] {
      for (cs, rs) in [(0, 0), (1, 1), (3, 2)] {
        let mosaic = MosaicLayout(columnSpacing: cs, rowSpacing: rs)
        let source = FixedLayoutSource(sections: [Array(repeating: .height(1), count: count / 2), [], Array(repeating: .height(1), count: count - count / 2)])
        mosaic.prepare(width: width, source: source)
        var g = SeededGenerator(seed: UInt64(count * 1000 + width))
        let name = "\(count) items, width \(width), spacing \(cs) \(rs)"
        #expect(LayoutLaws.placement(mosaic, source: source) == [], "\(name)")
        #expect(LayoutLaws.everyItemPlaced(mosaic, source: source) == [], "\(name)")
        #expect(LayoutLaws.queries(mosaic, rects: LayoutLaws.rects(around: mosaic.contentSize, count: 20, using: &g)) == [], "\(name)")
        #expect(LayoutLaws.navigationReachesEveryItem(mosaic, source: source) == [], "\(name)")
        #expect(mosaic.allAttributes().allSatisfy { !$0.frame.isEmpty }, "\(name)")
      }
    }
  }
}

@Suite struct GapLayoutTests {
  /// Deleting item 1 of four in two columns: item 1 shrinks to its middle while
  /// item 3 slides up into column 1 (where item 1 was) and item 2 stays.
  @Test func aDeletionShrinksTheCardWhileTheLaterOnesSlide() {
    let before = WaterfallLayout(columnCount: 2)
    before.prepare(width: 20, source: FixedLayoutSource(heights: [3, 4, 2, 5]))
    let after = WaterfallLayout(columnCount: 2)
    after.prepare(width: 20, source: FixedLayoutSource(heights: [3, 2, 5]))
    let removed = before.attributesForItem(at: IndexPath(item: 1))!.frame
    let gapped = GapLayout(base: after, gap: IndexPath(item: 1), point: Point(x: removed.midX, y: removed.midY))
    let step = TransitionLayout(from: before, to: gapped, fromOffset: 0, toOffset: 0, progress: 0.5)
    // Item 1: its sides (10, 0)-(20, 4) halfway to the point (15, 2), halves
    // rounded away from zero: 10 + 3, 0 + 1, 20 - 3, 4 - 1.
    #expect(step.attributesForItem(at: IndexPath(item: 1))?.frame == Rect(x: 13, y: 1, width: 4, height: 2))
    // Item 2 went to column 1 at row 0 (from column 0, row 3): halfway.
    #expect(before.attributesForItem(at: IndexPath(item: 2))?.frame == Rect(x: 0, y: 3, width: 10, height: 2))
    #expect(after.attributesForItem(at: IndexPath(item: 1))?.frame == Rect(x: 10, y: 0, width: 10, height: 2))
    #expect(step.attributesForItem(at: IndexPath(item: 2))?.frame == Rect(x: 5, y: 1, width: 10, height: 2))
    step.progress = 1
    #expect(step.allAttributes().map(\.indexPath.item) == [0, 1, 2, 3], "the shrinking card is still drawn")
    #expect(gapped.allAttributes().map(\.indexPath.item) == [0, 2, 3])
    #expect(gapped.neighbor(of: IndexPath(item: 0), toward: .right) == IndexPath(item: 2))
  }
}

@Suite struct FlatLayoutAppendTests {
  /// Items appended to the last section land where a full prepare puts them;
  /// an append elsewhere reads every count again, and is exact too.
  @Test(arguments: [0, 1, 2])
  func appendingEqualsPreparingAtOnce(kind: Int) {
    func make() -> any CollectionLayout {
      switch kind {
      case 0: return MosaicLayout(columnSpacing: 1, rowSpacing: 1)
      case 1: return LineLayout(itemSize: Size(width: 12, height: 6), spacing: 1)
      default: return CircleLayout(itemSize: Size(width: 8, height: 3), frontItemSize: Size(width: 12, height: 5))
      }
    }
    let size = Size(width: 60, height: 20)
    let full = FixedLayoutSource(sections: [Array(repeating: .height(1), count: 4), Array(repeating: .height(1), count: 9)])
    var partial = full
    partial.sections[1] = Array(partial.sections[1].prefix(2))
    let appended = make()
    appended.prepare(size: size, source: partial)
    appended.appendItems(count: 7, toSection: 1, source: full)
    let fresh = make()
    fresh.prepare(size: size, source: full)
    #expect(appended.allAttributes() == fresh.allAttributes())
    // Into an earlier section: counted again.
    var earlier = full
    earlier.sections[0].append(.height(1))
    appended.appendItems(count: 1, toSection: 0, source: earlier)
    fresh.prepare(size: size, source: earlier)
    #expect(appended.allAttributes() == fresh.allAttributes())
  }
}
