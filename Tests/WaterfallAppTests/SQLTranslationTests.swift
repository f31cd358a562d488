import TestSupport
import Testing
@testable import WaterfallApp

/// The search and sort translation to SQL, query by query: the SQL text and its
/// parameters, for PostgreSQL and SQLite. (PostgresSQLAgreementTests runs them.)
@Suite struct SQLTranslationTests {
  static let columns = [
    SQLColumn(name: "id", expression: #""id""#, kind: .number),
    SQLColumn(name: "Title", expression: #""Title""#, kind: .text),
    SQLColumn(name: "flag", expression: #""flag""#, kind: .boolean),
    SQLColumn(name: "made", expression: #""made""#, kind: .other),
  ]

  static let pgAll = #"COALESCE("id"::text ILIKE $1 OR "Title" ILIKE $1 OR "made"::text ILIKE $1, FALSE)"#

  @Test(arguments: [
    ("", "TRUE", [String]()),
    ("mug", pgAll, ["%m%u%g%"]),
    ("MUG", pgAll, ["%m%u%g%"]),
    ("'mug", pgAll, ["%mug%"]),
    ("^mug", pgAll, ["mug%"]),
    ("mug$", pgAll, ["%mug"]),
    ("^mug$", pgAll, ["mug"]),
    ("!mug", "NOT " + pgAll, ["%mug%"]),
    ("title:mug", #"COALESCE("Title" ILIKE $1, FALSE)"#, ["%m%u%g%"]),
    ("!title:^mug", #"NOT COALESCE("Title" ILIKE $1, FALSE)"#, ["mug%"]),
    ("flag:yes", "FALSE", []),
    ("nope:x", "FALSE", []),
    ("!nope:x", "NOT FALSE", []),
    ("nope:x mug", "FALSE AND " + pgAll, ["%m%u%g%"]),
    ("a | title:b", "(" + pgAll + #" OR COALESCE("Title" ILIKE $2, FALSE))"#, ["%a%", "%b%"]),
    ("a b", pgAll + " AND " + pgAll.replacingOccurrences("$1", with: "$2"), ["%a%", "%b%"]),
    (#"'50%_off\"#, pgAll, [#"%50\%\_off\\%"#]),
    (#"5_%"#, pgAll, [#"%5%\_%\%%"#]),
    ("'Éclair", pgAll, ["%éclair%"]),
    (#"it's\ a"#, pgAll, ["%i%t%'%s% %a%"]),
  ])
  func aSearchBecomesAWhereForPostgreSQL(query: String, sql: String, parameters: [String]) {
    let filter = SQLFilter(SearchQuery(query), columns: Self.columns, dialect: .postgres)
    #expect(filter.fragment.sql == sql)
    #expect(filter.fragment.parameters == parameters.map(SQLValue.text))
  }

  @Test func aSearchBecomesAWhereForSQLite() {
    let columns = [SQLColumn(name: "id", expression: #""id""#, kind: .other), SQLColumn(name: "title", expression: #""title""#, kind: .other)]
    let filter = SQLFilter(SearchQuery("!title:'mug shop:x | 7"), columns: columns, dialect: .sqlite, firstParameter: 3)
    #expect(
      filter.fragment.sql
        == #"NOT COALESCE((typeof("title") IN ('text', 'integer', 'real') AND "title" LIKE ?3 ESCAPE '\'), FALSE)"#
        + #" AND (FALSE OR COALESCE((typeof("id") IN ('text', 'integer', 'real') AND "id" LIKE ?4 ESCAPE '\')"#
        + #" OR (typeof("title") IN ('text', 'integer', 'real') AND "title" LIKE ?4 ESCAPE '\'), FALSE))"#)
    #expect(filter.fragment.parameters == [.text("%mug%"), .text("%7%")])
  }

  @Test func jsonIsSearchedValueByValueAndByKey() {
    let columns = [SQLColumn(name: "meta", expression: #""meta""#, kind: .json)]
    let whole = SQLFilter(SearchQuery("blue"), columns: columns, dialect: .postgres)
    #expect(
      whole.fragment.sql
        == #"COALESCE(EXISTS (SELECT 1 FROM jsonb_path_query("meta"::jsonb, 'strict $.**') AS found(value)"#
        + #" WHERE jsonb_typeof(found.value) IN ('string', 'number') AND (found.value #>> '{}') ILIKE $1), FALSE)"#)
    let under = SQLFilter(SearchQuery("meta.Size.w:3"), columns: columns, dialect: .postgres)
    #expect(under.fragment.sql.contains(#"jsonb_path_query("meta"::jsonb, $2::jsonpath)"#))
    #expect(
      under.fragment.parameters == [
        .text("%3%"),
        .text(
          #"lax $[*] ? (@.type() == "object").keyvalue() ? (@.key like_regex "^size$" flag "i").value"#
            + #"[*] ? (@.type() == "object").keyvalue() ? (@.key like_regex "^w$" flag "i").value.**"#),
      ])
    #expect(SQLFilter.jsonPath([#"a.b"c\"#]).contains(#"like_regex "^a\\.b\\\"c\\\\$""#))
    // SQLite has no JSON type: a JSON text is one string, as the loader shows it.
    #expect(SQLFilter(SearchQuery("meta.size:3"), columns: columns, dialect: .sqlite).fragment.sql == "FALSE")
  }

  // MARK: Order

  static let orderColumns = [
    SQLColumn(name: "id", expression: #""id""#, kind: .number, nullable: false),
    SQLColumn(name: "sku", expression: #""sku""#, kind: .text, nullable: false),
    SQLColumn(name: "price", expression: #""price""#, kind: .number),
    SQLColumn(name: "shop", expression: #""shop""#, kind: .text),
    SQLColumn(name: "meta", expression: #""meta""#, kind: .json),
  ]

  @Test(arguments: [
    (SortOrder(field: nil), nil as String?, [#""id""#], #"ORDER BY "id" ASC"#, [SQLValue.text("7")], #""id" > $1"#),
    (SortOrder(field: nil, descending: true), nil, [#""id""#], #"ORDER BY "id" DESC"#, [.text("7")], #""id" < $1"#),
    (
      SortOrder(field: "price", descending: true), nil, [#""id""#], #"ORDER BY "price" DESC NULLS LAST, "id" ASC"#,
      [.text("12.50"), .text("7")], #"("price" < $1 OR "price" IS NULL) OR ("price" = $1 AND "id" > $2)"#
    ),
    (
      SortOrder(field: "PRICE"), nil, [#""id""#], #"ORDER BY "price" ASC NULLS LAST, "id" ASC"#, [.null, .text("7")],
      #""price" IS NULL AND "id" > $1"#
    ),
    (
      SortOrder(field: "price", descending: true), "shop", [#""a""#, #""b""#],
      #"ORDER BY "shop" ASC NULLS LAST, "price" DESC NULLS LAST, "a" ASC, "b" ASC"#,
      [.text("Clay"), .null, .text("1"), .text("x")],
      #"("shop" > $1 OR "shop" IS NULL) OR ("shop" = $1 AND "price" IS NULL AND ("a", "b") > ($2, $3))"#
    ),
    (SortOrder(field: "nope"), "nope", [#""id""#], #"ORDER BY "id" ASC"#, [.text("1")], #""id" > $1"#),
    (SortOrder(field: "meta"), nil, [String](), #"ORDER BY "meta"::jsonb ASC NULLS LAST"#, [.text("{}")], #"("meta"::jsonb > $1 OR "meta"::jsonb IS NULL)"#),
    (SortOrder(field: "shop"), nil, [String](), #"ORDER BY "shop" ASC NULLS LAST"#, [.null], "FALSE"),
    // A column that cannot be NULL, and the primary key itself: no NULLS LAST, no repeat.
    (SortOrder(field: "id", descending: true), nil, [#""id""#], #"ORDER BY "id" DESC"#, [.text("9"), .text("9")], #""id" < $1"#),
    (
      SortOrder(field: "sku", descending: true), nil, [#""id""#], #"ORDER BY "sku" DESC, "id" ASC"#, [.text("b"), .text("9")],
      #""sku" < $1 OR ("sku" = $1 AND "id" > $2)"#
    ),
  ])
  func aSortBecomesAnOrderByAndAKeyset(
    sort: SortOrder, groupBy: String?, rowKey: [String], orderBy: String, last: [SQLValue], after: String
  ) {
    let order = SQLOrder(sort: sort, groupBy: groupBy, columns: Self.orderColumns, rowKey: rowKey, dialect: .postgres)
    #expect(order.orderBy == orderBy)
    #expect(order.isTotal == !rowKey.isEmpty)
    let fragment = order.after(last, dialect: .postgres)
    #expect(fragment.sql == after)
    #expect(fragment.parameters == order.ordering.map { last[$0] }.filter { $0 != .null })
  }

  @Test func sqliteFoldsTextInItsOrder() {
    let order = SQLOrder(
      sort: SortOrder(field: "shop"), groupBy: nil, columns: Self.orderColumns, rowKey: ["rowid"], dialect: .sqlite)
    #expect(order.orderBy == #"ORDER BY "shop" COLLATE NOCASE ASC NULLS LAST, rowid ASC"#)
    #expect(
      order.after([.text("clay"), .integer(4)], dialect: .sqlite).sql
        == #"("shop" COLLATE NOCASE > ?1 OR "shop" COLLATE NOCASE IS NULL) OR ("shop" COLLATE NOCASE = ?1 AND rowid > ?2)"#)
  }

  @Test func aSelectNumbersTheSearchsParametersFirst() {
    let filter = SQLFilter(SearchQuery("shop:clay"), columns: Self.orderColumns, dialect: .postgres)
    let order = SQLOrder(sort: SortOrder(field: "price"), groupBy: nil, columns: Self.orderColumns, rowKey: [#""id""#], dialect: .postgres)
    let select = SQLSelect(from: #""public"."items""#, columns: [#""price""#, #""shop""#], filter: filter, order: order, dialect: .postgres)
    #expect(
      select.statement().sql
        == #"SELECT "price", "shop", "id" FROM "public"."items" WHERE COALESCE("shop" ILIKE $1, FALSE)"#
        + #" ORDER BY "price" ASC NULLS LAST, "id" ASC"#)
    // The price is read where the list has it; the id, not listed, after the list.
    #expect(select.keyColumns(in: 3) == [0, 2])
    #expect(select.appendedKeyCount == 1)
    let next = select.statement(after: [.text("3"), .text("9")], limit: 50)
    #expect(
      next.sql
        == #"SELECT "price", "shop", "id" FROM "public"."items" WHERE (COALESCE("shop" ILIKE $1, FALSE))"#
        + #" AND (("price" > $2 OR "price" IS NULL) OR ("price" = $2 AND "id" > $3))"#
        + #" ORDER BY "price" ASC NULLS LAST, "id" ASC LIMIT 50"#)
    #expect(next.parameters == [.text("%c%l%a%y%"), .text("3"), .text("9")])
  }
}
