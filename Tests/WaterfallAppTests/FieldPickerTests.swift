import TestSupport
import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// The field picker of `s` and `F`: alone (its list, what typing leaves, the
/// selection), drawn, and in the browser with its survey on a stepped worker.
@Suite struct FieldPickerTests {
  static let shopJSON = [
    #"{"title":"Mug","price":"$9","properties":{"glaze":"blue"},"shipping_rate":2}"#,
    #"{"title":"Rug","price":"$90","shipping_rate":5,"tags":["wool"]}"#,
    #"{"title":"Jar","price":12}"#,
  ]

  static func survey() -> FieldSurvey {
    FieldSurvey(shopJSON.map { try! JSONParser.parse(Array($0.utf8)) })
  }

  @Test func typingNarrowsTheFieldsAsTheSearchDoesAndEnterTakesTheSelected() {
    var picker = FieldPicker(purpose: .sort)
    #expect(picker.isSurveying && picker.rows.isEmpty && picker.choice == nil)
    picker.receive(Self.survey())
    #expect(picker.rows.map(\.name) == [nil, "title", "price", "properties", "shipping_rate", "tags"])
    #expect(picker.choice == .dataOrder, "the data's order first, while nothing is typed")
    picker.type("p")
    picker.type("r")
    // Those holding "pr" first, then those with p…r in order (fuzzy).
    #expect(picker.rows.map(\.name) == ["price", "properties", "shipping_rate"])
    #expect(picker.choice == .field("price"))
    picker.move(by: 1)
    #expect(picker.choice == .field("properties"))
    picker.move(by: 10)
    #expect(picker.choice == .field("shipping_rate"), "stops at the end")
    picker.type("zz")
    #expect(picker.rows.isEmpty && picker.choice == nil)
    picker.deleteBackward()
    picker.deleteBackward()
    #expect(picker.query == "pr" && picker.rows.count == 3)
    picker.clearQuery()
    #expect(picker.rows.count == 6)
    // Counting has no data's order; the field last counted is selected again.
    var counts = FieldPicker(purpose: .counts, preferred: "shipping_rate")
    counts.receive(Self.survey())
    #expect(counts.rows.first?.name == "title" && counts.choice == .field("shipping_rate"))
    counts.moveToEnd(true)
    #expect(counts.choice == .field("tags"))
    counts.moveToEnd(false)
    #expect(counts.choice == .field("title"))
  }

  @Test func theListScrollsToKeepTheSelectionInView() {
    var survey = FieldSurvey()
    survey.add(.object((0..<30).map { JSONMember(key: "f\($0)", value: .number("\($0)")) }))
    var picker = FieldPicker(purpose: .counts)
    picker.receive(survey)
    picker.move(by: 12)
    picker.scrollToSelection(visibleRows: 5)
    #expect(picker.top == 8)
    picker.move(by: -10)
    picker.scrollToSelection(visibleRows: 5)
    #expect(picker.top == 2)
    // Drawn on a small screen, the selected field is on it.
    let screen = CellBuffer(width: 60, height: 12)
    picker.scrollToSelection(visibleRows: picker.visibleRows(in: screen.size))
    picker.draw(in: screen, size: screen.size, theme: .unicode, sort: nil, progress: nil)
    #expect(screen.lines.contains { $0.contains("▸ f2 ") })
  }

  @Test func theBoxListsNameKindAndCountMarkingTheSortAndTheLettersTyped() {
    var picker = FieldPicker(purpose: .sort)
    picker.receive(Self.survey())
    let size = Size(width: 64, height: 14)
    var screen = CellBuffer(width: size.width, height: size.height)
    picker.draw(in: screen, size: size, theme: .unicode, sort: SortOrder(field: "price", descending: true), progress: nil)
    expectScreen(
      Array(screen.lines[1..<12]),
      equals: [
        "          ┏━ Sort by ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┓          ",
        "          ┃ › ▏                             5 fields ┃          ",
        "          ┃   field                kind        items ┃          ",
        "          ┃ ▸ (the data's order)                     ┃          ",
        "          ┃   title                text            3 ┃          ",
        "          ┃   price ↓              number          3 ┃          ",
        "          ┃   properties           object          1 ┃          ",
        "          ┃   shipping_rate        number          2 ┃          ",
        "          ┃   tags                 list            1 ┃          ",
        "          ┗━━━━━━━━━━━ Enter sort · S reverse · Esc ━┛          ",
        "                                                                ",
      ])
    picker.type("pr")
    screen = CellBuffer(width: size.width, height: size.height)
    picker.draw(in: screen, size: size, theme: .unicode, sort: nil, progress: nil)
    let row = screen.lines.firstIndex { $0.contains("shipping_rate") }!
    let x = screen.lines[row].distance(from: screen.lines[row].startIndex, to: screen.lines[row].range(of: "shipping_rate")!.lowerBound)
    let underlined = (0..<13).filter { screen.style(x: x + $0, y: row).attributes.contains(.underline) }
    #expect(underlined == [4, 9], "p…r, the letters typed (the tightest, as fzf marks them)")
    #expect(screen.lines.contains { $0.contains("3 of 5 fields") })
  }

  @Test func whileTheFieldsAreReadTheBoxAndTheStatusBarSaySo() {
    let store = SearchEngineTests.store(3_000)
    let b = Fixture.browser(store, size: Size(width: 80, height: 24))
    _ = b.handle(.key(.character("s")))
    #expect(b.mode == .picking && b.picker?.isSurveying == true)
    // What is typed meanwhile narrows the fields once they come.
    _ = b.handle(.key(.character("p")))
    let screen = Fixture.screen(b)
    #expect(screen.lines.contains { $0.contains("reading the fields… 0%") })
    #expect(Fixture.status(b).contains("reading the fields 0%"))
    #expect(b.progressInterval != nil, "the status bar is drawn again while the worker reads")
    b.runPendingWork()
    #expect(b.picker?.survey?.items == 3_000)
    #expect(b.picker?.rows.compactMap(\.name) == ["shop", "price"])
    #expect(!Fixture.status(b).contains("reading"))
    _ = b.handle(.key(.escape))
    #expect(b.mode == .browsing && b.picker == nil)
    _ = b.handle(.key(.character("s")))
    #expect(b.picker?.isSurveying == false, "the survey of the store as it is is kept")
  }

  @Test func enterSortsByTheFieldOnTheWorkerAndOpensAtTheTopSReversesInThePicker() {
    let store = SearchEngineTests.store(3_000)
    let b = Fixture.browser(store, size: Size(width: 80, height: 24))
    for c in "spri" { _ = b.handle(.key(.character(c))) }
    b.runPendingWork()
    #expect(b.picker?.choice == .field("price"))
    _ = b.handle(.key(.enter))
    #expect(b.mode == .browsing && b.pendingSort == SortOrder(field: "price"))
    b.runPendingWork()
    let sorted = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price"))!
    #expect(b.sortOrder == SortOrder(field: "price") && b.selectedItem == sorted.first)
    // `S` in the picker: the field the other way round; it opens on the field sorted by.
    _ = b.handle(.key(.character("s")))
    #expect(b.picker?.choice == .field("price"), "the picker opens on the field sorted by")
    _ = b.handle(.key(.character("S")))
    b.runPendingWork()
    let reversed = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price", descending: true))!
    #expect(b.sortOrder == SortOrder(field: "price", descending: true) && b.selectedItem == reversed.first)
    // Typed ahead of the fields, Enter waits for them: `s pri Enter` sorts by price.
    let ahead = Fixture.browser(SearchEngineTests.store(3_000), size: Size(width: 80, height: 24))
    for c in "spri" { _ = ahead.handle(.key(.character(c))) }
    _ = ahead.handle(.key(.enter))
    #expect(ahead.mode == .picking && ahead.pendingSort == nil)
    ahead.runPendingWork()
    #expect(ahead.mode == .browsing && ahead.sortOrder == SortOrder(field: "price"))
    // In the counts picker, S is a letter like any other.
    _ = b.handle(.key(.character("F")))
    _ = b.handle(.key(.character("S")))
    #expect(b.mode == .picking && b.picker?.query == "S")
  }

  @Test func inTheTableSOpensOnTheCurrentColumn() {
    let store = SearchEngineTests.store(50)
    var options = Browser.Options()
    options.layout = .table
    let b = Fixture.browser(store, options: options, size: Size(width: 100, height: 20))
    _ = b.handle(.key(.right))
    _ = b.handle(.key(.right))
    let table = try! #require(b.cards.dataSource.table)
    let column = Browser.fieldName(of: table.columns[table.current])
    _ = b.handle(.key(.character("s")))
    b.runPendingWork()
    #expect(b.picker?.choice == .field(column), "\(table.columns.map(\.name))")
    _ = b.handle(.key(.enter))
    b.runPendingWork()
    #expect(b.sortOrder == SortOrder(field: column))
  }
}
