/// How an item's stored bytes become the JSON text its details, `--print` and the
/// filter read: the bytes as they are, or made into an object.
///
/// Items are kept as places in their page (``ItemStore``); most places hold JSON.
/// A member of a map holds `"key": value`, shown as the object `{"key": value}`; a
/// CSV record is shown as the object of its columns (``CSVTable``); a SQLite row is
/// read again from its database (``SQLiteTable``).
///
/// ```swift
/// ItemTextShape.member.json(from: Array(#""mug": {"w": 1}"#.utf8))   // {"mug": {"w": 1}}
/// ```
public enum ItemTextShape: Sendable {
  /// The bytes are the item's JSON text.
  case json
  /// The bytes are an object's member, `"key": value`.
  case member
  /// The bytes are a record of this CSV or TSV table.
  case csv(CSVTable)
  /// The bytes are nothing; the row whose rowid is the item's offset is read again.
  case sqlite(SQLiteTable)

  /// The JSON text of an item whose stored bytes are `bytes`.
  public func json(from bytes: [UInt8]) -> [UInt8] {
    switch self {
    case .json, .sqlite: return bytes
    case .member: return [UInt8(ascii: "{")] + bytes + [UInt8(ascii: "}")]
    case .csv(let table): return table.json(record: bytes)
    }
  }
}
