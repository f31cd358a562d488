import Testing
import TestSupport
@testable import WaterfallLayout

/// The waterfall keeps no record of where each item went: an item's frame is found
/// by searching its section's columns, and its top is summed from its block's. These
/// tests hold those lookups to a plain layout that stores every frame, at many sizes,
/// column counts, sections, orders and heights, and in a column taller than
/// `Int32.max` rows; and they hold the section to its 13 bytes an item.
@Suite struct WaterfallLookupTests {
  /// The settings a case lays out with; the reference reads the same ones.
  struct Settings: CustomStringConvertible {
    var columns: Int
    var columnSpacing: Int
    var rowSpacing: Int
    var insets: EdgeInsets
    var headerHeight: Int
    var footerHeight: Int
    var order: ItemOrder
    var width: Int
    var sections: [[Int]]

    var description: String {
      "\(columns) columns, spacing \(columnSpacing)/\(rowSpacing), \(insets), header \(headerHeight), "
        + "footer \(footerHeight), \(order), width \(width), sections \(sections.map(\.count))"
    }

    func layout() -> WaterfallLayout {
      WaterfallLayout(
        columnCount: columns, columnSpacing: columnSpacing, rowSpacing: rowSpacing, sectionInsets: insets,
        headerHeight: headerHeight, footerHeight: footerHeight, itemOrder: order)
    }

    var source: FixedLayoutSource {
      FixedLayoutSource(sections: sections.map { $0.map { .height($0) } })
    }

    /// Every item's frame, section by section, by the rules the waterfall documents,
    /// kept in a plain array: each item to its column (the shortest, ties to the
    /// left, or by its index), at that column's next top.
    func referenceFrames() -> [[Rect]] {
      var top = 0
      return sections.map { heights in
        var y = top + headerHeight
        var insets = self.insets
        if width - insets.horizontal < 1 {
          insets.left = 0
          insets.right = 0
        }
        y += insets.top
        let available = width - insets.horizontal
        let count = min(columns, max(1, (available + columnSpacing) / (1 + columnSpacing)))
        let itemWidth = max(1, (available - (count - 1) * columnSpacing) / count)
        var tops = [Int](repeating: y, count: count)
        var bottom = y
        var frames: [Rect] = []
        for (index, height) in heights.enumerated() {
          var column = 0
          switch order {
          case .leftToRight: column = index % count
          case .rightToLeft: column = count - 1 - index % count
          case .shortestFirst:
            for candidate in 1..<max(1, count) where tops[candidate] < tops[column] { column = candidate }
          }
          frames.append(
            Rect(x: insets.left + column * (itemWidth + columnSpacing), y: tops[column], width: itemWidth, height: height))
          bottom = max(bottom, tops[column] + height)
          tops[column] += height + rowSpacing
        }
        top = bottom + insets.bottom + footerHeight
        return frames
      }
    }

    init(seed: UInt64, items: Int? = nil) {
      var g = SeededGenerator(seed: seed)
      columns = [1, 2, 3, 5, 8, 17, 40].randomElement(using: &g)!
      columnSpacing = Int.random(in: 0...2, using: &g)
      rowSpacing = Int.random(in: 0...2, using: &g)
      insets = EdgeInsets(
        top: Int.random(in: 0...2, using: &g), left: Int.random(in: 0...3, using: &g),
        bottom: Int.random(in: 0...2, using: &g), right: Int.random(in: 0...3, using: &g))
      headerHeight = Int.random(in: 0...2, using: &g)
      footerHeight = Int.random(in: 0...1, using: &g)
      order = ItemOrder.allCases.randomElement(using: &g)!
      width = Int.random(in: 1...240, using: &g)
      let sizes = [0, 1, 2, 15, 16, 17, 33, 255, 257, 1_000, 3_000]
      let sectionCount = items == nil ? Int.random(in: 1...3, using: &g) : 1
      let tall = Bool.random(using: &g)
      sections = (0..<sectionCount).map { _ in
        (0..<(items ?? sizes.randomElement(using: &g)!)).map { _ in
          // Some cases mix in the tallest cards the layout allows, and cards of no rows.
          tall && Int.random(in: 0..<8, using: &g) == 0
            ? [0, 65_535, 65_536, ItemSize.maximumHeight].randomElement(using: &g)!
            : Int.random(in: 0...20, using: &g)
        }
      }
    }
  }

  /// Checks every item of `settings`, laid out whole and then appended in parts,
  /// against the reference.
  func check(_ settings: Settings) {
    let expected = settings.referenceFrames()
    let layout = settings.layout()
    layout.prepare(width: settings.width, source: settings.source)
    func compare(_ what: String) {
      for (section, frames) in expected.enumerated() {
        for (item, frame) in frames.enumerated() {
          let found = layout.attributesForItem(at: IndexPath(item: item, section: section))?.frame
          guard found == frame else {
            Issue.record("\(what) \(settings): item \(item) of section \(section) at \(String(describing: found)), not \(frame)")
            return
          }
        }
        #expect(layout.attributesForItem(at: IndexPath(item: frames.count, section: section)) == nil)
        #expect(layout.attributesForItem(at: IndexPath(item: -1, section: section)) == nil)
      }
    }
    compare("prepared")
    #expect(layout.invariantViolations() == [], "\(settings)")
    // The last section again, its items appended a few at a time.
    guard let last = settings.sections.last, last.count > 1 else { return }
    var partial = settings.sections
    partial[partial.count - 1] = Array(last.prefix(last.count / 3))
    layout.prepare(width: settings.width, source: FixedLayoutSource(sections: partial.map { $0.map { .height($0) } }))
    var placed = partial[partial.count - 1].count
    while placed < last.count {
      let step = min(last.count - placed, 1 + placed / 2)
      partial[partial.count - 1] = Array(last.prefix(placed + step))
      layout.appendItems(count: step, toSection: partial.count - 1, source: FixedLayoutSource(sections: partial.map { $0.map { .height($0) } }))
      placed += step
    }
    compare("appended")
  }

  @Test(arguments: Array(UInt64(1)...60))
  func everyItemsFrameMatchesAPlainLayout(seed: UInt64) {
    check(Settings(seed: seed))
  }

  @Test(arguments: [(UInt64(101), 20_000), (102, 20_000), (103, 50_000)])
  func largeSectionsMatchAPlainLayout(seed: UInt64, items: Int) {
    check(Settings(seed: seed, items: items))
  }

  /// One column of the tallest cards runs past `Int32.max` rows: frames, queries and
  /// the selection's steps all stay exact there.
  @Test func oneColumnBeyondInt32Max() {
    let count = 4_500
    let height = ItemSize.maximumHeight
    let layout = WaterfallLayout(columnCount: 1, rowSpacing: 1, footerHeight: 2)
    layout.prepare(width: 10, source: FixedLayoutSource(heights: Array(repeating: height, count: count)))
    let stride = height + 1
    #expect(layout.contentSize.height == count * stride - 1 + 2)
    #expect(layout.contentSize.height > 2 * Int(Int32.max))
    for item in [0, 1, 15, 16, 17, 2_047, 2_048, 2_049, 4_000, count - 1] {
      let frame = layout.attributesForItem(at: IndexPath(item: item))?.frame
      #expect(frame == Rect(x: 0, y: item * stride, width: 10, height: height), "item \(item)")
    }
    let deep = 4_000 * stride + 5
    let shown = layout.attributes(in: Rect(x: 0, y: deep, width: 10, height: 60))
    #expect(shown.map(\.indexPath.item) == [4_000])
    #expect(shown.first?.frame.minY == 4_000 * stride)
    #expect(layout.neighbor(of: IndexPath(item: 4_000), toward: .down) == IndexPath(item: 4_001))
    #expect(layout.neighbor(of: IndexPath(item: 4_000), toward: .up) == IndexPath(item: 3_999))
    #expect(layout.attributesForSupplementary(.footer, inSection: 0)?.frame.minY == count * stride - 1)
    #expect(layout.invariantViolations() == [])
  }

  /// The section's own store: 8-byte entries and a sixteenth of checkpoints and
  /// item samples, where it was 25 bytes (a 16-byte entry and an 8-byte slot).
  @Test(arguments: [1, 3, 8])
  func aMillionItemsTakeAtMost13BytesEach(columns: Int) {
    var g = SeededGenerator(seed: 31)
    let count = 1_000_000
    let layout = WaterfallLayout(columnCount: columns, rowSpacing: 1)
    layout.prepare(width: 200, source: FixedLayoutSource(heights: (0..<count).map { _ in Int.random(in: 1...20, using: &g) }))
    let perItem = Double(layout.sections[0].memoryFootprint) / Double(count)
    #expect(perItem <= 13, "\(columns) columns: \(perItem) bytes per item")
    #expect(perItem >= 8, "the footprint counts what is stored")
  }
}
