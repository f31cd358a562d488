import Testing
import WaterfallLayout
@testable import WaterfallView

@Suite struct CanvasTests {
  @Test func boxesInLightLines() {
    let buffer = CellBuffer(width: 12, height: 3)
    buffer.drawBox(Rect(x: 0, y: 0, width: 12, height: 3), lines: .light)
    buffer.put("价格 ok", at: Point(x: 1, y: 1))
    #expect(buffer.lines == ["┌──────────┐", "│价格 ok   │", "└──────────┘"])
  }

  @Test func textDropsTrailingSpacesLookingAtEachOnce() {
    // `render`'s text: a very wide row, nearly all trailing spaces, costs one
    // step a space, so the whole screen costs its width × height.
    let buffer = CellBuffer(width: 20_000, height: 2)
    buffer.put("价格 ok", at: Point(x: 1, y: 0))
    #expect(buffer.text == " 价格 ok\n")
    var steps = 0
    let row = buffer.line(0)
    #expect(CellBuffer.trimmingTrailingSpaces(row, steps: &steps) == " 价格 ok")
    #expect(steps == row.count - " 价格 ok".count + 1, "one step a trailing space, and one for the last glyph")
    steps = 0
    #expect(CellBuffer.trimmingTrailingSpaces("   ", steps: &steps) == "" && steps == 3)
    steps = 0
    #expect(CellBuffer.trimmingTrailingSpaces("a \u{301}", steps: &steps) == "a \u{301}", "a space with a mark is kept")
    #expect(steps == 1)
  }

  @Test func asciiFallback() {
    let buffer = CellBuffer(width: 5, height: 3)
    buffer.drawBox(Rect(x: 0, y: 0, width: 5, height: 3), lines: .ascii)
    #expect(buffer.lines == ["+---+", "|   |", "+---+"])
  }

  @Test func wideCharacterAtTheRightClipEdgeBecomesASpace() {
    let buffer = CellBuffer(width: 8, height: 1)
    buffer.fill(Rect(x: 0, y: 0, width: 8, height: 1), with: ".")
    let advanced = buffer.put("a价格", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 4, height: 1))
    #expect(buffer.lines == ["a价 ...."])
    #expect(advanced == 5)
  }

  @Test func wideCharacterAtTheLeftClipEdgeBecomesASpace() {
    let buffer = CellBuffer(width: 6, height: 1)
    buffer.fill(Rect(x: 0, y: 0, width: 6, height: 1), with: ".")
    buffer.put("价格x", at: Point(x: 0, y: 0), clip: Rect(x: 1, y: 0, width: 5, height: 1))
    #expect(buffer.lines == [". 格x."])
  }

  @Test func wideCharacterAtTheCanvasEdge() {
    let buffer = CellBuffer(width: 3, height: 1)
    buffer.put("ab价", at: Point(x: 0, y: 0))
    #expect(buffer.lines == ["ab "])
  }

  @Test func overwritingHalfAWideCharacterLeavesNoHalfGlyph() {
    let buffer = CellBuffer(width: 4, height: 1)
    buffer.put("价格", at: Point(x: 0, y: 0))
    buffer.put("x", at: Point(x: 1, y: 0))
    #expect(buffer.lines == [" x格"])
  }

  @Test func emojiAndCombiningMarksKeepColumnsAligned() {
    let buffer = CellBuffer(width: 8, height: 3)
    buffer.put("😀ab|", at: Point(x: 0, y: 0))
    buffer.put("cafe\u{301}|", at: Point(x: 0, y: 1))
    buffer.put("abcd|", at: Point(x: 0, y: 2))
    #expect(buffer.lines.map { DisplayText.width(of: $0) } == [8, 8, 8])
    #expect(buffer.lines[1].hasPrefix("cafe\u{301}|"))
  }

  @Test func hostileTextIsDrawnVisiblyAndMovesNothing() {
    let buffer = CellBuffer(width: 30, height: 2)
    buffer.put("A\u{1B}]52;c;aGk=\u{07}\r\u{08}Z", at: Point(x: 0, y: 0))
    buffer.put("next line", at: Point(x: 0, y: 1))
    #expect(buffer.lines[0] == "A␛␍␈Z" + String(repeating: " ", count: 25))
    #expect(buffer.lines[1].hasPrefix("next line"))
  }

  @Test func tabsAndNewlinesDoNotMoveTheCursor() {
    let buffer = CellBuffer(width: 12, height: 2)
    let advanced = buffer.put("a\tb\nc\r\nd", at: Point(x: 0, y: 0))
    #expect(buffer.lines == ["a b␊c␍␊d    ", "            "])
    #expect(advanced == 8)
  }

  @Test func aBufferBuiltFromLinesIsTheExpectedSideOfAComparison() {
    let expected = CellBuffer(lines: ["┌─┐", "│价", "└─┘"])
    #expect(expected.size == Size(width: 3, height: 3))
    let drawn = CellBuffer(width: 3, height: 3)
    drawn.drawBox(Rect(x: 0, y: 0, width: 3, height: 3), lines: .light)
    drawn.put("价", at: Point(x: 1, y: 1))
    #expect(drawn.lines == expected.lines)
    #expect(drawn.cells == expected.cells)
  }

  @Test func regionsTranslateAndClip() {
    let screen = CellBuffer(width: 10, height: 3)
    let region = CanvasRegion(base: screen, offset: Point(x: 0, y: -98), bounds: Rect(x: 2, y: 98, width: 5, height: 2))
    region.put("hello world", at: Point(x: 0, y: 99))
    region.put("top", at: Point(x: 2, y: 97))
    #expect(screen.lines == ["          ", "  llo w   ", "          "])
  }
}
