import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// A PostgreSQL table read backward from its end a page at a time (the
/// reader's ``PostgresReader/previousPage(before:rows:)``): across equal sort
/// values and NULLs, searched, grouped, every row once; and the statement the
/// server ran for the last page.
extension PostgresReaderTests {
  private func rowIDs(_ rows: [PostgresRow]) throws -> [String] {
    try rows.map { row in try JSONParser.parse(row.json)["id"]?.text ?? "" }
  }

  @Test(arguments: [
    (WaterfallApp.SortOrder(field: nil), nil as String?),
    (WaterfallApp.SortOrder(field: nil, descending: true), nil),
    (WaterfallApp.SortOrder(field: "grp"), nil),
    (WaterfallApp.SortOrder(field: "grp", descending: true), nil),
    (WaterfallApp.SortOrder(field: "label", descending: true), "grp"),
  ])
  func pagesBackwardFromTheEndReadEachRowOnce(sort: WaterfallApp.SortOrder, groupBy: String?) throws {
    let connection = try PostgresConnection(pg.conninfo)
    let search = SearchQuery("label:'row\\ 12")  // 1,111 rows, grp NULL for each eleventh
    var forward: [PostgresRow] = []
    let whole = try PostgresReader(connection: connection, selection: .table("series"), search: search, sort: sort, groupBy: groupBy, pageRows: 5000)
    while let page = try whole.nextPage() { forward += page }
    var backward: [String] = []
    var before: [SQLValue]?
    var atStart = false
    var pages = 0
    while !atStart, pages < 20 {
      let reader = try PostgresReader(connection: connection, selection: .table("series"), search: search, sort: sort, groupBy: groupBy, pageRows: 97)
      let page = try reader.previousPage(before: before, rows: 97)
      backward = try rowIDs(page.rows) + backward
      atStart = page.reachedStart
      before = reader.firstKeys
      pages += 1
      if pages == 1 {
        // The last page: nothing after it.
        #expect(try reader.nextPage() == nil)
      } else if pages == 2 {
        // The reading goes on after the page's last row: the rows after it, in order.
        let next = try #require(try reader.nextPage())
        let after = try #require(try rowIDs(forward).firstIndex(of: rowIDs(page.rows).last!)) + 1
        #expect(try rowIDs(next).prefix(5) == rowIDs(Array(forward[after..<(after + 5)])).prefix(5))
      }
    }
    #expect(forward.count == 1111)
    #expect(pages == 12)
    #expect(try backward == rowIDs(forward))
  }

  @Test func theLastPageIsTheOrderReversedWithALimit() throws {
    let reader = try PostgresReader(
      connection: PostgresConnection(pg.conninfo), selection: .table("series"),
      sort: WaterfallApp.SortOrder(field: "grp", descending: true), pageRows: 10)
    let page = try reader.previousPage(before: nil, rows: 10)
    #expect(!page.reachedStart)
    // Descending by grp, NULLs last: the last rows are the NULLs with the greatest ids.
    #expect(try rowIDs(page.rows) == (0..<10).map { String(99_990 - 11 * (9 - $0)) })
    #expect(pg.log().contains(#"ORDER BY "grp" ASC NULLS FIRST, "id" DESC LIMIT 10"#))
  }
}
