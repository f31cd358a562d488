import CSQLite

#if canImport(Glibc)
  import Glibc
#endif

/// Writes the benchmark's SQLite file: the shop items as the rows of one table,
/// `items`, a column per field (tags joined by spaces), in one transaction.
///
/// ```swift
/// let db = try BenchDatabase(path: "bench-data/shops-1m.db.partial")
/// try db.insert(fields)
/// try db.finish(renamingTo: "bench-data/shops-1m.db")
/// ```
final class BenchDatabase {
  private let path: String
  private let db: OpaquePointer
  private var statement: OpaquePointer?

  init(path: String) throws(BenchData.Failure) {
    unlink(path)
    var handle: OpaquePointer?
    guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
      throw BenchData.Failure(description: "cannot create \(path)")
    }
    self.path = path
    db = handle
    try exec("""
      PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; BEGIN;
      CREATE TABLE items(id INTEGER PRIMARY KEY, title TEXT, price TEXT, img TEXT, w INTEGER, h INTEGER,
        tags TEXT, shop TEXT, description TEXT);
      """)
    sqlite3_prepare_v2(db, "INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &statement, nil)
  }

  deinit {
    sqlite3_finalize(statement)
    sqlite3_close(db)
  }

  private func exec(_ sql: String) throws(BenchData.Failure) {
    guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
      throw BenchData.Failure(description: "\(path): \(String(cString: sqlite3_errmsg(db)))")
    }
  }

  /// Adds one item as a row.
  func insert(_ fields: [(key: String, value: ShopValue)]) throws(BenchData.Failure) {
    for (index, field) in fields.enumerated() {
      let column = Int32(index + 1)
      switch field.value {
      case .number(let n): sqlite3_bind_int64(statement, column, Int64(n))
      case .string(let s): sqlite3_bind_text(statement, column, s, -1, cs_transient())
      case .strings(let list): sqlite3_bind_text(statement, column, list.joined(separator: " "), -1, cs_transient())
      }
    }
    guard sqlite3_step(statement) == SQLITE_DONE else {
      throw BenchData.Failure(description: "\(path): \(String(cString: sqlite3_errmsg(db)))")
    }
    sqlite3_reset(statement)
  }

  /// Commits, closes and renames the file to `final`.
  func finish(renamingTo final: String) throws(BenchData.Failure) {
    try exec("COMMIT;")
    guard rename(path, final) == 0 else { throw BenchData.Failure(description: "cannot rename \(path)") }
  }
}
