import WaterfallImages

/// A picture held in a BLOB of a table's row, named on its card by a reference
/// (`sqlite-blob:ROWID:COLUMN`) that ``Pictures`` hands to the thumbnail loader,
/// which reads the bytes from the database (``SQLiteSource/pictureBytes``) instead
/// of opening a file.
///
/// ```swift
/// let reference = BlobPicture(rowid: 42, column: 3).reference   // "sqlite-blob:42:3"
/// BlobPicture(reference: reference)?.rowid                      // 42
/// ```
public struct BlobPicture: Hashable, Sendable {
  static let scheme = "sqlite-blob:"

  public var rowid: Int64
  /// The column's index in `SELECT *`.
  public var column: Int

  public init(rowid: Int64, column: Int) {
    self.rowid = rowid
    self.column = column
  }

  /// The picture a card's image names, when it names a BLOB.
  public init?(reference: String) {
    guard reference.hasPrefix(Self.scheme) else { return nil }
    let parts = reference.dropFirst(Self.scheme.count).split(separator: ":")
    guard parts.count == 2, let rowid = Int64(parts[0]), let column = Int(parts[1]) else { return nil }
    self.init(rowid: rowid, column: column)
  }

  public var reference: String { "\(Self.scheme)\(rowid):\(column)" }

  /// The members a row's card gets for the first picture among its BLOBs: its
  /// reference as the image and its size from its header, under the first key of
  /// each role (the row's own columns, coming first, win). The row's columns
  /// are those from `firstColumn` up to `end` (or its last).
  static func appendCardMembers(
    of row: SQLiteDatabase.Row, rowid: Int64, firstColumn: Int, upTo end: Int? = nil, roles: FieldRoles, to json: inout [UInt8]
  ) {
    guard let image = roles.image.first else { return }
    for column in firstColumn..<(end ?? row.columnCount) where row.isBlob(column) {
      let blob = row.bytes(column)
      guard SQLiteDatabase.pictureKind(blob) != nil, let header = try? ImageHeader.read(bytes: Array(blob)) else { continue }
      json.removeLast()  // the closing brace
      var members: [(String, String)] = [(image, "\"\(BlobPicture(rowid: rowid, column: column - firstColumn).reference)\"")]
      if let w = roles.width.first, let h = roles.height.first {
        members += [(w, String(header.width)), (h, String(header.height))]
      }
      for (key, value) in members {
        if json.count > 1 { json.append(UInt8(ascii: ",")) }
        JSONValue.appendQuoted(key, to: &json)
        json.append(UInt8(ascii: ":"))
        json.append(contentsOf: value.utf8)
      }
      json.append(UInt8(ascii: "}"))
      return
    }
  }
}
