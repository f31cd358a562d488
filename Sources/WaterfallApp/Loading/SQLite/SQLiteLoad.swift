/// Reads a SQLite query's rows, or those of a table with no key to page by,
/// into items on the loader's thread, whole: the database counterpart of
/// ``PageLoad``, for what ``SQLiteSource`` cannot page.
///
/// A view, a table whose columns take all three names of its rowid and a
/// query have no key a reading could resume after (`OFFSET` paging is
/// O(n²)): their rows are read by one statement, handed over a thousand at a
/// time, and their JSON text is kept in memory; the browser searches and
/// sorts them. A table with a rowid, or a `WITHOUT ROWID` one, is read a page
/// at a time instead (``SQLiteTableCursor``, by ``SQLiteRowKey``).
///
/// ```swift
/// let error = SQLiteLoad(path: "shop.db", selection: .query("SELECT * FROM cheap"), scanner: scanner).run(
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
    let query: String
    switch selection {
    case .query(let sql): query = sql
    case .table(let name): query = "SELECT * FROM \(SQLiteDatabase.quoted(name))"
    }
    opened(PageFile(memoryPage: path))
    described(.json, settleFields(database, sql: query))
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

  /// Makes the choice of the cards' fields (``FieldInference``) on the first
  /// rows of `sql`, unless it is made already: the rows are a table's.
  /// Returns the note of a choice made now.
  private func settleFields(_ database: SQLiteDatabase, sql: String) -> String? {
    guard let inference = scanner.roles.inference, inference.fields == nil else { return nil }
    var values: [JSONValue] = []
    var keys: [[UInt8]]?
    var json: [UInt8] = []
    try? database.forEachRow(sql) { row in
      json.removeAll(keepingCapacity: true)
      if keys == nil { keys = row.keys() }
      row.appendJSON(keys: keys, to: &json)
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
