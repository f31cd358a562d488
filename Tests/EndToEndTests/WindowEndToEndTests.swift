import Foundation
import TestSupport
import Testing

/// `G` on a paged database table of 200,000 rows, SQLite and PostgreSQL: the
/// last row shows after one page read backward (the status bar says the
/// window is the last 500 rows of the estimate, the server's log shows the
/// order reversed with a `LIMIT`); `k` past the window's first row shows the
/// row above it, the rows below kept; `g` is the first row again. With a sort
/// (and a search), `G` is the last rows of that order.
@Suite(.postgres, .serialized) struct WindowEndToEndTests {
  let pg = TestPostgres.current!
  static let rows = 200_000

  init() throws {
    try pg.fixture("window") { [pg] in
      try pg.psql(
        """
        CREATE TABLE win AS SELECT n AS id, 'row ' || n AS title,
          CASE WHEN n % 7 = 0 THEN NULL ELSE (n * 37) % 1000 END AS price
        FROM generate_series(1, \(Self.rows)) AS n;
        ALTER TABLE win ADD PRIMARY KEY (id);
        ANALYZE win
        """)
    }
  }

  /// The statements the server logged since `mark` (a length of its log).
  private func logged(since mark: Int) -> String { String(pg.log().dropFirst(mark)) }

  /// Whether a screen line shows the table row titled `title` (and not one whose title it begins).
  private static func shows(_ screen: [String], _ title: String) -> Bool {
    screen.contains { shows($0, title) }
  }

  private static func shows(_ line: String, _ title: String) -> Bool {
    line.contains(title + " ") || line.hasSuffix(title)
  }

  @Test func gOnASQLiteTableShowsItsLastRowsAndKAndGMove() throws {
    let (folder, path) = try SQLiteEndToEndTests.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(path))", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor("a page of the table's rows") { Tmux.status($0).contains("500 of ~200,000 items") }
    try tmux.send("G")
    var screen = try tmux.waitFor("the table's last row") { screen in
      screen.contains { $0.contains(SQLiteEndToEndTests.title(200_000)) }
        && Tmux.status(screen).contains("rows ~199,501–~200,000 of ~200,000")
    }
    #expect(Tmux.status(screen).contains("~200,000/~200,000"), "\(Tmux.status(screen))")
    #expect(screen.contains { $0.contains("End · rows ~199,501–~200,000 of ~200,000") }, "the footer says where")

    // Up to the window's first row, then one more: the row above it, the window's first below it.
    // (Page Up at the window's top would read the page above too: k, row by row, stops there.)
    try tmux.send(Array(repeating: "k", count: 499))
    _ = try tmux.waitFor("the window's first row") { Tmux.status($0).contains("~199,501/~200,000") }
    try tmux.send("k")
    screen = try tmux.waitFor("the row above the window") { screen in
      Tmux.status(screen).contains("~199,500/~200,000") && screen.contains { $0.contains(SQLiteEndToEndTests.title(199_500)) }
    }
    #expect(screen.contains { $0.contains(SQLiteEndToEndTests.title(199_501)) }, "the rows below stay")
    #expect(Tmux.status(screen).contains("rows ~199,001–~200,000"), "\(Tmux.status(screen))")

    try tmux.send("g")
    screen = try tmux.waitFor("the first row again") { screen in
      screen.count > 1 && screen[1].contains(SQLiteEndToEndTests.title(1)) && Tmux.status(screen).contains("500 of ~200,000 items")
    }
    #expect(Tmux.status(screen).hasPrefix(" 1/500"), "\(Tmux.status(screen))")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func gOnASearchedAndSortedSQLiteTableShowsTheLastRowsOfThatOrder() throws {
    let (folder, path) = try SQLiteEndToEndTests.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Clay's titles, the greatest first: the last is row 2's, the one above it row 5's.
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(path)) --query \"'Clay\" --sort title:desc", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: SQLiteEndToEndTests.title(199_997))
    // Out of the search's line (`--query` opens it), then G.
    try tmux.send("Enter")
    try tmux.send("G")
    let screen = try tmux.waitFor("the sorted matches' last row") { screen in
      screen.contains { $0.contains(SQLiteEndToEndTests.title(2)) } && Tmux.status(screen).contains("the last 500 rows")
    }
    let last = try #require(screen.lastIndex { $0.contains(SQLiteEndToEndTests.title(2)) })
    #expect(screen[last - 1].contains(SQLiteEndToEndTests.title(5)), "\(screen[last - 1])")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func gOnAPostgreSQLTableReadsTheLastPageAloneAndKAndGMove() throws {
    let tmux = try Tmux("waterfall --pg \(Tmux.shellQuote(pg.conninfo)) --table win --layout table", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor("a page of the table's rows") { Tmux.status($0).contains("500 of ~200,000 items") }
    let mark = pg.log().count
    try tmux.send("G")
    var screen = try tmux.waitFor("the table's last row") { screen in
      Self.shows(screen, "row 200000") && Tmux.status(screen).contains("rows ~199,501–~200,000 of ~200,000")
    }
    #expect(Tmux.status(screen).contains("~200,000/~200,000"), "\(Tmux.status(screen))")
    var log = logged(since: mark)
    #expect(log.contains(#"FROM "public"."win" ORDER BY "id" DESC LIMIT 500"#), "the last page, read backward")
    #expect(!log.contains("FETCH FORWARD"), "nothing read forward")

    // (Page Up at the window's top would read the page above too: k, row by row, stops there.)
    try tmux.send(Array(repeating: "k", count: 499))
    _ = try tmux.waitFor("the window's first row") { Tmux.status($0).contains("~199,501/~200,000") }
    let above = pg.log().count
    try tmux.send("k")
    screen = try tmux.waitFor("the row above the window") { screen in
      Tmux.status(screen).contains("~199,500/~200,000") && Self.shows(screen, "row 199500")
    }
    #expect(Self.shows(screen, "row 199501"), "the rows below stay")
    log = logged(since: above)
    #expect(log.contains(#"WHERE "id" < $1 ORDER BY "id" DESC LIMIT 500"#), "the page above, by its first row's key")
    #expect(log.contains("$1 = '199501'"))

    try tmux.send("g")
    screen = try tmux.waitFor("the first row again") { screen in
      screen.count > 1 && Self.shows(screen, "row 1") && Tmux.status(screen).contains("500 of ~200,000 items")
    }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func gOnAPostgreSQLTableSortedWithNullsShowsTheLastRowsOfThatOrder() throws {
    // By price, NULLs last: the last rows are the NULL prices (each seventh row), the greatest id last.
    let tmux = try Tmux("waterfall --pg \(Tmux.shellQuote(pg.conninfo)) --table win --layout table --sort price", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor("the sorted first page") { Tmux.status($0).contains("500 of ~200,000 items") }
    let mark = pg.log().count
    try tmux.send("G")
    let screen = try tmux.waitFor("the sorted order's last row") { screen in
      Self.shows(screen, "row 199997") && Tmux.status(screen).contains("rows ~199,501–~200,000")
    }
    let last = try #require(screen.lastIndex { Self.shows($0, "row 199997") })
    #expect(Self.shows(screen[last - 1], "row 199990"), "\(screen[last - 1])")
    #expect(logged(since: mark).contains(#"ORDER BY "price" DESC NULLS FIRST, "id" DESC LIMIT 500"#))
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
