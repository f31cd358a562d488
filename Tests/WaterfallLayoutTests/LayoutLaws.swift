import TestSupport
@testable import WaterfallLayout

/// The laws every layout keeps, checked by brute force: what each new layout's
/// property tests run. Each returns the problems found, so a test can print them
/// with its case.
enum LayoutLaws {
  /// Every item of `source` in item order.
  static func indexPaths(of source: any LayoutSource) -> [IndexPath] {
    (0..<source.numberOfSections).flatMap { section in
      (0..<source.numberOfItems(inSection: section)).map { IndexPath(item: $0, section: section) }
    }
  }

  /// No two cells overlap (unless `overlapAllowed`), each lies inside the content,
  /// every item is returned once by a query over everything, in order, and agrees
  /// with `attributesForItem(at:)`.
  static func placement(
    _ layout: some CollectionLayout, source: any LayoutSource, overlapAllowed: Bool = false
  ) -> [String] {
    var problems: [String] = []
    let content = Rect(origin: .zero, size: layout.contentSize)
    let cells = layout.allAttributes().filter { $0.kind == .cell }
    for cell in cells where !cell.frame.isEmpty && !content.contains(cell.frame) {
      problems.append("\(cell) outside the content \(content)")
    }
    if !overlapAllowed {
      for i in cells.indices {
        for j in cells.indices where j > i && cells[i].frame.intersects(cells[j].frame) {
          problems.append("\(cells[i]) overlaps \(cells[j])")
        }
      }
    }
    let returned = cells.map(\.indexPath)
    if returned != returned.sorted() { problems.append("cells not in item order") }
    if Set(returned).count != returned.count { problems.append("an item is returned twice") }
    for cell in cells where layout.attributesForItem(at: cell.indexPath) != cell {
      problems.append("\(cell) differs from attributesForItem \(String(describing: layout.attributesForItem(at: cell.indexPath)))")
    }
    return problems
  }

  /// Every item of `source` is placed: returned by a query over everything.
  static func everyItemPlaced(_ layout: some CollectionLayout, source: any LayoutSource) -> [String] {
    let returned = layout.allAttributes().filter { $0.kind == .cell }.map(\.indexPath)
    let expected = indexPaths(of: source)
    return returned == expected ? [] : ["returned \(returned.count) items, expected \(expected.count)"]
  }

  /// `attributes(in:)` equals filtering every element by the rect, for `rects`.
  static func queries(_ layout: some CollectionLayout, rects: [Rect]) -> [String] {
    let all = layout.allAttributes()
    return rects.compactMap { rect in
      let expected = all.filter { $0.frame.intersects(rect) }
      let got = layout.attributes(in: rect)
      return got == expected ? nil : "rect \(rect): \(got.count) elements, brute force \(expected.count)"
    }
  }

  /// Random rects around the content, from `generator`.
  static func rects(around size: Size, count: Int, using generator: inout SeededGenerator) -> [Rect] {
    (0..<count).map { _ in
      Rect(
        x: Int.random(in: -5...max(0, size.width), using: &generator),
        y: Int.random(in: -5...max(0, size.height), using: &generator),
        width: Int.random(in: 0...max(1, size.width) + 5, using: &generator),
        height: Int.random(in: 0...max(1, size.height) + 5, using: &generator))
    }
  }

  /// The arrow keys reach every item from the first.
  static func navigationReachesEveryItem(_ layout: some CollectionLayout, source: any LayoutSource) -> [String] {
    let all = indexPaths(of: source)
    guard let first = all.first else { return [] }
    var seen: Set<IndexPath> = [first]
    var queue = [first]
    while let current = queue.popLast() {
      for direction in NavigationDirection.allCases {
        if let next = layout.neighbor(of: current, toward: direction), seen.insert(next).inserted {
          queue.append(next)
        }
      }
    }
    return seen.count == all.count ? [] : ["navigation reached \(seen.count) of \(all.count) items"]
  }
}
