import Testing
import WaterfallLayout

@Suite struct GeometryTests {
  @Test func rectIsHalfOpen() {
    let card = Rect(x: 2, y: 10, width: 20, height: 5)
    #expect(card.contains(Point(x: 2, y: 10)))
    #expect(card.contains(Point(x: 21, y: 14)))
    #expect(!card.contains(Point(x: 22, y: 14)), "maxX is outside")
    #expect(!card.contains(Point(x: 2, y: 15)), "maxY is outside")
    #expect(!card.contains(Point(x: 1, y: 10)))
    #expect(!card.contains(Point(x: 2, y: 9)))
    #expect(card.maxY == 15)
  }

  @Test func touchingRectsDoNotIntersect() {
    let card = Rect(x: 0, y: 10, width: 20, height: 5)
    #expect(!card.intersects(Rect(x: 0, y: 15, width: 20, height: 3)))
    #expect(!card.intersects(Rect(x: 20, y: 10, width: 5, height: 5)))
    #expect(card.intersects(Rect(x: 0, y: 14, width: 1, height: 1)))
    #expect(card.intersection(Rect(x: 10, y: 12, width: 30, height: 30)) == Rect(x: 10, y: 12, width: 10, height: 3))
    #expect(card.intersection(Rect(x: 0, y: 15, width: 20, height: 3)) == nil)
  }

  @Test func emptyRectsContainAndIntersectNothing() {
    let empty = Rect(x: 0, y: 0, width: 0, height: 10)
    #expect(!empty.contains(Point(x: 0, y: 0)))
    #expect(!empty.intersects(Rect(x: -5, y: -5, width: 20, height: 20)))
    #expect(!Rect(x: -5, y: -5, width: 20, height: 20).intersects(empty))
  }

  @Test func insetsShrinkAndNeverGoNegative() {
    let r = Rect(x: 0, y: 0, width: 10, height: 4)
    #expect(r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)) == Rect(x: 2, y: 1, width: 6, height: 2))
    #expect(r.inset(by: EdgeInsets(all: 6)).size == Size(width: 0, height: 0))
  }

  @Test func indexPathsOrderBySectionThenItem() {
    #expect(IndexPath(item: 9, section: 0) < IndexPath(item: 0, section: 1))
    #expect(IndexPath(item: 1, section: 2) < IndexPath(item: 2, section: 2))
  }

  @Test(arguments: [
    (ItemSize.aspect(width: 100, height: 200), 145, 1.0, 290),
    (.aspect(width: 100, height: 50), 145, 1.0, 72),
    (.aspect(width: 300, height: 400), 20, 0.5, 13),
    (.aspect(width: 0, height: 400), 20, 0.5, 0),
    (.aspect(width: -3, height: 400), 20, 0.5, 0),
    (.aspect(width: .nan, height: 400), 20, 0.5, 0),
    (.aspect(width: 1, height: .infinity), 20, 0.5, 0),
    (.aspect(width: 1, height: 1e300), 20, 0.5, ItemSize.maximumHeight),
    (.height(-4), 20, 0.5, 0),
    (.height(7), 20, 0.5, 7),
  ])
  func itemHeights(size: ItemSize, width: Int, aspect: Double, expected: Int) {
    #expect(size.height(forWidth: width, aspectCorrection: aspect) == expected)
  }
}
