import Testing
@testable import WaterfallApp

/// The window on a paged source's rows: where it starts when opened from the
/// end, above another window or after a trim; how it grows; when `G` jumps;
/// what the status bar says.
@Suite struct RowWindowTests {
  static func keyset(_ first: Int, _ last: Int, reachedStart: Bool = false) -> PageKeyset {
    PageKeyset(first: [.integer(Int64(first))], last: [.integer(Int64(last))], reachedStart: reachedStart)
  }

  @Test func theFirstPagesAreAWindowAtTheStart() {
    var window = RowWindow.opened(by: .first, previous: nil, firstPage: Self.keyset(1, 500, reachedStart: true), rows: 500, hasMore: true, estimate: 10_000_000)
    #expect(window.start == 0 && window.atStart && !window.atEnd && !window.isMoved)
    #expect(window.before == nil, "nothing above the first row")
    #expect(window.isFarFromEnd(2_000))
    window.took(Self.keyset(1, 1_000), rows: 1_000, hasMore: true)
    #expect(window.count == 1_000 && window.pageEnds.map(\.rows) == [500, 1_000])
    #expect(window.text == "rows 1–1,000 of ~10,000,000")
  }

  @Test func gOpensTheLastPageFromTheEstimate() {
    let window = RowWindow.opened(by: .last, previous: nil, firstPage: Self.keyset(9_999_501, 10_000_000), rows: 500, hasMore: false, estimate: 10_000_000)
    #expect(window.start == 9_999_500 && !window.startIsCounted && window.atEnd && window.isMoved)
    #expect(!window.isFarFromEnd(0))
    #expect(window.before == .before([.integer(9_999_501)]))
    #expect(window.text == "rows ~9,999,501–~10,000,000 of ~10,000,000")
    #expect(window.positionText(ofIndex: 499) == "~10,000,000/~10,000,000")
    #expect(window.place(of: 0) == 9_999_500)
  }

  @Test func theLastPageOfAFewRowsIsAtTheStart() {
    let window = RowWindow.opened(by: .last, previous: nil, firstPage: Self.keyset(1, 120, reachedStart: true), rows: 120, hasMore: false, estimate: 400)
    #expect(window.start == 0 && window.atStart && window.startIsCounted && !window.isMoved)
  }

  @Test func aPageAboveMovesTheStartUpByItsRows() {
    let last = RowWindow.opened(by: .last, previous: nil, firstPage: Self.keyset(9_999_501, 10_000_000), rows: 500, hasMore: false, estimate: 10_000_000)
    var above = RowWindow.opened(by: last.before!, previous: last, firstPage: Self.keyset(9_999_001, 9_999_500), rows: 500, hasMore: true, estimate: 10_000_000)
    #expect(above.start == 9_999_000 && !above.atEnd && !above.atStart)
    above.took(Self.keyset(9_999_001, 10_000_000), rows: 1_000, hasMore: false)
    #expect(above.atEnd && above.count == 1_000)
    #expect(above.text == "rows ~9,999,001–~10,000,000 of ~10,000,000")
    // The page above the first ones: the start, whatever the estimate said.
    let top = RowWindow.opened(by: .before([.integer(301)]), previous: RowWindow(start: 700, startIsCounted: false, count: 500, atStart: false), firstPage: Self.keyset(1, 300, reachedStart: true), rows: 300, hasMore: true, estimate: 1_000)
    #expect(top.start == 0 && top.atStart && top.startIsCounted && top.before == nil)
  }

  @Test func aWindowPastItsBoundKeepsItsLastPages() {
    var window = RowWindow.opened(by: .first, previous: nil, firstPage: Self.keyset(1, 100, reachedStart: true), rows: 100, hasMore: true, estimate: 1_000)
    #expect(window.trimmed(keepingPages: 2) == nil, "one page: nothing to let go")
    for page in 2...5 { window.took(Self.keyset(1, page * 100), rows: page * 100, hasMore: true) }
    let trim = window.trimmed(keepingPages: 2)
    #expect(trim?.start == .after([.integer(300)]))
    #expect(trim?.dropped == 300)
    let trimmed = RowWindow.opened(by: trim!.start, previous: window, dropped: 300, firstPage: Self.keyset(301, 400), rows: 100, hasMore: true, estimate: 1_000)
    #expect(trimmed.start == 300 && trimmed.startIsCounted && !trimmed.atStart)
    #expect(trimmed.text == "rows 301–400 of ~1,000")
    #expect(trimmed.before == .before([.integer(301)]))
  }

  @Test func anUnknownEstimateStillJumps() {
    let window = RowWindow.opened(by: .first, previous: nil, firstPage: Self.keyset(1, 60, reachedStart: true), rows: 60, hasMore: true, estimate: nil)
    #expect(window.isFarFromEnd(2_000), "a search's matches, not counted: G reads the last page")
    let last = RowWindow.opened(by: .last, previous: window, firstPage: Self.keyset(501, 560), rows: 60, hasMore: false, estimate: nil)
    #expect(last.text == "the last 60 rows")
    #expect(last.positionText(ofIndex: 0) == "1/60")
  }
}
