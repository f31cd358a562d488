import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// A table is paged by its real rowid whatever its columns are called (and
/// searched and sorted by SQLite), a `WITHOUT ROWID` one by its primary key,
/// and read by one statement when it has neither: never the same rows
/// forever, never a row dropped (issue 30). A view browses, and the listing of a database names views
/// as views.
@Suite struct SQLiteRowIdentityTests {
  struct Shape: Sendable, CustomTestStringConvertible {
    var name: String
    var sql: String
    /// The `name` column of every row the table (or view) holds, each once.
    var names: [String]
    /// Whether its rows are paged (and refined by SQLite).
    var paged: Bool
    /// Whether they are paged by a primary key, their texts kept as read
    /// (else by rowid, their texts read again for details).
    var keyed = false
    var testDescription: String { name }
  }

  static let many = SQLiteTableReader.defaultPageRows * 4 + 250

  static let shapes: [Shape] = [
    Shape(
      name: "an integer column called rowid, full of duplicates",
      sql: "CREATE TABLE t(rowid INTEGER, name TEXT);" + SQLiteFixture.inserts("t", count: many) { "\($0 % 3), 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true),
    Shape(
      name: "a text column called rowid",
      sql: "CREATE TABLE t(rowid TEXT, name TEXT);" + SQLiteFixture.inserts("t", count: many) { "'x', 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true),
    Shape(
      name: "a column called ROWID in capitals, and one called _rowid_",
      sql: "CREATE TABLE t(ROWID TEXT, _rowid_ INTEGER, name TEXT);" + SQLiteFixture.inserts("t", count: many) { "'x', 7, 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true),
    Shape(
      name: "columns called rowid, oid and _rowid_: read by one statement",
      sql: "CREATE TABLE t(rowid, oid, _rowid_, name);" + SQLiteFixture.inserts("t", count: many) { "1, 1, 1, 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: false),
    Shape(
      name: "a WITHOUT ROWID table",
      sql: "CREATE TABLE t(k TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;" + SQLiteFixture.inserts("t", count: many) { "'k\($0)', 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true, keyed: true),
    Shape(
      name: "a WITHOUT ROWID table with a column called rowid",
      sql: "CREATE TABLE t(rowid TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;" + SQLiteFixture.inserts("t", count: many) { "'k\($0)', 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true, keyed: true),
    Shape(
      name: "a view",
      sql: "CREATE TABLE base(name TEXT, keep INTEGER);" + SQLiteFixture.inserts("base", count: many) { "'n\($0)', \($0 % 2)" }
        + "CREATE VIEW t AS SELECT name FROM base WHERE keep = 1;",
      names: (0..<many).filter { $0 % 2 == 1 }.map { "n\($0)" }, paged: false),
    Shape(
      name: "rowids at the ends of their range",
      sql: "CREATE TABLE t(name TEXT); INSERT INTO t(rowid, name) VALUES (-9223372036854775808, 'least'), (0, 'zero'), (9223372036854775807, 'most');",
      names: ["least", "zero", "most"], paged: true),
    Shape(
      name: "an INTEGER PRIMARY KEY called rowid",
      sql: "CREATE TABLE t(rowid INTEGER PRIMARY KEY, name TEXT);" + SQLiteFixture.inserts("t", count: many) { "\($0 * 2), 'n\($0)'" },
      names: (0..<many).map { "n\($0)" }, paged: true),
  ]

  @Test(arguments: shapes)
  func everyRowOnceWhateverTheColumnsAreCalled(_ shape: Shape) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("t.db").path
    try SQLiteFixture.make(at: path, sql: shape.sql)

    // The source the program opens, read page by page; a reading that gave the same rows forever is stopped (and fails below).
    let source = try SourceResolver.resolve(path, table: "t")
    let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: FieldRoles())))
    let sink = SQLiteRecordingSink()
    var end = PageEnd(hasMore: true)
    var pages = 0
    while end.hasMore, pages <= shape.names.count / SQLiteTableReader.defaultPageRows + 2 {
      end = cursor.readNextPage(into: sink)
      pages += 1
    }
    #expect(end.error == nil && !end.hasMore, "\(String(describing: end.error))")
    let items = sink.items
    let textShape = sink.shapes.last

    var names: [String] = []
    for item in items {
      let json: [UInt8]
      if case .sqlite(let table) = textShape {
        json = table.json(rowid: item.offset)
      } else {
        json = item.json ?? sink.files.last?.bytes(at: item.offset, count: item.length) ?? []
      }
      names.append((try? JSONParser.parse(json))?["name"]?.text ?? "?")
    }
    // Counts, not lists: a failure says how many rows went missing or came twice.
    #expect(names.count == shape.names.count, "rows read")
    #expect(Set(names).count == names.count, "\(names.count - Set(names).count) rows read more than once")
    #expect(Set(shape.names).subtracting(names).count == 0, "rows never read, or details of another row")
    if case .sqlite = textShape { #expect(shape.paged && !shape.keyed) } else { #expect(!shape.paged || shape.keyed) }
    #expect(source.refined(by: SourceRefinement()) != nil ? shape.paged : !shape.paged, "refined by SQLite when paged")
  }

  /// A view is browsed by `--table`; with several tables, views are listed as views.
  @Test func viewsAreBrowsedAndListedAsViews() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.db").path
    try SQLiteFixture.make(
      at: path,
      sql: "CREATE TABLE items(name, price); INSERT INTO items VALUES ('Mug', 5), ('Lamp', 40); CREATE TABLE shops(name);"
        + "CREATE VIEW cheap AS SELECT name FROM items WHERE price < 10;")
    #expect(throws: LoadError.unreadable(path: path, reason: "a SQLite database with 2 tables: items, shops, and 1 view: cheap; choose one with --table NAME, or rows with --sql \"SELECT …\"")) {
      try SourceResolver.resolve(path)
    }
    #expect(throws: LoadError.unreadable(path: path, reason: "no table or view nope; it has 2 tables: items, shops, and 1 view: cheap")) {
      try SourceResolver.resolve(path, table: "nope")
    }
    let source = try SourceResolver.resolve(path, table: "cheap")
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: source, store: store).loadAll()
    #expect(store.count == 1)
    #expect(store.value(at: 0)["name"]?.text == "Mug")

    let viewOnly = folder.appendingPathComponent("view.db").path
    try SQLiteFixture.make(at: viewOnly, sql: "CREATE TABLE base(name); INSERT INTO base VALUES ('a'); CREATE VIEW only AS SELECT name FROM base;")
    #expect(throws: LoadError.unreadable(path: viewOnly, reason: "a SQLite database with 1 table: base, and 1 view: only; choose one with --table NAME, or rows with --sql \"SELECT …\"")) {
      try SourceResolver.resolve(viewOnly)
    }
  }

  /// `--query` text with no statement, or more than one, is refused with a
  /// message; one statement followed by spaces, comments and `;` is read.
  @Test(arguments: [
    ("  ", "the query is empty"),
    ("-- nothing\n", "the query is empty"),
    (";", "the query is empty"),
    ("SELECT name FROM items; SELECT 2", "more than one statement"),
    ("SELECT name FROM items; DELETE FROM items", "more than one statement"),
    ("SELECT name FROM items; nonsense", "more than one statement"),
    ("SELECT name FROM items;  -- the end\n ;", nil),
  ])
  func queriesHoldOneStatement(_ query: String, _ refusal: String?) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("shop.db").path
    try SQLiteFixture.make(at: path, sql: "CREATE TABLE items(name); INSERT INTO items VALUES ('Mug'), ('Lamp');")
    var items: [ScannedItem] = []
    let error = SQLiteLoad(path: path, selection: .query(query), scanner: ItemScanner(roles: FieldRoles()))
      .run(opened: { _ in }, deliver: { page, _, _ in items += page })
    if let refusal {
      #expect(error?.description.contains(refusal) == true, "\(String(describing: error))")
      #expect(items.isEmpty)
    } else {
      #expect(error == nil)
      #expect(items.count == 2)
    }
  }
}
