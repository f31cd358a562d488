import TestSupport
import Testing
import WaterfallApp

@testable import waterfall_bench

/// The benchmark's PostgreSQL table, made small in a throwaway cluster.
@Suite(.postgres) struct PostgresBenchTableTests {
  let pg = TestPostgres.current!

  @Test func theTableIsMadeOnceAndReads() throws {
    let table = PostgresBenchTable(psql: pg.bin + "/psql", conninfo: pg.conninfo)
    try table.ensure(rows: 2000)
    try table.ensure(rows: 2000)
    #expect(pg.log().components(separatedBy: "CREATE TABLE bench_items").count == 2, "made once")
    let reader = try PostgresReader(
      connection: PostgresConnection(pg.conninfo), selection: .table("bench_items"), search: SearchQuery("shop:'teak"),
      sort: SortOrder(field: "price", descending: true), pageRows: 100)
    #expect(reader.plan.relation?.estimatedRows == 2000)
    #expect(reader.plan.rowKey == .primaryKey(["id"]))
    let page = try #require(try reader.nextPage())
    #expect(page.count == 100)
    let first = try JSONParser.parse(page[0].json)
    #expect(first["shop"]?.text == "Teak House")
    #expect(first.members.map(\.key) == ["id", "title", "price", "shop", "tags", "description"])
  }

  @Test func theLastRowsOfTenMillionFit() throws {
    let table = PostgresBenchTable(psql: pg.bin + "/psql", conninfo: pg.conninfo, name: "bench_last")
    try pg.psql(table.script(rows: 10_000_000, first: 9_999_001))
    #expect(try pg.psql("SELECT max(id), count(*), max(price) < 1000 FROM bench_last") == "10000000|1000|t")
  }
}
