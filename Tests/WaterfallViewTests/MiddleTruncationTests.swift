import Testing

@testable import WaterfallView

/// A file name too long for its line keeps its start and its end, `…` between.
@Suite struct MiddleTruncationTests {
  @Test(arguments: [
    ("holiday-photo-0001.jpeg", 15, "holiday…01.jpeg"),
    ("holiday-photo-0001.jpeg", 23, "holiday-photo-0001.jpeg"),
    ("holiday-photo-0001.jpeg", 22, "holiday-pho…-0001.jpeg"),
    ("abc", 1, "…"),
    ("abcdef", 2, "a…"),
    ("abc", 0, ""),
    ("大号陶瓷茶壶.png", 9, "大号….png"),
  ])
  func theMiddleGivesWay(text: String, width: Int, expected: String) {
    let shown = TextWrapper.truncateMiddle(text, width: width)
    #expect(shown == expected)
    #expect(DisplayText.width(of: shown) <= width)
  }

  @Test func controlsAreShownNotSent() {
    #expect(TextWrapper.truncateMiddle("a\u{1B}[31mb.png", width: 40) == "a␛b.png")
  }
}
