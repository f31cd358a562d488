// libFuzzer target: the layouts' parameters and sizes.
//
// Any parameters (negative, zero, huge), any widths, any item sizes (negative,
// zero, non-finite aspects), any sections: the layout's invariants hold, queries
// agree with a scan of every frame, appending lays out exactly what a full
// prepare would, and navigation stays on real items.

import WaterfallLayout

#if canImport(Glibc)
  import Glibc
#endif

/// Set FUZZ_VERBOSE=1 to print the parameters an input decodes to.
let verbose = getenv("FUZZ_VERBOSE") != nil

/// Writes a line to standard error at once (a crash loses buffered output).
func say(_ text: String) {
  var bytes = Array((text + "\n").utf8)
  _ = write(2, &bytes, bytes.count)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  func insets() -> EdgeInsets {
    EdgeInsets(top: input.int(in: -3...12), left: input.int(in: -3...40), bottom: input.int(in: -3...12), right: input.int(in: -3...40))
  }
  let doubles: [Double] = [0, 1, 2, 3.5, 100, 1e300, -1, .nan, .infinity, 0.0001, 16, 400]

  let kind = input.byte() % 4
  let width = input.int(in: -5...400)
  let layout: WaterfallLayout
  switch kind {
  case 0:
    layout = GridLayout(
      itemSize: Size(width: input.int(in: -2...60), height: input.int(in: -2...30)), columnSpacing: input.int(in: -2...6),
      rowSpacing: input.int(in: -2...4), sectionInsets: insets(), headerHeight: input.int(in: -2...5),
      footerHeight: input.int(in: -2...5), pinsHeaders: input.bool())
  case 1:
    layout = ListLayout()
  default:
    var styles: [Int: SectionStyle] = [:]
    for _ in 0..<Int(input.byte() % 3) {
      styles[Int(input.byte() % 4)] = SectionStyle(
        columnCount: input.bool() ? input.int(in: -2...30) : nil, columnSpacing: input.bool() ? input.int(in: -2...8) : nil,
        rowSpacing: input.bool() ? input.int(in: -2...5) : nil, insets: input.bool() ? insets() : nil,
        headerHeight: input.bool() ? input.int(in: -2...6) : nil, footerHeight: input.bool() ? input.int(in: -2...6) : nil)
    }
    layout = WaterfallLayout(
      columnCount: input.int(in: -3...40), columnSpacing: input.int(in: -3...10), rowSpacing: input.int(in: -3...6),
      sectionInsets: insets(), headerHeight: input.int(in: -2...8), headerInsets: insets(), footerHeight: input.int(in: -2...8),
      footerInsets: insets(), minimumContentHeight: input.int(in: -10...600),
      itemOrder: input.choose(ItemOrder.allCases), aspectCorrection: input.choose(doubles), pinsHeaders: input.bool(),
      sectionStyles: styles)
  }

  var sections: [[ItemSize]] = []
  for _ in 0..<Int(input.byte() % 5) {
    var items: [ItemSize] = []
    for _ in 0..<Int(input.byte() % 64) {
      if input.byte() % 4 == 0 {
        items.append(.aspect(width: input.choose(doubles), height: input.choose(doubles)))
      } else {
        items.append(.height(input.int(in: -4...80)))
      }
    }
    sections.append(items)
  }
  let appended = sections.isEmpty ? 0 : Int(input.byte() % 20)
  var full = sections
  if appended > 0 {
    for i in 0..<appended { full[full.count - 1].append(.height((i * 7) % 13)) }
  }

  if verbose {
    say("kind \(kind) width \(width) columns \(layout.columnCount) spacing \(layout.columnSpacing) rows \(layout.rowSpacing)")
    say("insets \(layout.sectionInsets) header \(layout.headerHeight) \(layout.headerInsets) footer \(layout.footerHeight) \(layout.footerInsets)")
    say("minimum \(layout.minimumContentHeight) order \(layout.itemOrder) aspect \(layout.aspectCorrection) pins \(layout.pinsHeaders)")
    say("styles \(layout.sectionStyles)")
    if let grid = layout as? GridLayout { say("grid item size \(grid.itemSize)") }
    say("sections \(sections) appended \(appended)")
  }
  // Prepared with the items, then appended to, equals prepared with all of them.
  layout.prepare(width: width, source: FixedLayoutSource(sections: sections))
  check(layout, sections: sections, width: width, input: &input)
  if appended > 0 {
    let before = layout.allAttributes().filter { $0.kind == .cell }
    layout.appendItems(count: appended, toSection: full.count - 1, source: FixedLayoutSource(sections: full))
    let after = layout.allAttributes().filter { $0.kind == .cell }
    for old in before {
      require(after.contains { $0.indexPath == old.indexPath && $0.frame == old.frame }, "append moved \(old.indexPath)")
    }
    check(layout, sections: full, width: width, input: &input)
    let fresh = copy(of: layout)
    fresh.prepare(width: width, source: FixedLayoutSource(sections: full))
    require(fresh.allAttributes() == layout.allAttributes(), "append and prepare disagree")
  }
  return 0
}

/// A layout of the same kind and parameters, not prepared.
func copy(of layout: WaterfallLayout) -> WaterfallLayout {
  let made: WaterfallLayout
  if let grid = layout as? GridLayout {
    made = GridLayout(
      itemSize: grid.itemSize, columnSpacing: grid.columnSpacing, rowSpacing: grid.rowSpacing,
      sectionInsets: grid.sectionInsets, headerHeight: grid.headerHeight, footerHeight: grid.footerHeight,
      pinsHeaders: grid.pinsHeaders)
  } else if layout is ListLayout {
    made = ListLayout()
  } else {
    made = WaterfallLayout(
      columnCount: layout.columnCount, columnSpacing: layout.columnSpacing, rowSpacing: layout.rowSpacing,
      sectionInsets: layout.sectionInsets, headerHeight: layout.headerHeight, headerInsets: layout.headerInsets,
      footerHeight: layout.footerHeight, footerInsets: layout.footerInsets, minimumContentHeight: layout.minimumContentHeight,
      itemOrder: layout.itemOrder, aspectCorrection: layout.aspectCorrection, pinsHeaders: layout.pinsHeaders,
      sectionStyles: layout.sectionStyles)
  }
  return made
}

func check(_ layout: WaterfallLayout, sections: [[ItemSize]], width: Int, input: inout FuzzInput) {
  let problems = layout.invariantViolations()
  require(problems.isEmpty, "invariants: \(problems)")
  let content = layout.contentSize
  require(content.width == max(1, width), "content width \(content.width) for \(width)")
  require(content.height >= 0, "negative content height")
  // Every item has a frame; the ones of zero height (empty, under half-open
  // rects) are in no query's answer.
  var placed: [LayoutAttributes] = []
  for (section, items) in sections.enumerated() {
    for item in items.indices {
      let attributes = layout.attributesForItem(at: IndexPath(item: item, section: section))
      require(attributes != nil, "item \(item) of section \(section) has no frame")
      if let attributes, !attributes.frame.isEmpty { placed.append(attributes) }
    }
  }
  let all = layout.allAttributes()
  let cells = all.filter { $0.kind == .cell }
  require(cells == placed, "\(cells.count) cells listed, \(placed.count) items with a frame")
  for cell in cells {
    require(cell.frame.minX >= 0 && cell.frame.maxX <= content.width, "cell \(cell.indexPath) at \(cell.frame) outside width \(content.width)")
    require(cell.frame.minY >= 0 && cell.frame.maxY <= content.height, "cell \(cell.indexPath) at \(cell.frame) outside height \(content.height)")
    require(layout.attributesForItem(at: cell.indexPath) == cell, "attributesForItem disagrees for \(cell.indexPath)")
  }
  // Queries return exactly the cells a scan finds.
  for _ in 0..<3 {
    let rect = Rect(
      x: input.int(in: -20...420), y: input.int(in: -20...max(0, content.height + 20)),
      width: input.int(in: 0...420), height: input.int(in: 0...200))
    let found = layout.attributes(in: rect).filter { $0.kind == .cell }.map(\.indexPath)
    let scanned = cells.filter { $0.frame.intersects(rect) }.map(\.indexPath)
    require(Set(found) == Set(scanned) && found.count == scanned.count, "query \(rect): \(found.count) cells, a scan finds \(scanned.count)")
  }
  // Navigation stays on items that exist.
  for cell in cells.prefix(12) {
    for direction in [NavigationDirection.up, .down, .left, .right] {
      if let next = layout.neighbor(of: cell.indexPath, toward: direction) {
        require(layout.attributesForItem(at: next) != nil, "neighbor \(next) of \(cell.indexPath) does not exist")
      }
    }
  }
}
