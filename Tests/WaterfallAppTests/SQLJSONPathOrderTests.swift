import Testing
@testable import WaterfallApp

/// A sort or a grouping on a path into a JSON column (`meta.maker.name`) as
/// SQL: the `jsonb` value at the path is the key, each path key a quoted
/// literal, never raw text; keyset paging across equal and missing values.
struct SQLJSONPathOrderTests {
  static let columns = [
    SQLColumn(name: "id", expression: #""id""#, kind: .number, nullable: false),
    SQLColumn(name: "price", expression: #""price""#, kind: .number),
    SQLColumn(name: "meta", expression: #""meta""#, kind: .json),
    SQLColumn(name: "title", expression: #""title""#, kind: .text),
  ]
  /// The key of `meta.maker.name`.
  static let maker = #"NULLIF(("meta"::jsonb -> 'maker' -> 'name'), 'null'::jsonb)"#

  @Test func aPathSortsByTheJSONValueThere() {
    let order = SQLOrder(
      sort: SortOrder(field: "meta.maker.name"), groupBy: nil, columns: Self.columns, rowKey: [#""id""#], dialect: .postgres)
    #expect(order.orderBy == "ORDER BY \(Self.maker) ASC NULLS LAST, \"id\" ASC")
    // After a value: later values, the missing ones (NULL, last), and the same value's later rows.
    let after = order.after([.text(#""Acme""#), .text("7")], dialect: .postgres)
    #expect(after.sql == "(\(Self.maker) > $1 OR \(Self.maker) IS NULL) OR (\(Self.maker) = $1 AND \"id\" > $2)")
    #expect(after.parameters == [.text(#""Acme""#), .text("7")])
    // After a row missing the path: only the other missing rows after it.
    let afterMissing = order.after([.null, .text("7")], dialect: .postgres)
    #expect(afterMissing.sql == "\(Self.maker) IS NULL AND \"id\" > $1")
    #expect(afterMissing.parameters == [.text("7")])
  }

  @Test func aPathSortsDescendingWithTheMissingStillLast() {
    let order = SQLOrder(
      sort: SortOrder(field: "meta.maker.name", descending: true), groupBy: nil, columns: Self.columns, rowKey: [#""id""#],
      dialect: .postgres)
    #expect(order.orderBy == "ORDER BY \(Self.maker) DESC NULLS LAST, \"id\" ASC")
    #expect(
      order.after([.text("12"), .text("3")], dialect: .postgres).sql
        == "(\(Self.maker) < $1 OR \(Self.maker) IS NULL) OR (\(Self.maker) = $1 AND \"id\" > $2)")
    #expect(order.after([.null, .text("3")], dialect: .postgres).sql == "\(Self.maker) IS NULL AND \"id\" > $1")
  }

  @Test func aPathGroupsAndItsValueIsSelectedForTheNextPage() {
    let order = SQLOrder(
      sort: SortOrder(field: "price", descending: true), groupBy: "Meta.maker.name", columns: Self.columns,
      rowKey: [#""id""#], dialect: .postgres)
    #expect(order.orderBy == "ORDER BY \(Self.maker) ASC NULLS LAST, \"price\" DESC NULLS LAST, \"id\" ASC")
    let filter = SQLFilter(SearchQuery("mug"), columns: Self.columns, dialect: .postgres)
    let select = SQLSelect(from: #""items""#, columns: [#""id""#, #""title""#], filter: filter, order: order, dialect: .postgres)
    let next = select.statement(after: [.text(#""Acme""#), .null, .text("4")], limit: 50)
    #expect(next.sql.hasPrefix("SELECT \"id\", \"title\", \(Self.maker), \"price\" FROM \"items\" WHERE ("))
    #expect(select.keyColumns(in: 4) == [2, 3, 0])
    #expect(
      next.sql.hasSuffix(
        "AND ((\(Self.maker) > $2 OR \(Self.maker) IS NULL) OR (\(Self.maker) = $2 AND \"price\" IS NULL AND \"id\" > $3))"
          + " ORDER BY \(Self.maker) ASC NULLS LAST, \"price\" DESC NULLS LAST, \"id\" ASC LIMIT 50"))
    #expect(next.parameters == [.text("%m%u%g%"), .text(#""Acme""#), .text("4")])
  }

  @Test(arguments: [
    ("meta.it's", #"NULLIF(("meta"::jsonb -> 'it''s'), 'null'::jsonb)"#),
    (#"meta.a"b\c"#, #"NULLIF(("meta"::jsonb -> E'a"b\\c'), 'null'::jsonb)"#),
    ("meta.x'); DROP TABLE items; --", #"NULLIF(("meta"::jsonb -> 'x''); DROP TABLE items; --'), 'null'::jsonb)"#),
    (#"meta.\'.$1"#, #"NULLIF(("meta"::jsonb -> E'\\''' -> '$1'), 'null'::jsonb)"#),
    ("meta.a..b", #"NULLIF(("meta"::jsonb -> 'a' -> '' -> 'b'), 'null'::jsonb)"#),
  ])
  func aPathsKeysAreQuotedLiterals(field: String, key: String) {
    let order = SQLOrder(sort: SortOrder(field: field), groupBy: nil, columns: Self.columns, rowKey: [#""id""#], dialect: .postgres)
    #expect(order.keys.map(\.expression) == [key, #""id""#])
    #expect(order.after([.text("1"), .text("2")], dialect: .postgres).parameters == [.text("1"), .text("2")])
  }

  @Test func aColumnOfThatNameWinsThenTheLongestJSONColumn() {
    let columns = Self.columns + [
      SQLColumn(name: "meta.maker", expression: #""meta.maker""#, kind: .json),
      SQLColumn(name: "meta.size", expression: #""meta.size""#, kind: .number),
    ]
    func key(_ name: String) -> String? { SQLOrder.key(named: name, in: columns, dialect: .postgres, descending: false)?.expression }
    #expect(key("meta.size") == #""meta.size""#)
    #expect(key("meta.maker.name") == #"NULLIF(("meta.maker"::jsonb -> 'name'), 'null'::jsonb)"#)
    #expect(key("meta.color") == #"NULLIF(("meta"::jsonb -> 'color'), 'null'::jsonb)"#)
    // Not into a column that is no JSON, nor a key SQL text cannot hold.
    #expect(key("title.x") == nil)
    #expect(key("price.x") == nil)
    #expect(key("meta.a\u{0}b") == nil)
    #expect(key("meta") == #""meta"::jsonb"#)
  }

  @Test func aPathNamingNothingIsNotedAndOrdersNothing() {
    let order = SQLOrder(
      sort: SortOrder(field: "colour.name"), groupBy: "nope", columns: Self.columns, rowKey: [#""id""#], dialect: .postgres)
    #expect(order.orderBy == #"ORDER BY "id" ASC"#)
    #expect(
      SQLOrder.missing(["colour.name", "nope", "meta.maker.name", nil], in: Self.columns, dialect: .postgres)
        == ["no column named colour.name: it orders nothing", "no column named nope: it orders nothing"])
  }

  /// SQLite's search does not look into JSON text (`SQLDialect/looksIntoJSON`),
  /// so neither does its order: a path is a field no column has.
  @Test func sqliteDoesNotSortByAPath() {
    let columns = [
      SQLColumn(name: "id", expression: #""id""#, kind: .other),
      SQLColumn(name: "meta", expression: #""meta""#, kind: .other),
    ]
    let order = SQLOrder(sort: SortOrder(field: "meta.maker.name"), groupBy: "meta.maker", columns: columns, rowKey: ["rowid"], dialect: .sqlite)
    #expect(order.orderBy == "ORDER BY rowid ASC")
    #expect(SQLOrder.missing(["meta.maker.name"], in: columns, dialect: .sqlite) == ["no column named meta.maker.name: it orders nothing"])
    #expect(SQLDialect.sqlite.jsonSortKey(SQLColumn(name: "meta", expression: #""meta""#, kind: .json), keys: ["a"]) == nil)
  }

  @Test func literalsDoubleQuotesAndEscapeBackslashes() {
    #expect(SQLDialect.postgres.literal("it's") == "'it''s'")
    #expect(SQLDialect.postgres.literal(#"a\b"#) == #"E'a\\b'"#)
    #expect(SQLDialect.postgres.literal(#"\'"#) == #"E'\\'''"#)
    #expect(SQLDialect.sqlite.literal(#"a\'b"#) == #"'a\''b'"#)
  }
}
