/// Reads a SQLite table or query into items, a page of rows at a time, on the
/// loader's thread: the database counterpart of ``PageLoad``.
///
/// A table is read in pages of ``pageRows`` rows by its real rowid (`WHERE rowid
/// > last ORDER BY rowid LIMIT n`, by whichever of `rowid`, `_rowid_` and `oid`
/// no column hides: ``SQLiteDatabase/rowidName(of:)``), each page its own short
/// read, so the first screen of a million rows costs one page and the database is
/// never held for the whole load; an item keeps only its card and its rowid, and
/// its details read the row again (``SQLiteTable``). A query's rows, and those of
/// a view, a `WITHOUT ROWID` table or a table whose columns take all three rowid
/// names, are read by one statement, and their JSON text is kept in memory.
///
/// ```swift
/// let error = SQLiteLoad(path: "shop.db", selection: .table("items"), scanner: scanner).run(
///   opened: { file in … }, described: { shape, note in … }, deliver: { items, _, _ in … })
/// ```
struct SQLiteLoad {
  static let pageRows = 1_000

  var path: String
  var selection: DatabaseSelection
  var scanner: ItemScanner

  func run(
    shouldStop: () -> Bool = { false },
    opened: (PageFile) -> Void,
    described: (ItemTextShape, String?) -> Void = { _, _ in },
    deliver: ([ScannedItem], SkippedLines, Int) -> Void
  ) -> LoadError? {
    let database: SQLiteDatabase
    do { database = try SQLiteDatabase(path: path) } catch { return .unreadable(path: path, reason: error.description) }
    var query: String
    switch selection {
    case .query(let sql): query = sql
    case .table(let name):
      let rowidName: String?
      do { rowidName = try database.rowidName(of: name) } catch { return .unreadable(path: path, reason: error.description) }
      if let rowidName {
        let table = SQLiteTable(database: database, name: name, rowidName: rowidName)
        return readTable(table, rowidName: rowidName, shouldStop: shouldStop, opened: opened, described: described, deliver: deliver)
      }
      query = "SELECT * FROM \(SQLiteDatabase.quoted(name))"
    }
    opened(PageFile(memoryPage: path))
    described(.json, settleFields(database, sql: query, firstColumn: 0))
    var items: [ScannedItem] = []
    var json: [UInt8] = []
    var rows = 0
    var keys: [[UInt8]]?
    do {
      try database.forEachRow(query) { row in
        json.removeAll(keepingCapacity: true)
        if keys == nil { keys = row.keys() }
        row.appendJSON(keys: keys, to: &json)
        if var item = scan(json) {
          item.json = json
          items.append(item)
        }
        rows += 1
        if items.count == Self.pageRows {
          deliver(items, SkippedLines(), PageLoad.firstChunk * rows)
          items.removeAll(keepingCapacity: true)
          return !shouldStop()
        }
        return true
      }
    } catch {
      if !items.isEmpty { deliver(items, SkippedLines(), PageLoad.firstChunk * max(rows, 1)) }
      return .unreadable(path: path, reason: error.description)
    }
    if !items.isEmpty { deliver(items, SkippedLines(), PageLoad.firstChunk * max(rows, 1)) }
    return nil
  }

  private func readTable(
    _ table: SQLiteTable, rowidName: String, shouldStop: () -> Bool, opened: (PageFile) -> Void,
    described: (ItemTextShape, String?) -> Void, deliver: ([ScannedItem], SkippedLines, Int) -> Void
  ) -> LoadError? {
    do { opened(try PageFile(path: path)) } catch { return .unreadable(path: error.path, reason: error.reason) }
    let select = "SELECT \(rowidName), * FROM \(SQLiteDatabase.quoted(table.name))"
    let order = "ORDER BY \(rowidName) LIMIT \(Self.pageRows)"
    described(.sqlite(table), settleFields(table.database, sql: "\(select) ORDER BY \(rowidName)", firstColumn: 1))
    // The first page has no lower bound: a rowid may be Int64.min itself.
    var last: Int64?
    var items: [ScannedItem] = []
    var json: [UInt8] = []
    var keys: [[UInt8]]?
    var rows = 0
    while !shouldStop() {
      items.removeAll(keepingCapacity: true)
      var pageRows = 0
      do {
        let sql = last == nil ? "\(select) \(order)" : "\(select) WHERE \(rowidName) > ? \(order)"
        try table.database.forEveryRow(sql, arguments: last.map { [$0] } ?? []) { row in
          let rowid = row.integer(0)
          last = rowid
          pageRows += 1
          json.removeAll(keepingCapacity: true)
          if keys == nil { keys = row.keys(from: 1) }
          row.appendJSON(from: 1, keys: keys, to: &json)
          BlobPicture.appendCardMembers(of: row, rowid: rowid, firstColumn: 1, roles: scanner.roles, to: &json)
          if var item = scan(json) {
            item.offset = Int(rowid)
            item.length = 0
            items.append(item)
          }
        }
      } catch {
        return .unreadable(path: path, reason: error.description)
      }
      rows += pageRows
      if !items.isEmpty { deliver(items, SkippedLines(), PageLoad.firstChunk * rows) }
      // A short page is the last; a row that gave no item does not make one short.
      if pageRows < Self.pageRows { return nil }
    }
    return nil
  }

  /// Makes the choice of the cards' fields (``FieldInference``) on the first
  /// rows of `sql`, their columns from `firstColumn` on, unless it is made
  /// already: the rows are a table's. Returns the note of a choice made now.
  private func settleFields(_ database: SQLiteDatabase, sql: String, firstColumn: Int) -> String? {
    guard let inference = scanner.roles.inference, inference.fields == nil else { return nil }
    var values: [JSONValue] = []
    var keys: [[UInt8]]?
    var json: [UInt8] = []
    try? database.forEachRow(sql) { row in
      json.removeAll(keepingCapacity: true)
      if keys == nil { keys = row.keys(from: firstColumn) }
      row.appendJSON(from: firstColumn, keys: keys, to: &json)
      if firstColumn > 0 {  // a table's rows, whose pictures the cards show
        BlobPicture.appendCardMembers(of: row, rowid: row.integer(0), firstColumn: firstColumn, roles: scanner.roles, to: &json)
      }
      if let value = try? JSONParser.parse(json) { values.append(value) }
      return values.count < ItemScanner.inferenceSample
    }
    return scanner.settleFields(values, tabular: true)
  }

  private func scan(_ json: [UInt8]) -> ScannedItem? {
    json.withUnsafeBufferPointer { try? scanner.scan($0, offset: 0) }
  }
}

/// What of a database to browse: a table (or view), or the rows of a query.
public enum DatabaseSelection: Hashable, Sendable {
  case table(String)
  case query(String)
}
