import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// The `?` box: every section on a large screen, in two columns where one
/// would not fit; one column that scrolls on a small one.
@Suite struct HelpOverlayTests {
  static let overlay = HelpOverlay(sections: KeyBindings.helpSections, theme: .unicode, scroll: 0)

  @Test func aLargeScreenShowsEverySectionInTwoColumns() {
    let size = Size(width: 200, height: 60)
    #expect(Self.overlay.columnCount(for: size) == 2)
    #expect(Self.overlay.maximumScroll(for: size) == 0)
    let screen = CellBuffer(width: size.width, height: size.height)
    Self.overlay.draw(in: screen, size: size)
    for (title, _) in KeyBindings.helpSections { #expect(screen.text.contains(title), "\(title)") }
    #expect(!screen.text.contains("↓ more"))
  }

  @Test func aSectionIsNeverCutBetweenTheColumns() {
    let rows = Self.overlay.rows(width: 196, columns: 2)
    let left = rows.map { $0[0] }, right = rows.map { $0[1] }
    // Each column starts with a section's title, and every title is in one of them.
    #expect(left.first?.isTitle == true)
    #expect(right.first?.isTitle == true)
    let titles = (left + right).filter(\.isTitle).map(\.label)
    #expect(titles == KeyBindings.helpSections.map(\.title))
  }

  @Test func aNarrowScreenKeepsOneColumnThatScrolls() {
    let size = Size(width: 80, height: 24)
    #expect(Self.overlay.columnCount(for: size) == 1)
    #expect(Self.overlay.maximumScroll(for: size) > 0)
    let screen = CellBuffer(width: size.width, height: size.height)
    Self.overlay.draw(in: screen, size: size)
    #expect(screen.text.contains("↓ more"))
  }
}
