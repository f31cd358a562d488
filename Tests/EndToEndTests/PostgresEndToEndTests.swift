import Foundation
import TestSupport
import Testing

/// The real program against a real PostgreSQL server (a throwaway cluster on a
/// Unix socket): a table browsed, searched and sorted by the server (its log
/// shows the `WHERE` and the `ORDER BY`), the table picker, a query cancelled,
/// a server stopped mid-scroll, a write refused and no password shown.
@Suite(.postgres) struct PostgresEndToEndTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("e2e") { [pg] in
      try pg.psql(
        """
        CREATE TABLE items AS SELECT n AS id,
          (ARRAY['Teak', 'Oak', 'Clay'])[1 + n % 3] || ' mug ' || n AS title,
          (n * 37) % 1000 AS price,
          jsonb_build_object('maker', jsonb_build_object('name', 'Maker ' || n % 7)) AS meta
        FROM generate_series(1, 20000) AS n;
        ALTER TABLE items ADD PRIMARY KEY (id);
        CREATE VIEW teak_items AS SELECT * FROM items WHERE title LIKE 'Teak%';
        ANALYZE items
        """)
    }
  }

  private var command: String { "waterfall --pg \(Tmux.shellQuote(pg.conninfo))" }

  /// The statements the server logged since `mark` (a length of its log).
  private func logged(since mark: Int) -> String { String(pg.log().dropFirst(mark)) }

  @Test func aTableIsBrowsedAndTheServerSearchesAndSorts() throws {
    let tmux = try Tmux("\(command) --table items --layout table", width: 100, height: 20)
    defer { tmux.kill() }
    var screen = try tmux.waitFor(text: "Teak mug 3")
    #expect(Tmux.status(screen).contains("~20,000 items"), "the catalogue's estimate: \(Tmux.status(screen))")
    let mark = pg.log().count
    try tmux.send("/")
    try tmux.type("'mug 1999")
    try tmux.send("Enter")
    screen = try tmux.waitFor("the server's matches") { screen in
      screen.contains { $0.contains("mug 1999") } && !screen.contains { $0.contains("mug 3 ") }
    }
    #expect(logged(since: mark).contains("ILIKE"), "the search ran on the server")
    // s opens the sort's field picker on the column the cursor is on (the title's); Enter sorts.
    let sortMark = pg.log().count
    try tmux.send("l")
    _ = try tmux.waitFor(text: "title 2/")
    try tmux.send("s")
    _ = try tmux.waitFor(text: "Sort by")
    try tmux.send("Enter")
    _ = try tmux.waitFor("the sort asked of the server") { _ in logged(since: sortMark).contains(#"ORDER BY "title" ASC"#) }
    #expect(logged(since: sortMark).contains("ILIKE"), "still searched")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func thePickerListsTablesAndEnterBrowsesOneEscComesBack() throws {
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(pg.uri()))", width: 100, height: 20)
    defer { tmux.kill() }
    var screen = try tmux.waitFor(text: "public.teak_items")
    #expect(screen.contains { $0.contains("public.items") && $0.contains("20000") }, "\(screen.joined(separator: "\n"))")
    // Enter in the search picks, as fzf's does.
    try tmux.send("/")
    try tmux.type("teak")
    _ = try tmux.waitFor("the view alone") { screen in
      screen.contains { $0.contains("public.teak_items") } && !screen.contains { $0.contains("public.items ") }
    }
    try tmux.send("Enter")
    screen = try tmux.waitFor(text: "Teak mug 3")
    #expect(!screen.contains { $0.contains("Oak mug") })
    try tmux.send("Escape")
    screen = try tmux.waitFor(text: "public.teak_items")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func marksArePrintedAsTheRowsJSON() throws {
    let out = try Scratch.folder().appendingPathComponent("picked.jsonl").path
    let tmux = try Tmux("\(command) --table items -m --print > \(Tmux.shellQuote(out))", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: "Teak mug 3")
    try tmux.send("Tab", "Tab")
    _ = try tmux.waitFor(text: "2 marked")
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix(#"{"id":1,"title":"Oak mug 1","price":37,"meta":{"maker": {"name": "Maker 1"}}}"#) == true, "\(lines)")
  }

  @Test func jsonIsNestedAndSearchedByPath() throws {
    let found = try Tmux.waterfall(["--pg", pg.conninfo, "--table", "items", "--filter", "meta.maker.name:3$", "--sort", "id"])
    #expect(found.status == 0, "\(found.err)")
    let lines = found.out.split(separator: "\n")
    #expect(lines.count == 20000 / 7 + 1 || lines.count == 20000 / 7, "\(lines.count)")
    #expect(lines.first?.contains(#""meta":{"maker": {"name": "Maker 3"}}"#) == true, "\(lines.first ?? "")")
  }

  @Test func byteaPicturesAreTheCardsPictures() throws {
    try pg.fixture("pictures") { [pg] in
      func hex(_ name: String) throws -> String {
        try Data(contentsOf: Tmux.root.appendingPathComponent("Data/pictures/\(name)")).map { String(format: "%02x", $0) }.joined()
      }
      try pg.psql(
        """
        CREATE TABLE pictures (id int PRIMARY KEY, title text, picture bytea);
        INSERT INTO pictures VALUES (1, 'Sky', decode('\(try hex("01-sky.jpg"))', 'hex')),
          (2, 'Op art', decode('\(try hex("03-op-art.png"))', 'hex'))
        """)
    }
    let tmux = try Tmux("env -u NO_COLOR \(command) --symbols half --table pictures", width: 100, height: 30)
    defer { tmux.kill() }
    let screen = try tmux.waitFor("both pictures drawn") { screen in
      screen.filter { $0.components(separatedBy: "▀▀▀▀▀▀▀▀▀▀").count >= 3 }.count >= 5
    }
    #expect(!screen.joined().contains("<bytea"), "the picture, not its placeholder text")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func aWriteIsRefusedWithTheServersMessage() throws {
    for sql in ["DELETE FROM items", "UPDATE items SET price = 0 RETURNING id"] {
      let result = try Tmux.waterfall(["--pg", pg.conninfo, "--sql", sql, "--filter", ""])
      #expect(result.status == 2)
      #expect(result.err.contains("read-only transaction"), "\(result.err)")
    }
    #expect(try pg.psql("SELECT count(*) FROM items WHERE price = 0") == "20", "nothing written")
  }

  @Test func aPasswordIsNeverShown() throws {
    let uri = pg.uri(user: "waterfall_password", password: "wrong-s3cret")
    let result = try Tmux.waterfall([uri, "--table", "items", "--filter", "x"])
    #expect(result.status == 2)
    #expect(result.err.contains("password authentication failed"), "\(result.err)")
    #expect(!result.err.contains("wrong-s3cret"), "\(result.err)")
    let tmux = try Tmux("waterfall --pg \(Tmux.shellQuote(pg.conninfo + " password=wrong-s3cret")) --table items", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: "Teak mug 3")
    try tmux.send("Enter")
    let details = try tmux.waitFor(text: "title")
    #expect(!details.joined().contains("wrong-s3cret"))
    try tmux.send("Escape")
    _ = try tmux.waitFor("the details closed") { !$0.joined().contains("Details") }
    try tmux.send("q")
    _ = try tmux.waitForExit()
  }

  @Test func aSlowQueryIsCancelledByEscAndQLeavesNothingRunning() throws {
    let sql = "SELECT n, pg_sleep(30) AS slept FROM generate_series(1, 2) AS n"
    let tmux = try Tmux(
      "waterfall --pg \(Tmux.shellQuote(pg.conninfo + " application_name=slow")) --sql \(Tmux.shellQuote(sql))", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: "Esc stops")
    try tmux.send("Escape")
    let screen = try tmux.waitFor(text: "cancelled")
    #expect(Tmux.status(screen).contains("the query was cancelled (Esc)"), "\(Tmux.status(screen))")
    try tmux.send("r")
    _ = try tmux.waitFor(text: "Esc stops")
    try tmux.send("q")
    #expect(try tmux.waitForExit(timeout: 5).status == 0)
    eventually("the server to stop the statement") {
      (try? pg.psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()")) == "0"
    }
  }

  @Test func aServerStoppedMidScrollKeepsTheCardsAndSaysSo() throws {
    let own = try TestPostgres.start()
    defer { own.stop() }
    try own.psql("CREATE TABLE numbers AS SELECT n, 'number ' || n AS title FROM generate_series(1, 50000) AS n")
    // Its own statement, after the table's commit: psql -c sends both as one
    // transaction, and a checkpoint inside it left the table to the server's stop
    // and restart, which sometimes lost it ("no table or view named numbers").
    try own.psql("CHECKPOINT")
    let tmux = try Tmux("waterfall --pg \(Tmux.shellQuote(own.conninfo)) --table numbers --layout table", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: "number 3")
    try own.stopServer()
    // Scrolled to the end of the rows read, which asks for the next page (G would read the last page instead).
    try tmux.send(Array(repeating: "NPage", count: 40))
    var screen = try tmux.waitFor(text: "the server went away")
    #expect(screen.contains { $0.contains("Stopped") && $0.contains("r reads again") }, "\(screen.joined(separator: "\n"))")
    try own.startServer()
    try tmux.send("g", "r")
    screen = try tmux.waitFor("read again") { !Tmux.status($0).contains("went away") && $0.contains { $0.contains("number 3") } }
    // The cards were there all along: let the reading again come to rest, or q
    // ends a reading that still holds the stopped one's error (status 2).
    _ = try tmux.settle(quiet: 1)
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
