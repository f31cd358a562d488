import Testing
import WaterfallLayout

@testable import WaterfallView

/// Changing the view's size and its layout together lays out once.
@Suite struct FrameAndLayoutTests {
  /// A waterfall that counts how often it is prepared.
  final class CountingLayout: CollectionLayout {
    let base: WaterfallLayout
    var prepares = 0
    init(columnCount: Int) { base = WaterfallLayout(columnCount: columnCount) }
    func prepare(width: Int, source: any LayoutSource) {
      prepares += 1
      base.prepare(width: width, source: source)
    }
    var contentSize: Size { base.contentSize }
    func attributes(in rect: Rect) -> [LayoutAttributes] { base.attributes(in: rect) }
    func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { base.attributesForItem(at: indexPath) }
    func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? {
      base.attributesForSupplementary(kind, inSection: section)
    }
    func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { base.shouldInvalidate(forBoundsChange: newBounds) }
    func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
      base.appendItems(count: count, toSection: section, source: source)
    }
    func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
      base.neighbor(of: indexPath, toward: direction)
    }
  }

  @Test func setFrameWithALayoutPreparesOnceAndKeepsTheSelectionInView() {
    let fixture = Fixture(heights: (0..<200).map { 3 + $0 % 7 }, frame: Rect(x: 0, y: 0, width: 80, height: 20), layout: WaterfallLayout(columnCount: 3))
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 120))
    let layout = CountingLayout(columnCount: 2)
    view.setFrame(Rect(x: 0, y: 0, width: 50, height: 12), layout: layout)
    #expect(layout.prepares == 1)
    #expect(view.frame.width == 50)
    let frame = view.frameForItem(at: IndexPath(item: 120))!
    #expect(view.visibleRect.contains(frame), "the selected card is on screen")
    #expect(layout.prepares == 1)
  }

  @Test func settingTheFrameThenTheLayoutPreparesTwice() {
    // What setFrame(_:layout:) saves: the frame's own pass with the old layout.
    let old = CountingLayout(columnCount: 3)
    let fixture = Fixture(heights: (0..<50).map { 3 + $0 % 7 }, frame: Rect(x: 0, y: 0, width: 80, height: 20), layout: old)
    let before = old.prepares
    fixture.view.frame = Rect(x: 0, y: 0, width: 50, height: 12)
    #expect(old.prepares == before + 1)
  }
}
