import TestSupport
import Testing

/// The diff the screen-comparison asserts show: the rows that differ, both ways,
/// with a little context, and nothing when the screens match.
@Suite struct ScreenDiffTests {
  @Test func sameScreensHaveNoDifference() {
    let diff = ScreenDiff(expected: ["ab", "cd"], actual: ["ab", "cd"])
    #expect(diff.isEmpty)
    #expect(diff.differingRows.isEmpty)
  }

  @Test func aChangedRowIsShownBothWaysWithItsNumber() {
    let diff = ScreenDiff(expected: ["┌──┐", "│a │", "└──┘"], actual: ["┌──┐", "│b │", "└──┘"])
    #expect(!diff.isEmpty)
    #expect(diff.differingRows == [2])
    #expect(diff.description == "    ┌──┐\n- 2 │a │\n+ 2 │b │\n    └──┘")
  }

  @Test func rowsOnlyOneScreenHasDiffer() {
    let diff = ScreenDiff(expected: "a\nb", actual: "a\nb\nc")
    #expect(diff.differingRows == [3])
    #expect(diff.description == "    a\n    b\n+ 3 c")
  }

  @Test func matchingRowsFarFromADifferenceAreLeftOut() {
    let expected = (1...20).map { "row \($0)" }
    var actual = expected
    actual[9] = "changed"
    let lines = ScreenDiff(expected: expected, actual: actual).description.split(separator: "\n")
    #expect(lines.first == "⋮")
    #expect(lines.last == "⋮")
    #expect(lines.contains("- 10 row 10"))
    #expect(lines.contains("+ 10 changed"))
    #expect(lines.count == 1 + 2 + 2 + 2 + 1)
  }

}
