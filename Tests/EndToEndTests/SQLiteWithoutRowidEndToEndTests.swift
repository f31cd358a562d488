import Foundation
import TestSupport
import Testing

/// The real program on a `WITHOUT ROWID` table of 200,000 rows: it opens a
/// page at a time by its primary key (the status bar says how many of the
/// key's span are in), a mark prints its row's text as read, and `--filter`
/// prints exactly SQLite's matches in the order asked for.
@Suite(.serialized) struct SQLiteWithoutRowidEndToEndTests {
  static let rows = 200_000

  static func title(_ i: Int) -> String {
    let digits = String(i)
    return ["Teak", "Oak", "Clay"][i % 3] + " mug " + String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// A database of `rows` rows keyed by `id` without a rowid, in a folder of its own, removed by the caller.
  static func database() throws -> (folder: URL, path: String) {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent("keyed.db").path
    try TestDatabase.make(
      at: path,
      sql: "CREATE TABLE items(id INTEGER PRIMARY KEY, title TEXT, price INTEGER) WITHOUT ROWID;"
        + "INSERT INTO items WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))"
        + " SELECT i, CASE i % 3 WHEN 0 THEN 'Teak' WHEN 1 THEN 'Oak' ELSE 'Clay' END || ' mug ' || printf('%06d', i),"
        + " (i * 37) % 1000 FROM n;")
    return (folder, path)
  }

  @Test func aTableWithoutRowidOpensAPageAtATime() throws {
    let (folder, path) = try Self.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("picked.jsonl").path
    let tmux = try Tmux("waterfall \(Tmux.shellQuote(path)) -m --print > \(Tmux.shellQuote(out))", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: Self.title(3))
    _ = try tmux.waitFor("a page of the table's rows") { Tmux.status($0).contains("500 of ~200,000 items") }
    try tmux.send("Tab")
    _ = try tmux.waitFor(text: "1 marked")
    try tmux.send("Enter")
    #expect(try tmux.waitForExit().status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == #"{"id":1,"title":"Oak mug 000001","price":37}"# + "\n")
  }

  @Test func theFilterPrintsExactlySQLitesMatches() throws {
    let (folder, path) = try Self.database()
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try Tmux.waterfall(["--filter", #"'mug\ 19999"#, "--sort", "price:desc", path])
    #expect(run.status == 0, "\(run.err)")
    let price = { (i: Int) in (i * 37) % 1000 }
    let expected = (199_990...199_999).sorted { price($0) != price($1) ? price($0) > price($1) : $0 < $1 }
      .map { #"{"id":\#($0),"title":"\#(Self.title($0))","price":\#(price($0))}"# }
    #expect(run.out.split(separator: "\n").map(String.init) == expected)
  }
}
