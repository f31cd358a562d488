import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// The carousel, the circle, the mosaic and the horizontal waterfall in the
/// browser; the animated hide and undo; pull to refresh. Driven without a terminal.
@Suite struct NewLayoutsInTheBrowserTests {
  typealias T = LoadMoreAndLayoutsTests

  func browser(_ count: Int = 40, size: Size = Size(width: 80, height: 24), configure: (inout Browser.Options) -> Void = { _ in }) -> Browser {
    T.browser(T.store(count), size: size, configure: configure)
  }

  func text(_ b: Browser) -> String { T.lines(b).joined(separator: "\n") }

  /// Where the selected card's middle is on the screen, across.
  func selectedMiddle(_ b: Browser) -> Int? {
    b.collectionView.selectedIndexPath.flatMap { b.collectionView.frameForItem(at: $0) }.map {
      $0.midX - b.collectionView.scrollOffset.x
    }
  }

  @Test func theCarouselSlidesTheNextCardToTheMiddle() {
    let b = browser { $0.layout = .line; $0.animates = true }
    let line = b.collectionView.layout as! LineLayout
    #expect(b.collectionView.scrollOffset == .zero)
    _ = b.handle(.key(.right), time: 1000)
    #expect(b.isAnimating, "a short slide")
    #expect(b.selectedItem == 1)
    #expect(b.advanceAnimation(to: 1000))
    #expect(b.advanceAnimation(to: 1060))
    let halfway = b.collectionView.scrollOffset.x
    #expect(halfway > 0 && halfway < line.pitch)
    #expect(!b.advanceAnimation(to: 1200))
    #expect(b.collectionView.scrollOffset == Point(x: line.pitch, y: 0))
    let card = b.collectionView.frameForItem(at: IndexPath(item: 1))!
    #expect(card.size == line.cardSize, "the middle card is full size")
    #expect(abs(selectedMiddle(b)! - 40) <= 1, "and in the middle")
    #expect(b.isNearEnd == false)
  }

  @Test func aScrolledCarouselComesToRestOnACard() {
    let b = browser { $0.layout = .line }
    let line = b.collectionView.layout as! LineLayout
    for step in 0..<(line.pitch * 2 + line.pitch / 2 + 1) { _ = b.handle(.key(.control("e")), time: UInt64(step)) }
    #expect(b.collectionView.scrollOffset.x == line.pitch * 2 + line.pitch / 2 + 1, "scrolled, not yet at rest")
    #expect(b.tickInterval != nil)
    _ = b.tick(now: 100)
    #expect(b.collectionView.scrollOffset.x % line.pitch != 0, "still scrolling: not at rest yet")
    _ = b.tick(now: 10_000)
    #expect(b.collectionView.scrollOffset.x == 3 * line.pitch, "the nearest card, item 3, in the middle")
    #expect(b.selectedItem == 3)
    #expect(b.tickInterval == nil)
  }

  @Test func theCircleTurnsTheSelectionToTheFront() {
    let b = browser { $0.layout = .circle; $0.animates = true }
    let circle = b.collectionView.layout as! CircleLayout
    let front = b.collectionView.frameForItem(at: IndexPath(item: 0))!
    _ = b.handle(.key(.right), time: 0)
    #expect(b.isAnimating)
    b.finishAnimation()
    #expect(circle.frontItem == IndexPath(item: 1))
    #expect(b.collectionView.frameForItem(at: IndexPath(item: 1)) == front, "item 1 took the front place")
    #expect(text(b).contains("circle · \(circle.capacity) of 40 round"))
    _ = b.handle(.key(.left), time: 500)
    _ = b.handle(.key(.left), time: 1000)
    b.finishAnimation()
    #expect(b.selectedItem == 39, "round past the first card to the last")
  }

  @Test func theMosaicRepeatsByThreesAtTheScreensWidth() {
    let b = browser { $0.layout = .mosaic }
    let frames = (0..<4).map { b.collectionView.frameForItem(at: IndexPath(item: $0))! }
    // 80 columns, a column between: 40 and 39; the square is 20 rows.
    #expect(frames == [
      Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 41, y: 0, width: 39, height: 10),
      Rect(x: 41, y: 10, width: 39, height: 10), Rect(x: 0, y: 20, width: 40, height: 20),
    ])
    _ = b.handle(.key(.down))
    #expect(b.selectedItem == 3)
  }

  @Test func aHorizontalWaterfallScrollsSidewaysAndLoadsMoreAtItsRightEnd() {
    let b = browser(200) { $0.parameters.direction = .horizontal }
    let view = b.collectionView
    #expect(view.isHorizontal)
    #expect(text(b).contains("2 rows · waterfall ↔"))
    #expect(!b.isNearEnd)
    _ = b.handle(.key(.pageDown))
    #expect(view.scrollOffset.x > 0 && view.scrollOffset.y == 0)
    _ = b.handle(.key(.end))
    #expect(b.isNearEnd)
    #expect(view.distanceToEnd == 0)
    // Cards are as wide as their content at the row's height.
    let widths = Set((0..<20).map { view.frameForItem(at: IndexPath(item: $0))!.width })
    #expect(widths.count > 1)
  }

  @Test func groupColumnsGiveEachGroupItsCount() {
    let b = T.browser(T.store(24, group: true)) {
      $0.groups = true
      $0.parameters.groupColumns = ["Clay": 1, "Loom": 4]
    }
    let layout = b.collectionView.layout as! WaterfallLayout
    let keys = b.sections.map(\.key)
    for (section, key) in keys.enumerated() {
      let expected = key == "Clay" ? 1 : key == "Loom" ? 4 : 3
      #expect(layout.effectiveColumnCount(inSection: section) == expected, "\(String(describing: key))")
    }
  }

  @Test func xShrinksTheCardAwayWhileTheOthersSlide() {
    let b = browser(30) { $0.animates = true }
    for _ in 0..<3 { _ = b.handle(.key(.down)) }
    let indexPath = b.collectionView.selectedIndexPath!
    let hidden = b.selectedItem!
    let before = b.collectionView.frameForItem(at: indexPath)!
    _ = b.handle(.key(.character("x")), time: 0)
    #expect(b.isAnimating)
    #expect(b.counts.shown == 30, "the card is still there while it shrinks")
    b.advanceAnimation(to: 1000)
    b.advanceAnimation(to: 1060)
    let shrinking = b.collectionView.frameForItem(at: indexPath)!
    #expect(shrinking.width < before.width && shrinking.height < before.height)
    #expect(before.contains(shrinking), "towards its middle")
    #expect(!b.advanceAnimation(to: 1200))
    #expect(b.counts.shown == 29)
    #expect(b.selectedItem != hidden)
    // u brings it back, growing from a point.
    _ = b.handle(.key(.character("u")), time: 2000)
    #expect(b.counts.shown == 30 && b.selectedItem == hidden)
    #expect(b.isAnimating)
    b.advanceAnimation(to: 3000)
    b.advanceAnimation(to: 3030)
    let growing = b.collectionView.frameForItem(at: indexPath)!
    b.finishAnimation()
    let back = b.collectionView.frameForItem(at: indexPath)!
    #expect(growing.width < back.width && back == before)
  }

  /// A frame too slow to animate turns animation off after it was shown: the
  /// hide must still end on the next frame the loop draws, not stay part way
  /// until the next key (seen under the address sanitizer).
  @Test func aSlowFrameEndsTheHideOnTheNextFrame() {
    let b = browser(30) { $0.animates = true }
    _ = b.handle(.key(.down))
    _ = b.handle(.key(.character("x")), time: 0)
    b.advanceAnimation(to: 1000)
    b.disableAnimation()  // what the loop does after a slow frame was shown
    #expect(b.isAnimating, "so the loop wakes for one more frame")
    #expect(b.counts.shown == 30)
    #expect(!b.advanceAnimation(to: 1001), "ended, long before its 120 ms")
    #expect(!b.isAnimating && b.counts.shown == 29)
    _ = b.handle(.key(.character("u")), time: 2000)
    #expect(!b.isAnimating && b.counts.shown == 30, "and no animation after that")
  }

  @Test func withoutAnimationXHidesAtOnce() {
    let b = browser(10)
    _ = b.handle(.key(.character("x")))
    #expect(!b.isAnimating)
    #expect(b.counts.shown == 9)
  }

  @Test func pullingAtTheTopRefreshesOnceReleasedPastThreeRows() {
    let b = browser(20)
    _ = b.handle(.key(.up), time: 0)
    #expect(text(b).contains("pull to refresh"))
    #expect(b.collectionView.frame.minY == 1, "the cards move down a row")
    _ = b.handle(.key(.character("k")), time: 40)
    _ = b.handle(.key(.up), time: 80)
    #expect(text(b).contains("release to refresh"))
    #expect(b.tick(now: 100) == .none, "still held")
    #expect(b.tick(now: 80 + PullToRefresh.releaseMilliseconds) == .reload)
    #expect(text(b).contains("refreshing…"))
    var update = LoadUpdate()
    update.replacement = T.store(20)
    b.apply(update, now: 600)
    _ = b.tick(now: 80 + PullToRefresh.releaseMilliseconds + PullToRefresh.refreshingMilliseconds)
    #expect(!text(b).contains("refreshing"))
    #expect(b.collectionView.frame.minY == 0)
  }

  @Test func anEarlyReleaseSpringsBackAndAnotherKeyReleasesAtOnce() {
    let b = browser(20)
    _ = b.handle(.key(.up), time: 0)
    #expect(b.tick(now: 1000) == .none)
    #expect(b.collectionView.frame.minY == 0 && !text(b).contains("pull"))
    for t in 0..<4 { _ = b.handle(.key(.up), time: UInt64(t)) }
    #expect(b.handle(.key(.down), time: 10) == .reload, "let go past the threshold: refresh")
    // Not at the top: Up moves the selection, no pull.
    let c = browser(20)
    for _ in 0..<5 { _ = c.handle(.key(.down)) }
    _ = c.handle(.key(.up))
    #expect(c.pull.state == .idle)
  }
}
