import TestSupport
import Testing
@testable import WaterfallApp

/// The order read backward (`G` on a paged table, the page above a window):
/// every key's direction turned, NULLs first, and the keyset condition for the
/// rows "after" a row in that order, which are the rows before it, for
/// PostgreSQL and SQLite: the SQL text and its parameters.
@Suite struct SQLReversedOrderTests {
  static let columns = SQLTranslationTests.orderColumns

  static func order(_ sort: SortOrder, groupBy: String? = nil, rowKey: [String] = [#""id""#], dialect: SQLDialect = .postgres) -> SQLOrder {
    SQLOrder(sort: sort, groupBy: groupBy, columns: columns, rowKey: rowKey, dialect: dialect)
  }

  @Test(arguments: [
    // The data's order: the identity descending; before row 7, the ids below 7.
    (SortOrder(field: nil), nil as String?, #"ORDER BY "id" DESC"#, [SQLValue.text("7")], #""id" < $1"#),
    (SortOrder(field: nil, descending: true), nil, #"ORDER BY "id" ASC"#, [.text("7")], #""id" > $1"#),
    // A nullable key: NULLs first backward; before a value, the lesser values (never a NULL, which came after it).
    (
      SortOrder(field: "price"), nil, #"ORDER BY "price" DESC NULLS FIRST, "id" DESC"#, [.text("12"), .text("7")],
      #""price" < $1 OR ("price" = $1 AND "id" < $2)"#
    ),
    (
      SortOrder(field: "price", descending: true), nil, #"ORDER BY "price" ASC NULLS FIRST, "id" DESC"#,
      [.text("12"), .text("7")], #""price" > $1 OR ("price" = $1 AND "id" < $2)"#
    ),
    // Before a NULL: every value, and the NULLs with a lesser identity.
    (
      SortOrder(field: "price"), nil, #"ORDER BY "price" DESC NULLS FIRST, "id" DESC"#, [.null, .text("7")],
      #""price" IS NOT NULL OR ("price" IS NULL AND "id" < $1)"#
    ),
    // Grouped: the group's NULLs too.
    (
      SortOrder(field: "price", descending: true), "shop", #"ORDER BY "shop" DESC NULLS FIRST, "price" ASC NULLS FIRST, "id" DESC"#,
      [.null, .text("3"), .text("7")],
      #""shop" IS NOT NULL OR ("shop" IS NULL AND "price" > $1) OR ("shop" IS NULL AND "price" = $1 AND "id" < $2)"#
    ),
    // A NOT NULL column: no NULLS placement, one row comparison.
    (
      SortOrder(field: "sku"), nil, #"ORDER BY "sku" DESC, "id" DESC"#, [.text("b"), .text("9")], #"("sku", "id") < ($1, $2)"#
    ),
  ])
  func theOrderReadBackward(sort: SortOrder, groupBy: String?, orderBy: String, first: [SQLValue], before: String) {
    let reversed = Self.order(sort, groupBy: groupBy).reversed()
    #expect(reversed.orderBy == orderBy)
    let fragment = reversed.after(first, dialect: .postgres)
    #expect(fragment.sql == before)
    #expect(fragment.parameters == reversed.ordering.map { first[$0] }.filter { $0 != .null })
    // Twice reversed is the order itself.
    #expect(reversed.reversed() == Self.order(sort, groupBy: groupBy))
  }

  @Test func sqliteReadsBackwardFoldedAndByRowid() {
    let reversed = Self.order(SortOrder(field: "shop"), rowKey: ["rowid"], dialect: .sqlite).reversed()
    #expect(reversed.orderBy == #"ORDER BY "shop" COLLATE NOCASE DESC NULLS FIRST, rowid DESC"#)
    #expect(
      reversed.after([.null, .integer(4)], dialect: .sqlite).sql
        == #""shop" COLLATE NOCASE IS NOT NULL OR ("shop" COLLATE NOCASE IS NULL AND rowid < ?1)"#)
    #expect(reversed.after([.null, .integer(4)], dialect: .sqlite).parameters == [.integer(4)])
  }

  @Test func theLastPageAndThePageBeforeARowNumberTheSearchsParametersFirst() {
    let filter = SQLFilter(SearchQuery("shop:clay"), columns: Self.columns, dialect: .postgres)
    let select = SQLSelect(
      from: #""public"."items""#, columns: [#""shop""#], filter: filter, order: Self.order(SortOrder(field: "price")),
      dialect: .postgres
    ).reversed()
    let last = select.statement(limit: 500)
    #expect(
      last.sql
        == #"SELECT "shop", "price", "id" FROM "public"."items" WHERE COALESCE("shop" ILIKE $1, FALSE)"#
        + #" ORDER BY "price" DESC NULLS FIRST, "id" DESC LIMIT 500"#)
    #expect(last.parameters == [.text("%c%l%a%y%")])
    let before = select.statement(after: [.null, .text("9")], limit: 500)
    #expect(
      before.sql
        == #"SELECT "shop", "price", "id" FROM "public"."items" WHERE (COALESCE("shop" ILIKE $1, FALSE))"#
        + #" AND ("price" IS NOT NULL OR ("price" IS NULL AND "id" < $2))"#
        + #" ORDER BY "price" DESC NULLS FIRST, "id" DESC LIMIT 500"#)
    #expect(before.parameters == [.text("%c%l%a%y%"), .text("9")])

    let sqlite = SQLSelect(
      from: #""items""#, columns: ["*"], filter: SQLFilter(SearchQuery(""), columns: Self.columns, dialect: .sqlite),
      order: Self.order(SortOrder(field: nil), rowKey: ["rowid"], dialect: .sqlite), dialect: .sqlite
    ).reversed()
    #expect(sqlite.statement(limit: 500).sql == #"SELECT *, rowid FROM "items" ORDER BY rowid DESC LIMIT 500"#)
    let above = sqlite.statement(after: [.integer(9_999_501)], limit: 500)
    #expect(above.sql == #"SELECT *, rowid FROM "items" WHERE rowid < ?1 ORDER BY rowid DESC LIMIT 500"#)
    #expect(above.parameters == [.integer(9_999_501)])
  }
}
