import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallTerminal
import WaterfallView
@testable import WaterfallApp

/// A SQLite table read backward from its end a page at a time (keyset
/// backward across equal sort values and NULLs), and the browser over it:
/// `G` opens the last page, a step up past the window's first row reads the
/// page above, `g` the first again, and a window past its bound lets the rows
/// above go.
@Suite struct SQLiteWindowTests {
  /// The fixture's rows in the order `sort` (by price) gives them.
  static func sorted(_ count: Int, descending: Bool) -> [Int] {
    (1...count).sorted { a, b in
      switch (SQLiteTableReaderTests.price(a), SQLiteTableReaderTests.price(b)) {
      case (nil, nil): return a < b
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?): return x != y ? (descending ? x > y : x < y) : a < b
      }
    }
  }

  @Test(arguments: [nil, false, true] as [Bool?])
  func pagesBackwardFromTheEndCrossEqualValuesAndNulls(descending: Bool?) throws {
    let count = 1_234
    let (folder, path) = try SQLiteTableReaderTests.fixture(rows: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    let sort = descending.map { SortOrder(field: "price", descending: $0) }
    var ids: [Int] = []
    var before: [SQLValue]?
    var atStart = false
    var pages = 0
    while !atStart {
      // Each page by a reader of its own, as each window is read.
      let reader = try SQLiteTableReader(
        database: try SQLiteDatabase(path: path), table: "items", rowidName: "rowid", refinement: SourceRefinement(sort: sort), pageRows: 100)
      var page: [Int] = []
      let read = try reader.readBackward(before: before, upTo: 100) { _, rowid in page.append(Int(rowid)) }
      ids = page.reversed() + ids
      atStart = read.reachedStart
      before = reader.firstKeys
      pages += 1
      // The reading goes on after the page's last row: the next page forward is the rows after it.
      if pages == 2 {
        var next: [Int] = []
        try reader.read(upTo: 3) { _, rowid in next.append(Int(rowid)) }
        let expected = descending.map { Self.sorted(count, descending: $0) } ?? Array(1...count)
        let after = expected.firstIndex(of: page[0])! + 1
        #expect(next == Array(expected[after..<min(after + 3, count)]))
      }
    }
    #expect(pages == 13)
    #expect(ids == (descending.map { Self.sorted(count, descending: $0) } ?? Array(1...count)))
  }

  /// Drains `controller` into `browser` (stepped workers) until nothing is read.
  private func settle(_ controller: LoadController, _ browser: Browser) {
    while controller.runPendingWork() > 0 || controller.hasPendingEvents {
      browser.apply(controller.drain(), now: 0)
    }
    browser.apply(controller.drain(), now: 0)
  }

  /// The id of the selected card.
  private func selectedID(_ browser: Browser) -> Int? {
    browser.selectedItem.flatMap { browser.store.value(at: $0)["id"]?.text.flatMap { Int($0) } }
  }

  @Test func gOpensTheLastPageAndKAndGMoveTheWindow() throws {
    let count = 5_000
    let (folder, path) = try SQLiteTableReaderTests.fixture(rows: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    var source = try SQLiteSource.resolve(path, table: "items", query: nil)
    source.pageRows = 100
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, workers: .stepped)
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.searchAndSortAtSource(SourceRefinement())
    #expect(controller.pagesByKeys)
    browser.apply(controller.start())
    settle(controller, browser)
    #expect(browser.store.count == 100)
    #expect(browser.window?.atStart == true)

    // G: the last page, read backward, and nothing between.
    _ = browser.handle(.key(.character("G")))
    let move = try #require(browser.takeWindowMove())
    #expect(move == .last)
    browser.apply(controller.moveWindow(move), now: 0)
    settle(controller, browser)
    #expect(browser.store.count == 100, "one page read")
    #expect(selectedID(browser) == count)
    #expect(browser.store.value(at: 0)["id"]?.text == "4901")
    #expect(browser.window?.start == 4_900)
    #expect(browser.cards.dataSource.footer == "End · rows ~4,901–~5,000 of ~5,000")
    let screen = CellBuffer(width: 80, height: 24)
    browser.draw(in: screen)
    #expect(screen.lines.last!.contains("~5,000/~5,000"), "\(screen.lines.last!)")

    // Up to the window's first row, then a step past it: the page above, the rows below kept.
    _ = browser.handle(.key(.character("g")))
    #expect(browser.takeWindowMove() == .first)
    browser.select(item: 0)
    _ = browser.handle(.key(.character("k")))
    let above = try #require(browser.takeWindowMove())
    #expect(above == .before([.integer(4_901)]))
    browser.apply(controller.moveWindow(above), now: 0)
    settle(controller, browser)
    #expect(selectedID(browser) == 4_900)
    #expect(browser.store.count == 200, "the page above and the page from the old first row")
    #expect(browser.store.value(at: 0)["id"]?.text == "4801")
    #expect(browser.store.value(at: 100)["id"]?.text == "4901")
    #expect(browser.window?.start == 4_800)

    // g: the first rows again.
    _ = browser.handle(.key(.character("g")))
    browser.apply(controller.moveWindow(try #require(browser.takeWindowMove())), now: 0)
    settle(controller, browser)
    #expect(selectedID(browser) == 1)
    #expect(browser.window?.atStart == true && browser.window?.isMoved == false)
    #expect(browser.cards.dataSource.footer == "Loading more…")
  }

  @Test func aWindowPastItsBoundLetsTheRowsAboveGo() throws {
    let (folder, path) = try SQLiteTableReaderTests.fixture(rows: 1_234)
    defer { try? FileManager.default.removeItem(at: folder) }
    var source = try SQLiteSource.resolve(path, table: "items", query: nil)
    source.pageRows = 100
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, workers: .stepped)
    controller.windowRows = 350
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.searchAndSortAtSource(SourceRefinement())
    browser.apply(controller.start())
    settle(controller, browser)
    var most = 0
    for _ in 0..<12 {
      browser.select(item: browser.store.count - 1)
      let id = selectedID(browser)
      browser.apply(controller.tick(now: 0, nearEnd: true), now: 0)
      settle(controller, browser)
      most = max(most, browser.store.count)
      #expect(selectedID(browser) == id, "the same row selected")
    }
    #expect(most <= 400, "never more than the bound and a page: \(most)")
    #expect(browser.window?.isMoved == true)
    let window = try #require(browser.window)
    #expect(browser.store.value(at: 0)["id"]?.text == String(window.start + 1), "the window's start is counted")
    // Far down, Page Up on the window's first row reads the page above.
    #expect(window.before != nil)
    browser.select(item: 0)
    _ = browser.handle(.key(.pageUp))
    #expect(browser.takeWindowMove() == window.before)
  }
}

/// A `WITHOUT ROWID` table moves its window by its primary key as a rowid
/// table does by its rowid.
@Suite struct SQLiteWithoutRowidWindowTests {
  @Test func gOpensTheLastPageAndKReadsThePageAboveByThePrimaryKey() throws {
    let count = 3_000
    let (folder, path) = try SQLiteWithoutRowidTests.fixture(rows: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    var source = try SQLiteSource.resolve(path, table: "stock", query: nil)
    source.pageRows = 100
    let order = SQLiteWithoutRowidTests.keyOrder(count).map(SQLiteWithoutRowidTests.sku)
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, workers: .stepped)
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    browser.searchAndSortAtSource(SourceRefinement())
    #expect(controller.pagesByKeys)
    func settle() {
      while controller.runPendingWork() > 0 || controller.hasPendingEvents { browser.apply(controller.drain(), now: 0) }
      browser.apply(controller.drain(), now: 0)
    }
    func sku(_ item: Int) -> String? { browser.store.value(at: item)["sku"]?.text }
    browser.apply(controller.start())
    settle()
    #expect(browser.store.count == 100)

    _ = browser.handle(.key(.character("G")))
    let move = try #require(browser.takeWindowMove())
    browser.apply(controller.moveWindow(move), now: 0)
    settle()
    #expect(browser.store.count == 100, "one page read")
    #expect(sku(0) == order[count - 100])
    #expect(browser.selectedItem.flatMap(sku) == order[count - 1])

    // The wheel at the window's top asks the same page above as k on its first row.
    browser.scroll(to: 0)
    _ = browser.handle(.mouse(MouseEvent(action: .wheelUp, position: Point(x: 10, y: 2))))
    let wheeled = try #require(browser.takeWindowMove(), "the wheel at the top reads the page above, it does not pull to refresh")
    #expect(browser.cards.headerRows == 0)
    browser.select(item: 0)
    _ = browser.handle(.key(.character("k")))
    let above = try #require(browser.takeWindowMove())
    #expect(above == wheeled)
    browser.apply(controller.moveWindow(above), now: 0)
    settle()
    #expect(browser.store.count == 200, "the page above and the page from the old first row")
    #expect(sku(0) == order[count - 200])
    #expect(browser.selectedItem.flatMap(sku) == order[count - 101])
    // Each row's text reads back whole from the reading's file.
    #expect((0..<200).allSatisfy { sku($0) == order[count - 200 + $0] })
  }
}
