import Testing
import WaterfallLayout

@testable import WaterfallView

/// Changing the view's size and its layout together lays out once.
@Suite struct FrameAndLayoutTests {
  @Test func setFrameWithALayoutPreparesOnceAndKeepsTheSelectionInView() {
    let fixture = Fixture(heights: (0..<200).map { 3 + $0 % 7 }, frame: Rect(x: 0, y: 0, width: 80, height: 20), layout: WaterfallLayout(columnCount: 3))
    let view = fixture.view
    view.selectItem(at: IndexPath(item: 120))
    let layout = SpyLayout(WaterfallLayout(columnCount: 2))
    view.setFrame(Rect(x: 0, y: 0, width: 50, height: 12), layout: layout)
    #expect(layout.prepared == 1)
    #expect(view.frame.width == 50)
    let frame = view.frameForItem(at: IndexPath(item: 120))!
    #expect(view.visibleRect.contains(frame), "the selected card is on screen")
    #expect(layout.prepared == 1)
  }

  @Test func settingTheFrameThenTheLayoutPreparesTwice() {
    // What setFrame(_:layout:) saves: the frame's own pass with the old layout.
    let old = SpyLayout(WaterfallLayout(columnCount: 3))
    let fixture = Fixture(heights: (0..<50).map { 3 + $0 % 7 }, frame: Rect(x: 0, y: 0, width: 80, height: 20), layout: old)
    let before = old.prepared
    fixture.view.frame = Rect(x: 0, y: 0, width: 50, height: 12)
    #expect(old.prepared == before + 1)
  }
}
