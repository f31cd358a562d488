/// A picture held in a `bytea` column of a PostgreSQL row, named on its card by
/// a reference (`pg-bytea:COLUMN:KEY`) that the thumbnail loader hands to
/// ``PostgresRowLookup/bytes(of:)``, as SQLite's ``BlobPicture`` does.
///
/// `column` is the column's place among the relation's columns; `key` the
/// row's identity (``PostgresRowKey``) as text, written in the reference as a
/// JSON array, so any text (a key with colons, quotes) survives the trip.
///
/// ```swift
/// let picture = ByteaPicture(column: 2, key: ["42"])
/// picture.reference                                   // "pg-bytea:2:[\"42\"]"
/// ByteaPicture(reference: picture.reference)?.key    // ["42"]
/// ```
public struct ByteaPicture: Hashable, Sendable {
  static let scheme = "pg-bytea:"

  public var column: Int
  public var key: [String]

  public init(column: Int, key: [String]) {
    self.column = column
    self.key = key
  }

  /// The picture a card's image names, when it names a `bytea`.
  public init?(reference: String) {
    guard reference.hasPrefix(Self.scheme) else { return nil }
    let rest = reference.dropFirst(Self.scheme.count)
    guard let colon = rest.firstIndex(of: ":"), let column = Int(rest[..<colon]),
      let value = try? JSONParser.parse(Array(rest[rest.index(after: colon)...].utf8)), case .array(let parts) = value
    else { return nil }
    var key: [String] = []
    for part in parts {
      guard case .string(let text) = part else { return nil }
      key.append(text)
    }
    self.init(column: column, key: key)
  }

  public var reference: String {
    var json: [UInt8] = [UInt8(ascii: "[")]
    for (i, part) in key.enumerated() {
      if i > 0 { json.append(UInt8(ascii: ",")) }
      JSONValue.appendQuoted(part, to: &json)
    }
    json.append(UInt8(ascii: "]"))
    return "\(Self.scheme)\(column):" + String(decoding: json, as: UTF8.self)
  }
}
