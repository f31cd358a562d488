/// A table being browsed, read again one row at a time by its rowid: how an item
/// from a database shows its details without the store keeping its text.
///
/// ```swift
/// let table = try SQLiteTable(path: "shop.db", name: "items")
/// String(decoding: table.json(rowid: 1), as: UTF8.self)   // {"id":1,"title":"Mug",…}
/// ```
public final class SQLiteTable: Sendable {
  public let name: String
  let database: SQLiteDatabase

  init(database: SQLiteDatabase, name: String) {
    self.database = database
    self.name = name
  }

  /// The row whose rowid is `rowid`, as a JSON object; `{}` if it is gone.
  public func json(rowid: Int) -> [UInt8] {
    var out: [UInt8] = []
    try? database.forEachRow("SELECT * FROM \(SQLiteDatabase.quoted(name)) WHERE rowid = ?", arguments: [Int64(rowid)]) { row in
      row.appendJSON(to: &out)
      return false
    }
    return out.isEmpty ? Array("{}".utf8) : out
  }

  /// The bytes of the BLOB `picture` names; nil if it is gone.
  public func bytes(of picture: BlobPicture) -> [UInt8]? {
    var bytes: [UInt8]?
    try? database.forEachRow("SELECT * FROM \(SQLiteDatabase.quoted(name)) WHERE rowid = ?", arguments: [picture.rowid]) { row in
      if picture.column < row.columnCount, row.isBlob(picture.column) { bytes = Array(row.bytes(picture.column)) }
      return false
    }
    return bytes
  }

  /// Opens `name` in the database at `path` again, for reading its pictures.
  public convenience init(path: String, name: String) throws(LoadError) {
    do { self.init(database: try SQLiteDatabase(path: path), name: name) } catch {
      throw LoadError.unreadable(path: path, reason: error.description)
    }
  }
}
