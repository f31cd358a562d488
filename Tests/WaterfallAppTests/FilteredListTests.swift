import Testing

@testable import WaterfallApp

/// The list a picker and a sheet share: what is typed, the rows shown, the
/// selection kept in view.
@Suite struct FilteredListTests {
  @Test func typingAndDeletingChangeTheTextOnly() {
    var list = FilteredList<String>()
    list.type("pr")
    list.type("i")
    #expect(list.query == "pri")
    let deleted = list.deleteBackward()
    #expect(deleted && list.query == "pr")
    list.clearQuery()
    let deletedNothing = !list.deleteBackward()
    #expect(deletedNothing, "nothing typed, nothing deleted")
  }

  @Test func showingRowsStartsAtTheTopWithTheSelectionInRange() {
    var list = FilteredList<Int>()
    list.show(Array(0..<10), selecting: 4)
    list.scrollToSelection(visibleRows: 2)
    #expect(list.selected == 4 && list.top == 3)
    list.show([7, 8], selecting: 9)
    #expect(list.selected == 1 && list.top == 0 && list.selectedRow == 8)
    list.show([], selecting: 3)
    #expect(list.selected == 0 && list.selectedRow == nil)
  }

  @Test func movingStopsAtTheEndsAndScrollingKeepsTheSelectionInView() {
    var list = FilteredList<Int>()
    list.show(Array(0..<20), selecting: 0)
    list.move(by: -3)
    #expect(list.selected == 0)
    list.move(by: 50)
    #expect(list.selected == 19)
    list.scrollToSelection(visibleRows: 5)
    #expect(list.top == 15)
    list.moveToEnd(false)
    list.scrollToSelection(visibleRows: 5)
    #expect(list.selected == 0 && list.top == 0)
    list.moveToEnd(true)
    list.scrollToSelection(visibleRows: 50)
    #expect(list.selected == 19 && list.top == 0, "every row fits: no scroll")
  }
}
