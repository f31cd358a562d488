import Testing
@testable import WaterfallLayout

/// Inputs the fuzzer (`make fuzz`, target FuzzLayout) found, kept as regression
/// tests. Each names the finding and what was wrong.
@Suite struct LayoutFuzzFindingsTests {
  /// FuzzLayout, crash-a7bc4dd3: a negative top inset put the items above the
  /// header ("section 0 header overlaps its items"), and a negative left inset
  /// put a column outside the content.
  @Test func negativeInsetsCountAsZero() {
    let insets = EdgeInsets(top: -3, left: -18, bottom: -3, right: -23)
    let grid = GridLayout(itemSize: Size(width: 48, height: -2), columnSpacing: -2, rowSpacing: -2, sectionInsets: insets, headerHeight: 1, footerHeight: 4)
    grid.prepare(width: 341, source: FixedLayoutSource(sections: [[], []]))
    #expect(grid.invariantViolations() == [])

    for kind in 0..<3 {
      let bad = WaterfallLayout(
        columnCount: 3, columnSpacing: 1, sectionInsets: kind == 0 ? insets : .zero, headerHeight: 2,
        headerInsets: kind == 1 ? insets : .zero, footerHeight: 2, footerInsets: kind == 2 ? insets : .zero)
      let good = WaterfallLayout(columnCount: 3, columnSpacing: 1, headerHeight: 2, footerHeight: 2)
      let source = FixedLayoutSource(sections: [[.height(3), .height(5), .height(2), .height(4)], [.height(1)]])
      bad.prepare(width: 40, source: source)
      good.prepare(width: 40, source: source)
      #expect(bad.invariantViolations() == [])
      #expect(bad.allAttributes() == good.allAttributes(), "negative \(["section", "header", "footer"][kind]) insets")
    }
  }
}
