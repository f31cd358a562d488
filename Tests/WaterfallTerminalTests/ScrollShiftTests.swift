import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallTerminal

/// Finding how far the content moved between two frames, so the terminal
/// scrolls the rows that moved and writes only the rows that came into view.
@Suite struct ScrollShiftTests {
  /// A frame of `rows` distinct lines starting at line `first`, with a status bar.
  static func frame(first: Int, rows: Int = 12, status: String = " 1/9") -> CellBuffer {
    var lines = (first..<(first + rows - 1)).map { "│ card line \($0) │" }
    lines.append(status)
    return CellBuffer(lines: lines.map { $0.padding(toLength: 20, withPad: " ", startingAt: 0) })
  }

  /// ``FrameEncoder/scrollShift(from:to:blank:)`` between two buffers' first `rows` rows.
  static func shift(from old: CellBuffer, to new: CellBuffer, rows: Int) -> Int {
    FrameEncoder.scrollShift(
      from: (0..<rows).map { old.rowTextHash($0) }, to: (0..<rows).map { new.rowTextHash($0) },
      blank: CellBuffer(width: new.size.width, height: 1).rowTextHash(0))
  }

  @Test(arguments: [1, 3, 5, -1, -4])
  func aScrollIsFoundByItsDistance(by rows: Int) {
    let old = Self.frame(first: 10)
    let new = Self.frame(first: 10 + rows, status: " 2/9")
    #expect(Self.shift(from: old, to: new, rows: 12) == rows)
  }

  @Test func aFrameThatDidNotMoveHasNoShift() {
    let old = Self.frame(first: 10)
    #expect(Self.shift(from: old, to: Self.frame(first: 10), rows: 12) == 0)
    #expect(Self.shift(from: old, to: Self.frame(first: 500), rows: 12) == 0, "nothing in common")
  }

  @Test func blankRowsDoNotVote() {
    let old = CellBuffer(width: 20, height: 12)
    let new = CellBuffer(width: 20, height: 12)
    #expect(Self.shift(from: old, to: new, rows: 12) == 0)
  }

  @Test func rowsCompareByEveryCellAndStyle() {
    let a = CellBuffer(lines: ["abc", "xyz"])
    let b = CellBuffer(lines: ["abc", "xyZ"])
    #expect(a.row(0, sameAs: 0, in: b))
    #expect(!a.row(1, sameAs: 1, in: b))
    b.put("a", at: Point(x: 0, y: 0), style: Style(attributes: .bold))
    #expect(!a.row(0, sameAs: 0, in: b), "a style change is a change")
    #expect(a.rowTextHash(0) == b.rowTextHash(0), "the hash looks at characters only")
    let marked = CellBuffer(lines: ["e\u{301}bc"])
    #expect(!marked.row(0, sameAs: 0, in: marked), "rows with combining marks are always written")
  }
}
