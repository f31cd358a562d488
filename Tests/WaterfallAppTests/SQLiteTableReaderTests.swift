import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// A SQLite table read a page at a time, searched and sorted by SQLite: the
/// statements made (their text and parameters), keyset paging across equal
/// sort values and NULLs, the first page read without reading the rest, and
/// a cancelled reading that stops its statement.
@Suite struct SQLiteTableReaderTests {
  /// `items(id, title, price)`: `count` rows, `title` "mug N" (or "lamp N" for
  /// odd N), `price` N % 3, NULL for each seventh row.
  static func fixture(rows count: Int) throws -> (folder: URL, path: String) {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent("shop.db").path
    try SQLiteFixture.make(
      at: path,
      sql: "CREATE TABLE items(id INTEGER, title TEXT, price REAL);"
        + "INSERT INTO items WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))"
        + " SELECT i, CASE WHEN i % 2 = 0 THEN 'mug ' ELSE 'lamp ' END || i, CASE WHEN i % 7 = 0 THEN NULL ELSE i % 3 END FROM n;")
    return (folder, path)
  }

  /// Row `i`'s price in the fixture.
  static func price(_ i: Int) -> Int? { i % 7 == 0 ? nil : i % 3 }

  static let like = #"(typeof("X") IN ('text', 'integer', 'real') AND "X" LIKE ?1 ESCAPE '\')"#
  static let searchAll = "COALESCE(" + ["id", "title", "price"].map { like.replacingOccurrences("X", with: $0) }.joined(separator: " OR ") + ", FALSE)"

  @Test func aSearchAndASortBecomeTheStatementAndItsParameters() throws {
    let (folder, path) = try Self.fixture(rows: 20)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try SQLiteDatabase(path: path)
    let reader = try SQLiteTableReader(
      database: database, table: "items", rowidName: "rowid",
      refinement: SourceRefinement(search: "'mug", sort: SortOrder(field: "price", descending: true)), pageRows: 2)
    let first = reader.statement()
    #expect(
      first.sql
        == #"SELECT *, "price" COLLATE NOCASE, rowid FROM "items" WHERE "# + Self.searchAll
        + #" ORDER BY "price" COLLATE NOCASE DESC NULLS LAST, rowid ASC LIMIT 8"#)
    #expect(first.parameters == [.text("%mug%")])

    // Two rows read (the dearest mugs: 2 and 8), the next statement starts after the second, in the next window.
    var ids: [Int64] = []
    try reader.read(upTo: 2) { row, rowid in ids.append(rowid) }
    #expect(ids == [2, 8])
    let next = reader.statement()
    #expect(
      next.sql
        == #"SELECT *, "price" COLLATE NOCASE, rowid FROM "items" WHERE ("# + Self.searchAll + #") AND ("#
        + #"("price" COLLATE NOCASE < ?2 OR "price" COLLATE NOCASE IS NULL) OR ("price" COLLATE NOCASE = ?2 AND rowid > ?3))"#
        + #" ORDER BY "price" COLLATE NOCASE DESC NULLS LAST, rowid ASC LIMIT 32"#)
    #expect(next.parameters == [.text("%mug%"), .real(2), .integer(8)])
  }

  @Test func theDataOrderIsTheRowidsAndNeedsNoWindow() throws {
    let (folder, path) = try Self.fixture(rows: 20)
    defer { try? FileManager.default.removeItem(at: folder) }
    let reader = try SQLiteTableReader(database: try SQLiteDatabase(path: path), table: "items", rowidName: "_rowid_")
    #expect(!reader.sorts)
    #expect(reader.statement().sql == #"SELECT *, _rowid_ FROM "items" ORDER BY _rowid_ ASC"#)
    try reader.read(upTo: 5) { _, _ in }
    reader.suspend()
    #expect(reader.statement().sql == #"SELECT *, _rowid_ FROM "items" WHERE _rowid_ > ?1 ORDER BY _rowid_ ASC"#)
    #expect(reader.statement().parameters == [.integer(5)])
    let reversed = try SQLiteTableReader(
      database: try SQLiteDatabase(path: path), table: "items", rowidName: "rowid",
      refinement: SourceRefinement(sort: SortOrder(field: nil, descending: true)))
    #expect(reversed.statement().sql == #"SELECT *, rowid FROM "items" ORDER BY rowid DESC"#)
  }

  /// Every row once, in order, whether the reading rests after each page (a
  /// new statement after the last row's keys) or runs on through windows.
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func keysetPagesCrossEqualValuesAndNulls(descending: Bool, restsEachPage: Bool) throws {
    let count = 1_234
    let (folder, path) = try Self.fixture(rows: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    let reader = try SQLiteTableReader(
      database: try SQLiteDatabase(path: path), table: "items", rowidName: "rowid",
      refinement: SourceRefinement(sort: SortOrder(field: "price", descending: descending)), pageRows: 100)
    var ids: [Int] = []
    while !reader.isFinished {
      try reader.read(upTo: 100) { _, rowid in ids.append(Int(rowid)) }
      if restsEachPage { reader.suspend() }
    }
    let expected = (1...count).sorted { a, b in
      switch (Self.price(a), Self.price(b)) {
      case (nil, nil): return a < b
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?): return x != y ? (descending ? x > y : x < y) : a < b
      }
    }
    #expect(ids.count == count)
    #expect(ids == expected)
    // Windows of 400 then 1,600 rows, or a statement a page.
    #expect(reader.statementsOpened == (restsEachPage ? 13 : 2))
  }

  /// A sort key that is a BLOB cannot be bound: the next statement skips the rows read.
  @Test func aBlobKeyResumesBySkipping() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("b.db").path
    try SQLiteFixture.make(
      at: path,
      sql: "CREATE TABLE t(b BLOB, name TEXT);"
        + "INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)"
        + " SELECT CASE WHEN i % 2 = 0 THEN zeroblob(i % 5) ELSE i % 4 END, 'n' || i FROM n;")
    let reader = try SQLiteTableReader(
      database: try SQLiteDatabase(path: path), table: "t", rowidName: "rowid",
      refinement: SourceRefinement(sort: SortOrder(field: "b")), pageRows: 30)
    var ids: [Int64] = []
    while !reader.isFinished {
      try reader.read(upTo: 30) { _, rowid in ids.append(rowid) }
      reader.suspend()
    }
    var expected: [Int64] = []
    try SQLiteDatabase(path: path).forEveryRow("SELECT rowid FROM t ORDER BY b COLLATE NOCASE, rowid", values: []) { expected.append($0.integer(0)) }
    #expect(ids == expected)
  }

  @Test func theFirstPageIsReadAloneWithTheTablesEstimate() throws {
    let (folder, path) = try Self.fixture(rows: 1_234)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try SQLiteSource.resolve(path, table: nil, query: nil)
    #expect(source.rowidName == "rowid")
    let sink = SQLiteRecordingSink()
    let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: FieldRoles())))
    let end = cursor.readNextPage(into: sink)
    #expect(end.hasMore && end.error == nil)
    #expect(end.estimatedItems == 1_234)
    #expect(sink.items.count == SQLiteTableReader.defaultPageRows)
    #expect((cursor as? SQLiteTableCursor)?.tableReader?.rowsRead == SQLiteTableReader.defaultPageRows)
    cursor.rest()
    var last = end
    while last.hasMore { last = cursor.readNextPage(into: sink) }
    #expect(sink.items.map(\.offset) == Array(1...1_234))
    guard case .sqlite(let table)? = sink.shapes.last else {
      Issue.record("rows are read again by rowid")
      return
    }
    #expect((try? JSONParser.parse(table.json(rowid: 1_234)))?["title"]?.text == "mug 1234")
  }

  @Test func aRefinedTableIsSearchedAndSortedBySQLite() throws {
    let (folder, path) = try Self.fixture(rows: 1_234)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try SQLiteSource.resolve(path, table: "items", query: nil)
    let refined = try #require(source.refined(by: SourceRefinement(search: "title:^mug 4$", sort: SortOrder(field: "id", descending: true))))
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: refined, store: store)
    try loader.loadNextPage()
    // A search's first page is a screen's worth.
    #expect(store.count == SQLiteSource.firstMatches)
    try loader.loadAll()
    let expected = (1...1_234).reversed().filter { $0 % 10 == 4 }
    #expect((0..<store.count).map { store.value(at: $0)["id"]?.text.flatMap { Int($0) } } == expected)

    // What is read whole is searched in memory.
    #expect(SQLiteSource(path: path, selection: .query("SELECT * FROM items")).refined(by: SourceRefinement()) == nil)
    #expect(SQLiteSource(path: path, selection: .table("items")).refined(by: SourceRefinement()) == nil)
  }

  @Test func aCancelStopsTheStatementAndEveryLaterOne() throws {
    let (folder, path) = try Self.fixture(rows: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try SQLiteDatabase(path: path)
    // A statement that would count for a long time: interrupted from inside its first row, and after.
    let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n"
    var rows = 0
    let stopped = #expect(throws: SQLiteDatabase.Failure.self) {
      try database.forEachRow(endless, values: []) { _ in
        rows += 1
        database.interrupt()
        return true
      }
    }
    #expect(stopped?.interrupted == true)
    #expect(rows < 10_000)
    // sqlite3_interrupt alone lets a statement started later run; this one is stopped too.
    let later = #expect(throws: SQLiteDatabase.Failure.self) {
      try database.forEachRow("SELECT count(*) FROM (\(endless) LIMIT 100000000)", values: []) { _ in true }
    }
    #expect(later?.interrupted == true)
  }

  @Test func aCancelledReadingSaysSoAndStops() throws {
    let (folder, path) = try Self.fixture(rows: 1_234)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try SQLiteSource.resolve(path, table: nil, query: nil)
    let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: FieldRoles())))
    let sink = SQLiteRecordingSink()
    sink.onDeliver = { cursor.cancel() }
    let end = cursor.readNextPage(into: sink)
    #expect(end.stoppedEarly && !end.hasMore)
    #expect(end.error == SQLiteTableCursor.cancelledError(path))
    #expect(sink.items.count < SQLiteTableReader.defaultPageRows)
    #expect(cursor.readNextPage(into: sink).hasMore == false)
  }

  /// `--filter` keeps each row's text as the table holds it.
  @Test func theFilterKeepsTheRowsTexts() throws {
    let (folder, path) = try Self.fixture(rows: 30)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try #require(try SQLiteSource.resolve(path, table: nil, query: nil).refined(by: SourceRefinement(search: #"title:^lamp\ 2"#)))
    var lines: [String] = []
    let outcome = ItemFilter(query: SearchQuery(""), roles: FieldRoles()).run(source) { bytes in
      lines.append(String(decoding: bytes, as: UTF8.self))
      return true
    }
    #expect(outcome.errors.isEmpty)
    #expect(lines == [#"{"id":21,"title":"lamp 21","price":null}"#, #"{"id":23,"title":"lamp 23","price":2.0}"#, #"{"id":25,"title":"lamp 25","price":1.0}"#, #"{"id":27,"title":"lamp 27","price":0.0}"#, #"{"id":29,"title":"lamp 29","price":2.0}"#])
  }
}

/// A sink that keeps what a reading hands it.
final class SQLiteRecordingSink: PageSink {
  var items: [ScannedItem] = []
  var shapes: [ItemTextShape] = []
  var notes: [String] = []
  /// The files the pages' texts are in, as opened.
  var files: [PageFile] = []
  var onDeliver: () -> Void = {}

  func shouldStop() -> Bool { false }
  func opened(_ page: OpenedPage) { files.append(page.file) }
  func described(_ shape: ItemTextShape, note: String?) {
    shapes.append(shape)
    if let note { notes.append(note) }
  }
  func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
    self.items += items
    onDeliver()
  }
  func progress(_ text: String) {}
}
