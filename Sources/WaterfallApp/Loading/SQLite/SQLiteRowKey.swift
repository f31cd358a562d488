/// What a SQLite table's rows are found again by, and read after (keyset): the
/// rowid, by the name that reaches it (``SQLiteDatabase/rowidName(of:)``), or,
/// in a table without one (`WITHOUT ROWID`), the columns of its primary key,
/// which SQLite keeps `NOT NULL` and unique there.
///
/// ```swift
/// SQLiteRowKey.rowid("rowid").expressions              // ["rowid"]
/// SQLiteRowKey.primaryKey(["shop", "sku"]).expressions  // ["\"shop\"", "\"sku\""]
/// ```
enum SQLiteRowKey: Sendable, Equatable {
  case rowid(String)
  case primaryKey([String])

  /// The SQL that reads the key, one expression a column.
  var expressions: [String] {
    switch self {
    case .rowid(let name): return [name]
    case .primaryKey(let columns): return columns.map(SQLiteDatabase.quoted)
    }
  }

  /// The name that reaches the rowid; nil for a primary key.
  var rowidName: String? {
    if case .rowid(let name) = self { return name }
    return nil
  }
}
