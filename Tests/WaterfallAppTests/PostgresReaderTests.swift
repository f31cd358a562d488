import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// Reading from a real server: types as JSON, bytea pictures, pages through a
/// cursor with bounded memory, resuming by keyset, queries, hostile values.
@Suite(.postgres) struct PostgresReaderTests {
  let pg = TestPostgres.current!

  static let png = try! Data(contentsOf: Repository.root.appendingPathComponent("Tests/WaterfallImagesTests/Fixtures/grey.png"))
  static let jpeg = try! Data(contentsOf: Repository.root.appendingPathComponent("Tests/WaterfallImagesTests/Fixtures/bars.jpg"))

  init() throws {
    try pg.fixture("reader") { [pg] in
      let png = Self.png.map { String(format: "%02x", $0) }.joined()
      // A JPEG whose size lies past the first 64 KiB: two 40,000-byte APP1 segments first.
      let jpegRest = Self.jpeg.dropFirst(2).map { String(format: "%02x", $0) }.joined()
      let padding = "'\\xffe19c40'::bytea || decode(repeat('00', 39998), 'hex')"
      try pg.psql(
        """
        CREATE TABLE typed (id int PRIMARY KEY, title text, meta jsonb, raw json, picture bytea, made timestamptz,
          day date, price numeric(8,2), tags text[], big int8, ratio float8, flag boolean, nothing text, small int2);
        INSERT INTO typed VALUES
          (1, 'Mug', '{"color": "blue", "size": {"w": 3}}', '{"a": [1, 2.50]}', '\\x\(png)',
           '2024-05-06 07:08:09+00', '2024-05-06', 12.5, '{new,"two words"}', 9007199254740993, 1.5, true, NULL, 7),
          (2, 'Bowl', NULL, NULL, '\\x00010203', NULL, NULL, NULL, '{}', -5, 'NaN', false, NULL, NULL),
          (3, '''; DROP TABLE typed; --', '[]', '"text"', '\\xffd8' || \(padding) || \(padding) || '\\x\(jpegRest)',
           NULL, NULL, 0, NULL, 9007199254740992, '-Infinity', NULL, NULL, -1);
        CREATE TABLE series (id int PRIMARY KEY, grp int, label text, filler text);
        INSERT INTO series SELECT n, CASE WHEN n % 11 = 0 THEN NULL ELSE n % 7 END, 'row ' || n, repeat('x', 200)
          FROM generate_series(1, 100000) AS n;
        CREATE TABLE nokey AS SELECT n, 'n' || n AS name FROM generate_series(1, 2500) AS n;
        CREATE TABLE parts (n int, label text) PARTITION BY RANGE (n);
        CREATE TABLE parts_low PARTITION OF parts FOR VALUES FROM (0) TO (1000);
        CREATE TABLE parts_high PARTITION OF parts FOR VALUES FROM (1000) TO (3000);
        INSERT INTO parts SELECT n, 'p' || n FROM generate_series(1, 2999) AS n;
        CREATE VIEW evens AS SELECT id, label FROM series WHERE id % 2 = 0 AND id <= 3000;
        ANALYZE;
        """)
    }
  }

  private func connect() throws -> PostgresConnection { try PostgresConnection(pg.conninfo) }

  /// Every page of `reader`, suspending after each when asked (as a source does).
  private func readAll(_ reader: PostgresReader, suspending: Bool = false) throws -> [PostgresRow] {
    var rows: [PostgresRow] = []
    while let page = try reader.nextPage() {
      #expect(page.count <= reader.pageRows)
      rows += page
      if suspending { reader.suspend() }
    }
    return rows
  }

  private func json(_ row: PostgresRow) -> String { String(decoding: row.json, as: UTF8.self) }

  private func ids(_ rows: [PostgresRow], field: String = "id") throws -> [String] {
    try rows.map { row in try JSONParser.parse(row.json)[field]?.text ?? "" }
  }

  // MARK: Types

  @Test func typesBecomeJSON() throws {
    let reader = try PostgresReader(connection: connect(), selection: .table("typed"), roles: nil)
    let rows = try readAll(reader)
    #expect(rows.count == 3)
    #expect(
      json(rows[0]) == #"{"id":1,"title":"Mug","meta":{"size": {"w": 3}, "color": "blue"},"raw":{"a": [1, 2.50]},"#
        + #""picture":"<PNG picture, 76 bytes>","made":"2024-05-06 07:08:09+00","day":"2024-05-06","price":"12.50","#
        + #""tags":"{new,\"two words\"}","big":"9007199254740993","ratio":1.5,"flag":true,"nothing":null,"small":7}"#)
    #expect(
      json(rows[1]) == #"{"id":2,"title":"Bowl","meta":null,"raw":null,"picture":"<bytea, 4 bytes>","made":null,"#
        + #""day":null,"price":null,"tags":"{}","big":-5,"ratio":"NaN","flag":false,"nothing":null,"small":null}"#)
    #expect(json(rows[2]).contains(#""big":9007199254740992,"ratio":"-Infinity","#))
    #expect(json(rows[2]).contains(#""picture":"<JPEG picture, 80,430 bytes>""#))
    #expect(rows.map(\.key) == [["1"], ["2"], ["3"]])
    // Nested JSON is reachable as field.sub, as the in-memory search sees it.
    let fields = SearchFields(try JSONParser.parse(rows[0].json))
    #expect(fields.values.map(\.path).contains("meta.size.w"))
    #expect(SearchQuery("meta.color:blue").matches(fields))
  }

  @Test func jsonIsSearchedInsideAsInMemory() throws {
    let connection = try connect()
    let all = try readAll(PostgresReader(connection: connection, selection: .table("typed"), roles: nil)).map(\.json)
    for (query, expected) in [
      ("meta.color:blue", ["1"]), ("meta.COLOR:^blue$", ["1"]), ("Meta.Size.W:3", ["1"]), ("meta.size:3", ["1"]),
      ("meta:3", ["1"]), ("!meta.color:blue", ["2", "3"]), ("raw.a:2.5", ["1"]), ("raw:'text", ["3"]),
      ("meta.colour:blue", []), ("meta:color", []), ("meta.size.w.x:3", []), ("title.x:mug", []),
    ] {
      var matcher = ItemMatcher(SearchQuery(query))
      let inMemory = try all.filter { json in json.withUnsafeBufferPointer { matcher.matches(json: $0) } }.map { try JSONParser.parse($0)["id"]?.text ?? "" }
      let reader = try PostgresReader(connection: connection, selection: .table("typed"), search: SearchQuery(query), roles: nil)
      #expect(try ids(readAll(reader)) == expected, "\(query)")
      #expect(inMemory == expected, "\(query), in memory")
    }
  }

  @Test func aByteaPictureIsTheCardsPicture() throws {
    let connection = try connect()
    let reader = try PostgresReader(connection: connection, selection: .table("typed"))
    let items = try #require(try reader.nextItems(scanner: ItemScanner(roles: FieldRoles())))
    let reference = ByteaPicture(column: 4, key: ["1"]).reference
    #expect(items[0].content.image == reference)
    #expect(items[0].content.aspect.map { [$0.width, $0.height] } == [16, 12])
    #expect(items[1].content.image == nil)
    // A JPEG whose header lies past the first 64 KiB is read again, further.
    #expect(items[2].content.aspect.map { [$0.width, $0.height] } == [64, 32])
    #expect(items[0].json.map { String(decoding: $0, as: UTF8.self) }?.contains(#""img":"pg-bytea:4:[\"1\"]","w":16,"h":12}"#) == true)

    let lookup = try #require(PostgresRowLookup(target: connection.target, plan: reader.plan))
    let bytes = try #require(lookup.pictureBytes(reference))
    #expect(Data(bytes) == Self.png)
    #expect(lookup.bytes(of: ByteaPicture(column: 4, key: ["99"])) == nil)
    #expect(lookup.bytes(of: ByteaPicture(column: 1, key: ["1"])) == nil)
    #expect(lookup.json(key: ["2"]).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(#"{"id":2,"title":"Bowl""#) == true)
  }

  @Test func pictureReferencesSurviveAnyKey() {
    for key in [["1"], ["a:b", "\"q\""], ["(0,1)"], []] {
      let picture = ByteaPicture(column: 3, key: key)
      #expect(ByteaPicture(reference: picture.reference) == picture)
    }
    #expect(ByteaPicture(reference: "sqlite-blob:1:2") == nil)
    #expect(ByteaPicture(reference: "pg-bytea:x:[]") == nil)
  }

  // MARK: Pages

  @Test func pagesOfALargeTableKeepMemoryBounded() throws {
    let connection = try connect()
    let reader = try PostgresReader(connection: connection, selection: .table("series"), pageRows: 1000)
    #expect(reader.plan.estimatedRows == 100_000)
    var count = 0
    var next = 1
    var pages = 0
    var ordered = true
    while let page = try reader.nextPage() {
      pages += 1
      count += page.count
      for row in page {
        ordered = ordered && row.key == [String(next)]
        next += 1
      }
    }
    #expect(count == 100_000 && pages == 100 && ordered)
    // A page of 1,000 rows of ~230 bytes; the table is 23 MB.
    #expect(connection.largestResultBytes < 600_000, "\(connection.largestResultBytes)")
    let log = pg.log()
    #expect(log.contains("FETCH FORWARD 1000 FROM waterfall_rows"))
    // The first page alone (a statement the server may run in parallel, which a
    // cursor's never is), then a cursor of 4 pages after its last row, then one of the rest.
    let firstPage = try #require(log.split(separator: "\n").first { $0.contains(#"ORDER BY "id" ASC LIMIT 1000"#) })
    // The log's line begins with the statement (a cursor's SELECT is on the line after its DECLARE).
    #expect(firstPage.contains(#": SELECT "id""#) && firstPage.contains(#"FROM "public"."series" ORDER BY"#), "\(firstPage)")
    #expect(log.contains(#"FROM "public"."series" WHERE "id" > $1 ORDER BY "id" ASC LIMIT 4000"#))
    #expect(log.contains("parameters: $1 = '1000'"))
    #expect(log.contains(#"FROM "public"."series" WHERE "id" > $1 ORDER BY "id" ASC"# + "\n"))
    #expect(log.contains("parameters: $1 = '5000'"))
  }

  @Test(arguments: [
    (WaterfallApp.SortOrder(field: nil), nil as String?),
    (WaterfallApp.SortOrder(field: nil, descending: true), nil),
    (WaterfallApp.SortOrder(field: "grp"), nil),
    (WaterfallApp.SortOrder(field: "grp", descending: true), nil),
    (WaterfallApp.SortOrder(field: "label", descending: true), "grp"),
  ])
  func resumingAfterASuspendReadsEachRowOnce(sort: WaterfallApp.SortOrder, groupBy: String?) throws {
    let connection = try connect()
    let search = SearchQuery("label:'row\\ 12")  // rows 12, 120…129, 1200…1299, 12000…12999
    let whole = try readAll(PostgresReader(connection: connection, selection: .table("series"), search: search, sort: sort, groupBy: groupBy, pageRows: 5000))
    // Each page after a suspend searches (and sorts) again: a scan of the table.
    let pageRows = 97
    let paged = try readAll(
      PostgresReader(connection: connection, selection: .table("series"), search: search, sort: sort, groupBy: groupBy, pageRows: pageRows),
      suspending: true)
    // A cursor of 3 pages, then one of the rest.
    let windowed = try readAll(
      PostgresReader(
        connection: connection, selection: .table("series"), search: search, sort: sort, groupBy: groupBy, pageRows: pageRows,
        windowPages: 3))
    #expect(whole.count == 1111)
    #expect(try ids(paged) == ids(whole))
    #expect(try ids(windowed) == ids(whole))
    // Grouped or sorted by grp: NULLs last, either way.
    if sort.field == "grp" || groupBy == "grp" {
      let groups = try whole.map { try JSONParser.parse($0.json)["grp"] ?? .null }
      let firstNull = try #require(groups.firstIndex(of: JSONValue.null))
      #expect(groups[firstNull...].allSatisfy { $0 == .null })
    }
  }

  @Test func theServersLogShowsTheSearchAndSortPushedDown() throws {
    let reader = try PostgresReader(
      connection: connect(), selection: .table("series"), search: SearchQuery("label:^row\\ 77 !'zzz"),
      sort: WaterfallApp.SortOrder(field: "grp", descending: true), pageRows: 10)
    _ = try reader.nextPage()
    reader.suspend()
    _ = try reader.nextPage()
    let log = pg.log()
    #expect(log.contains(#"WHERE COALESCE("label" ILIKE $1, FALSE) AND NOT COALESCE("id"::text ILIKE $2"#))
    #expect(log.contains(#"ORDER BY "grp" DESC NULLS LAST, "id" ASC"#))
    #expect(log.contains(#"parameters: $1 = 'row 77%', $2 = '%zzz%'"#))
    // The second page resumes after the first's last row.
    #expect(log.contains(#"("grp" < $3 OR "grp" IS NULL) OR ("grp" = $3 AND "id" > $4)"#))
  }

  @Test func aReaderDescribesItsTableInOneTransaction() throws {
    let connection = try PostgresConnection(pg.conninfo + " application_name=described")
    func begins() -> Int {
      pg.log().split(separator: "\n").filter { $0.contains(" described: ") && $0.contains("BEGIN READ ONLY") }.count
    }
    // A name SQL must parse (to_regclass) and a search the planner estimates, in a savepoint each.
    let reader = try PostgresReader(connection: connection, selection: .table("PUBLIC.Series"), search: SearchQuery("label:^row\\ 9"))
    #expect(begins() == 1)
    #expect(reader.plan.estimatedRows.map { $0 > 0 } == true)
    #expect(try reader.nextPage()?.count == 500)
    #expect(begins() == 2)
    // A name SQL refuses to parse fails in its savepoint: the transaction goes on to say so.
    for name in ["x.y.z.w", "a\"b"] {
      let error = #expect(throws: PostgresError.self) { try PostgresReader(connection: connection, selection: .table(name)) }
      #expect(error?.message == "no table or view named \(name)")
    }
    #expect(pg.log().contains("ROLLBACK TO SAVEPOINT waterfall_attempt"))
    #expect(try PostgresReader(connection: connection, selection: .table("series"), pageRows: 3).nextPage()?.count == 3)
  }

  @Test func readersTakingTurnsOnAConnectionEachGoOn() throws {
    let connection = try connect()
    let first = try PostgresReader(connection: connection, selection: .table("nokey"), pageRows: 700)
    var rows = try #require(try first.nextPage())
    let second = try PostgresReader(connection: connection, selection: .table("parts"), pageRows: 700)
    #expect(try second.nextPage()?.count == 700)
    while let page = try first.nextPage() {
      rows += page
      _ = try second.nextPage()
    }
    #expect(try rows.count == 2500 && Set(ids(rows, field: "n")).count == 2500)
  }

  @Test func aTableWithoutAPrimaryKeyIsPagedByCtid() throws {
    let reader = try PostgresReader(connection: connect(), selection: .table("nokey"), pageRows: 300)
    #expect(reader.plan.rowKey == .ctid)
    #expect(reader.plan.notes.contains { $0.contains("ctid") })
    let rows = try readAll(reader, suspending: true)
    #expect(try Set(ids(rows, field: "n")).count == 2500 && rows.count == 2500)
    #expect(rows[0].key == ["(0,1)"])
  }

  @Test func aPartitionedTableIsPagedByTableAndCtid() throws {
    let reader = try PostgresReader(connection: connect(), selection: .table("parts"), pageRows: 250)
    #expect(reader.plan.rowKey == .tableAndCtid)
    let rows = try readAll(reader, suspending: true)
    #expect(try Set(ids(rows, field: "n")).count == 2999 && rows.count == 2999)
  }

  @Test func aViewResumesBySkippingWhatWasRead() throws {
    let reader = try PostgresReader(connection: connect(), selection: .table("evens"), pageRows: 400)
    #expect(reader.plan.rowKey == PostgresRowKey.none)
    let rows = try readAll(reader, suspending: true)
    #expect(try rows.count == 1500 && Set(ids(rows)).count == 1500)
    #expect(pg.log().contains("MOVE FORWARD 400 IN waterfall_rows"))
  }

  // MARK: Queries

  @Test func aQueryIsReadAsItIsOrWrappedForASearch() throws {
    let connection = try connect()
    let plain = try PostgresReader(
      connection: connection, selection: .query("SELECT id, title FROM typed ORDER BY id DESC -- newest first\n;"))
    #expect(try ids(readAll(plain)) == ["3", "2", "1"])
    #expect(plain.plan.columns.map(\.name) == ["id", "title"])

    let searched = try PostgresReader(
      connection: connection, selection: .query("SELECT id, title FROM typed -- all"), search: SearchQuery("'ow"),
      sort: WaterfallApp.SortOrder(field: "id", descending: true))
    #expect(try ids(readAll(searched)) == ["2"])
    #expect(pg.log().contains("-- all\n\t) AS q WHERE"))
  }

  @Test func hostileValuesAreOnlyParameters() throws {
    let connection = try connect()
    for (text, expected) in [
      ("'; DROP TABLE typed; --", ["3"]), ("title:'; DROP TABLE typed; --", ["3"]),
      ("'';\\ DROP\\ TABLE\\ typed;\\ --", ["3"]), ("'\\'; DROP TABLE typed", []), ("%", []), ("_", []),
      ("\\\\", []), ("'new,", ["1"]),
    ] {
      let reader = try PostgresReader(connection: connection, selection: .table("typed"), search: SearchQuery(text))
      #expect(try ids(readAll(reader)) == expected, "\(text)")
    }
    #expect(try pg.psql("SELECT count(*) FROM typed") == "3")
    // The one-term search's value reached the server as a parameter, never in a statement.
    let ours = pg.log().split(separator: "\n").filter { $0.contains(" waterfall: ") && $0.lowercased().contains("drop table") }
    #expect(!ours.isEmpty)
    #expect(ours.allSatisfy { $0.contains("DETAIL:  parameters:") })
  }
}
