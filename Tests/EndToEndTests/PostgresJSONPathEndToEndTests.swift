import Foundation
import TestSupport
import Testing

/// The real program sorting and grouping a PostgreSQL table by a path into
/// its `jsonb` column: the server's log shows the `ORDER BY` on the path, the
/// rows come in its order, and `--group-by` shows a header a value.
@Suite(.postgres) struct PostgresJSONPathEndToEndTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("e2e-jsonpath") { [pg] in
      // Makers run backwards from the ids (row 1 is the last maker's), so their order is not the ids'.
      try pg.psql(
        """
        CREATE TABLE gadgets AS SELECT n AS id, 'Gadget ' || n AS title,
          jsonb_build_object('maker', jsonb_build_object('name', 'Maker ' || chr(74 - n % 10))) AS meta
        FROM generate_series(1, 3000) AS n;
        ALTER TABLE gadgets ADD PRIMARY KEY (id);
        ANALYZE gadgets
        """)
    }
  }

  private var command: String { "waterfall --pg \(Tmux.shellQuote(pg.conninfo)) --table gadgets" }
  static let pathKey = #"NULLIF(("meta"::jsonb -> 'maker' -> 'name'), 'null'::jsonb)"#

  @Test func aSortOnAPathIsTheServersOrderBy() throws {
    let mark = pg.log().count
    let tmux = try Tmux("\(command) --sort meta.maker.name --layout table", width: 100, height: 20)
    defer { tmux.kill() }
    // "Maker A" is row 9's, then 19's, 29's…: ids ending in 9 come first, in the ids' order.
    let screen = try tmux.waitFor("the rows of Maker A first") { screen in
      screen.count > 3 && screen[1].contains("Gadget 9 ") && screen[2].contains("Gadget 19 ") && screen[3].contains("Gadget 29 ")
    }
    #expect(!screen.contains { $0.contains("Gadget 1 ") }, "\(screen.joined(separator: "\n"))")
    #expect(!screen.joined().contains("no column named"), "\(Tmux.status(screen))")
    #expect(String(pg.log().dropFirst(mark)).contains("ORDER BY \(Self.pathKey) ASC NULLS LAST, \"id\" ASC"))
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func aGroupOnAPathShowsItsHeaders() throws {
    let mark = pg.log().count
    let tmux = try Tmux("\(command) --group-by meta.maker.name --sort id:desc", width: 100, height: 30)
    defer { tmux.kill() }
    let screen = try tmux.waitFor("the first group's header") { $0.joined().contains("Maker A · ") }
    #expect(screen.joined().contains("Gadget 2999"), "the group's rows by id, descending: \(screen.joined(separator: "\n"))")
    #expect(!screen.joined().contains("Maker B · "), "one group so far")
    #expect(!Tmux.status(screen).contains("no item has"), "the items have the path: \(Tmux.status(screen))")
    #expect(String(pg.log().dropFirst(mark)).contains("ORDER BY \(Self.pathKey) ASC NULLS LAST, \"id\" DESC"))
    // G reads on to the last group.
    try tmux.send("G")
    _ = try tmux.waitFor("the last group's header", timeout: 30) { $0.joined().contains("Maker J · ") }
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }

  @Test func theFilterPrintsTheRowsInThePathsOrder() throws {
    let run = try Tmux.waterfall(["--pg", pg.conninfo, "--table", "gadgets", "--filter", "", "--sort", "meta.maker.name:desc"])
    #expect(run.status == 0, "\(run.err)")
    // Maker J (ids ending in 0) first, then I (ids ending in 1)…, each in the ids' order.
    let expected = (0..<10).flatMap { digit in (1...3000).filter { $0 % 10 == digit } }
    let ids = run.out.split(separator: "\n").map { line in line.split(separator: ",").first.map { $0.dropFirst(6) } ?? "" }
    #expect(ids.map(String.init) == expected.map(String.init), "\(run.out.prefix(300))")
  }

  @Test func aPathIntoNoColumnSaysSo() throws {
    let tmux = try Tmux("\(command) --sort colour.name", width: 100, height: 20)
    defer { tmux.kill() }
    _ = try tmux.waitFor(text: "no column named colour.name")
    try tmux.send("q")
    #expect(try tmux.waitForExit().status == 0)
  }
}
