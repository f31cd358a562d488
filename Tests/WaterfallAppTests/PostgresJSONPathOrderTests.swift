import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// A sort and a grouping on a path into a `jsonb` column, read from a real
/// server a few rows a page: each row once, in the `jsonb` order (numbers as
/// numbers), the rows missing the path last both ways, across pages that end
/// among equal values.
@Suite(.postgres) struct PostgresJSONPathOrderTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("jsonpath") { [pg] in
      // id % 5: 0 misses the path, 1 holds JSON null, 2 "Acme", 3 "Brix", 4 the number id.
      try pg.psql(
        """
        CREATE TABLE gadgets (id int PRIMARY KEY, meta jsonb);
        INSERT INTO gadgets SELECT n, CASE n % 5
            WHEN 0 THEN '{"other": 1}'::jsonb
            WHEN 1 THEN '{"maker": {"name": null}}'
            WHEN 2 THEN '{"maker": {"name": "Acme"}}'
            WHEN 3 THEN jsonb_build_object('maker', jsonb_build_object('name', 'Brix'), 'it''s', 40 - n)
            ELSE jsonb_build_object('maker', jsonb_build_object('name', n)) END
          FROM generate_series(1, 40) AS n;
        ANALYZE gadgets
        """)
    }
  }

  private func ids(sort: WaterfallApp.SortOrder, groupBy: String? = nil) throws -> [Int] {
    let reader = try PostgresReader(
      connection: PostgresConnection(pg.conninfo), selection: .table("gadgets"), sort: sort, groupBy: groupBy, pageRows: 3,
      windowPages: 1)
    #expect(reader.plan.notes.isEmpty, "\(reader.plan.notes)")
    var ids: [Int] = []
    var pages = 0
    while let page = try reader.nextPage() {
      ids += try page.map { try #require(Int(JSONParser.parse($0.json)["id"]?.text ?? "")) }
      pages += 1
      // Every other page from a new transaction: resumed by keyset, not by the cursor.
      if pages % 2 == 0 { reader.suspend() }
    }
    return ids
  }

  static func with(_ remainder: Int) -> [Int] { (1...40).filter { $0 % 5 == remainder } }
  static let missing = (1...40).filter { $0 % 5 <= 1 }

  @Test func aPathSortsNumbersAsNumbersAndTheMissingLast() throws {
    #expect(try ids(sort: SortOrder(field: "meta.maker.name")) == Self.with(2) + Self.with(3) + Self.with(4) + Self.missing)
  }

  @Test func aPathSortsDescendingWithEqualValuesByTheirKey() throws {
    #expect(
      try ids(sort: SortOrder(field: "meta.maker.name", descending: true))
        == Self.with(4).reversed() + Self.with(3) + Self.with(2) + Self.missing)
  }

  @Test func aPathGroupsThenTheSortOrdersEachGroup() throws {
    #expect(
      try ids(sort: SortOrder(field: "id", descending: true), groupBy: "meta.maker.name")
        == Self.with(2).reversed() + Self.with(3).reversed() + Self.with(4) + Self.missing.reversed(),
      "a group a value; each number is one")
  }

  @Test func aKeyWithAQuoteIsAKeyNotSQL() throws {
    // Only the "Brix" rows have the key it's, holding 40 - id: largest id first.
    let sorted = try ids(sort: SortOrder(field: "meta.it's"))
    #expect(sorted == Self.with(3).reversed() + (1...40).filter { $0 % 5 != 3 })
    let hostile = try PostgresReader(
      connection: PostgresConnection(pg.conninfo), selection: .table("gadgets"),
      sort: SortOrder(field: "meta.x'); DROP TABLE gadgets; --"))
    var count = 0
    while let page = try hostile.nextPage() { count += page.count }
    #expect(count == 40)
    #expect(try pg.psql("SELECT count(*) FROM gadgets") == "40")
  }

  @Test func aPathIntoNoColumnIsNoted() throws {
    let reader = try PostgresReader(
      connection: PostgresConnection(pg.conninfo), selection: .table("gadgets"), sort: SortOrder(field: "colour.name"))
    #expect(reader.plan.notes == ["no column named colour.name: it orders nothing"])
  }
}
