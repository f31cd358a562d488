import Foundation
import TestSupport
import Testing

/// The real program on a SQLite table of 200,000 rows made by the test: the
/// first screen shows after a page, not the table (the status bar says how
/// many of the table's estimated rows are in); a search is run by SQLite (it
/// finds the table's last rows, which were never read); a sort turns the
/// matches round; `--filter` streams SQLite's matches; q exits 0.
@Suite(.serialized) struct SQLiteEndToEndTests {
  static let rows = 200_000

  /// Row `i`'s title: a kind and a number six digits wide, so the table's
  /// columns, measured on its first rows, hold every title whole.
  static func title(_ i: Int) -> String {
    let kind = ["Teak", "Oak", "Clay"][i % 3]
    let digits = String(i)
    return "\(kind) mug " + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// A database of `rows` rows in a folder of its own, removed by the caller.
  static func database() throws -> (folder: URL, path: String) {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent("shop.db").path
    try TestDatabase.make(
      at: path,
      sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, title TEXT, price INTEGER);"
        + "INSERT INTO items WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))"
        + " SELECT i, CASE i % 3 WHEN 0 THEN 'Teak' WHEN 1 THEN 'Oak' ELSE 'Clay' END || ' mug ' || printf('%06d', i),"
        + " (i * 37) % 1000 FROM n;")
    return (folder, path)
  }

  @Test func aLargeTableOpensAtOnceAndSQLiteSearchesAndSorts() throws {
    let (folder, path) = try Self.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(path))", width: 100, height: 20)
    defer { tmux.kill() }
    var screen = try tmux.waitFor(text: Self.title(3))
    // A page is in, of the rows the table is estimated to hold: nothing counted them all.
    screen = try tmux.waitFor("a page of the table's rows") { Tmux.status($0).contains("500 of ~200,000 items") }

    // The table's last row was never read: only SQLite can find it.
    try tmux.send("/")
    try tmux.type("'mug 199999")
    try tmux.send("Enter")
    screen = try tmux.waitFor("SQLite's match") { screen in
      screen.contains { $0.contains(Self.title(199_999)) } && !screen.contains { $0.contains(Self.title(3)) }
    }
    #expect(Tmux.status(screen).contains("1/1"), "one match: \(Tmux.status(screen))")

    // A wider search (the space typed as one), then sorted by title (the cursor's column): the order is SQLite's.
    try tmux.send("/")
    try tmux.send(Array(repeating: "BSpace", count: 12))
    try tmux.type(#"'mug\ 1999"#)
    try tmux.send("Enter")
    let matches = (1...Self.rows).map(Self.title).filter { $0.contains("mug 1999") }
    screen = try tmux.waitFor("the matches in the table's order") { screen in
      screen.count > 1 && screen[1].contains(matches[0]) && !screen.contains { $0.contains(Self.title(199_999)) }
    }
    try tmux.send("l")
    _ = try tmux.waitFor(text: "title 2/")
    try tmux.send("s")
    _ = try tmux.waitFor(text: "Sort by")
    try tmux.send("Enter")
    let sorted = matches.sorted { $0.lowercased() < $1.lowercased() }
    #expect(sorted[0] != matches[0], "the sort moves another match first")
    screen = try tmux.waitFor("the matches sorted by title") { screen in
      screen.count > 1 && screen[1].contains(sorted[0]) && screen.count > 2 && screen[2].contains(sorted[1])
    }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func theFilterStreamsSQLitesMatches() throws {
    let (folder, path) = try Self.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Tmux.waterfall(["--filter", #"'mug\ 19999"#, "--sort", "price", path])
    #expect(run.status == 0, "\(run.err)")
    let price = { (i: Int) in (i * 37) % 1000 }
    let expected = (199_990...199_999).sorted { price($0) != price($1) ? price($0) < price($1) : $0 < $1 }
      .map { #"{"id":\#($0),"title":"\#(Self.title($0))","price":\#(price($0))}"# }
    #expect(run.out.split(separator: "\n").map(String.init) == expected)
  }

  /// `render --select N` reads the table's pages until row N is among them
  /// (a table opens a page at a time: `render` alone draws the first).
  @Test func renderSelectsARowPastTheFirstPage() throws {
    let (folder, path) = try Self.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Tmux.waterfall(["render", path, "--table", "items", "--select", "1200", "--width", "100", "--height", "20"])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains(Self.title(1201)), "row 1,201 (id 1201) is on the screen it is selected on")
    #expect(run.out.contains(" 1201/"), "\(run.out.split(separator: "\n").last ?? "")")
  }
}
