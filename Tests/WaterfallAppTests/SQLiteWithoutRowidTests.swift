import Foundation
import Testing
import TestSupport

@testable import WaterfallApp

/// A `WITHOUT ROWID` table paged by its primary key instead of loaded whole:
/// the key found in the key's order, the statements resuming after a row's
/// key, keyset pages across equal sort values and NULLs, and the rows' texts
/// read back from where the reading kept them.
@Suite struct SQLiteWithoutRowidTests {
  /// `stock(sku, shop, price)` keyed by (shop, sku), the key's order not the
  /// columns': `count` rows, `shop` "shop N % 4", `sku` "sku" and N five digits
  /// wide, `price` N % 3, NULL for each seventh row.
  static func fixture(rows count: Int, analyzed: Bool = false) throws -> (folder: URL, path: String) {
    let folder = try Scratch.folder()
    let path = folder.appendingPathComponent("stock.db").path
    try SQLiteFixture.make(
      at: path,
      sql: "CREATE TABLE stock(sku TEXT NOT NULL, shop TEXT NOT NULL, price REAL, PRIMARY KEY (shop, sku)) WITHOUT ROWID;"
        + "INSERT INTO stock WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))"
        + " SELECT printf('sku%05d', i), 'shop ' || (i % 4), CASE WHEN i % 7 = 0 THEN NULL ELSE i % 3 END FROM n;"
        + "CREATE TABLE plain(id INTEGER PRIMARY KEY, title TEXT);"
        + "CREATE TABLE taken(rowid TEXT, _rowid_ TEXT, oid TEXT PRIMARY KEY);"
        + "CREATE VIEW cheap AS SELECT * FROM stock WHERE price < 1;"
        + (analyzed ? "ANALYZE;" : ""))
    return (folder, path)
  }

  static func sku(_ i: Int) -> String { "sku" + String(repeating: "0", count: 5 - String(i).count) + String(i) }
  static func price(_ i: Int) -> Int? { i % 7 == 0 ? nil : i % 3 }

  /// The rows of `1...count` in the primary key's order.
  static func keyOrder(_ count: Int) -> [Int] {
    (1...count).sorted { a, b in a % 4 != b % 4 ? a % 4 < b % 4 : a < b }
  }

  @Test func theRowKeyIsThePrimaryKeyInTheKeysOrder() throws {
    let (folder, path) = try Self.fixture(rows: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let database = try SQLiteDatabase(path: path)
    #expect(try database.rowKey(of: "stock") == .primaryKey(["shop", "sku"]))
    #expect(try database.rowKey(of: "plain") == .rowid("rowid"))
    // A rowid table whose columns take every name of the rowid: its key may hold NULLs, so it is read whole.
    #expect(try database.rowKey(of: "taken") == nil)
    #expect(try database.rowKey(of: "cheap") == nil)
    #expect(SQLiteRowKey.primaryKey(["shop", #"a"b"#]).expressions == [#""shop""#, #""a""b""#])
  }

  @Test func theStatementResumesAfterTheLastRowsKey() throws {
    let (folder, path) = try Self.fixture(rows: 20)
    defer { try? FileManager.default.removeItem(at: folder) }
    let reader = try SQLiteTableReader(
      database: try SQLiteDatabase(path: path), table: "stock", rowKey: .primaryKey(["shop", "sku"]), pageRows: 5)
    #expect(reader.statement().sql == #"SELECT *, "shop", "sku" FROM "stock" ORDER BY "shop" ASC, "sku" ASC"#)
    var skus: [String] = []
    try reader.read(upTo: 3) { row, place in
      skus.append(row.text(0) ?? "")
      #expect(place == Int64(skus.count - 1), "a row's place in the reading")
    }
    #expect(skus == Self.keyOrder(20).prefix(3).map(Self.sku))
    reader.suspend()
    let next = reader.statement()
    #expect(next.sql == #"SELECT *, "shop", "sku" FROM "stock" WHERE ("shop", "sku") > (?1, ?2) ORDER BY "shop" ASC, "sku" ASC"#)
    #expect(next.parameters == [.text("shop 0"), .text(Self.sku(12))])
    #expect(reader.estimatedRows() == nil, "neither ANALYZE's figure nor one integer key's span")
  }

  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func keysetPagesCrossEqualValuesAndNulls(descending: Bool, restsEachPage: Bool) throws {
    let count = 1_234
    let (folder, path) = try Self.fixture(rows: count)
    defer { try? FileManager.default.removeItem(at: folder) }
    let reader = try SQLiteTableReader(
      database: try SQLiteDatabase(path: path), table: "stock", rowKey: .primaryKey(["shop", "sku"]),
      refinement: SourceRefinement(sort: SortOrder(field: "price", descending: descending)), pageRows: 100)
    var skus: [String] = []
    while !reader.isFinished {
      try reader.read(upTo: 100) { row, _ in skus.append(row.text(0) ?? "") }
      if restsEachPage { reader.suspend() }
    }
    let place = Dictionary(uniqueKeysWithValues: Self.keyOrder(count).enumerated().map { ($1, $0) })
    let expected = (1...count).sorted { a, b in
      switch (Self.price(a), Self.price(b)) {
      case (nil, nil): return place[a]! < place[b]!
      case (nil, _): return false
      case (_, nil): return true
      case (let x?, let y?): return x != y ? (descending ? x > y : x < y) : place[a]! < place[b]!
      }
    }
    #expect(skus.count == count)
    #expect(skus == expected.map(Self.sku))
  }

  @Test func aRefinedTableIsPagedAndItsRowsReadBack() throws {
    let (folder, path) = try Self.fixture(rows: 1_234, analyzed: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = try SQLiteSource.resolve(path, table: "stock", query: nil)
    #expect(source.rowKey == .primaryKey(["shop", "sku"]))
    // The first page alone, with ANALYZE's estimate.
    let sink = SQLiteRecordingSink()
    let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: FieldRoles())))
    let end = cursor.readNextPage(into: sink)
    #expect(end.hasMore && end.estimatedItems == 1_234)
    #expect(sink.items.count == SQLiteTableReader.defaultPageRows)
    guard case .json? = sink.shapes.last else {
      Issue.record("a row without a rowid keeps its text")
      return
    }

    let refined = try #require(source.refined(by: SourceRefinement(search: "shop:3", sort: SortOrder(field: "sku", descending: true))))
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: refined, store: store)
    try loader.loadAll()
    let expected = (1...1_234).reversed().filter { $0 % 4 == 3 }
    #expect((0..<store.count).map { store.value(at: $0)["sku"]?.text } == expected.map(Self.sku))
    #expect(store.value(at: 0)["shop"]?.text == "shop 3")
  }
}
