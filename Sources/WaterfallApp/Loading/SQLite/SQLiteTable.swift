/// A table being browsed, read again one row at a time by its rowid: how an item
/// from a database shows its details without the store keeping its text.
///
/// The rowid is reached by the name ``SQLiteDatabase/rowidName(of:)`` found for
/// it (`rowid`, or `_rowid_` or `oid` when a column took that name), so a column
/// called `rowid` never stands in for the real one.
///
/// ```swift
/// let table = try SQLiteTable(path: "shop.db", name: "items")
/// String(decoding: table.json(rowid: 1), as: UTF8.self)   // {"id":1,"title":"Mug",…}
/// ```
public final class SQLiteTable: Sendable {
  public let name: String
  let database: SQLiteDatabase
  /// The name of the table's rowid; nil when it has none (a view): its rows are
  /// then never read again by rowid.
  let rowidName: String?

  init(database: SQLiteDatabase, name: String, rowidName: String?) {
    self.database = database
    self.name = name
    self.rowidName = rowidName
  }

  /// The row whose rowid is `rowid`, as a JSON object; `{}` if it is gone.
  public func json(rowid: Int) -> [UInt8] {
    var out: [UInt8] = []
    readRow(rowid: Int64(rowid)) { row in row.appendJSON(to: &out) }
    return out.isEmpty ? Array("{}".utf8) : out
  }

  /// The bytes of the BLOB `picture` names; nil if it is gone.
  public func bytes(of picture: BlobPicture) -> [UInt8]? {
    var bytes: [UInt8]?
    readRow(rowid: picture.rowid) { row in
      if picture.column < row.columnCount, row.isBlob(picture.column) { bytes = Array(row.bytes(picture.column)) }
    }
    return bytes
  }

  private func readRow(rowid: Int64, _ body: (SQLiteDatabase.Row) -> Void) {
    guard let rowidName else { return }
    try? database.forEachRow("SELECT * FROM \(SQLiteDatabase.quoted(name)) WHERE \(rowidName) = ?", arguments: [rowid]) { row in
      body(row)
      return false
    }
  }

  /// Opens `name` in the database at `path` again, for reading its pictures.
  public convenience init(path: String, name: String) throws(LoadError) {
    do {
      let database = try SQLiteDatabase(path: path)
      self.init(database: database, name: name, rowidName: try database.rowidName(of: name))
    } catch {
      throw LoadError.unreadable(path: path, reason: error.description)
    }
  }
}
