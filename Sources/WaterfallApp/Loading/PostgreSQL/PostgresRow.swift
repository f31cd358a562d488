/// A row read from PostgreSQL: its JSON text (what an item is made of) and its
/// identity, which reads it again (``PostgresRowLookup``).
///
/// ```swift
/// let row = try reader.nextPage()?.first
/// String(decoding: row.json, as: UTF8.self)   // {"id":1,"title":"Mug","meta":{"color":"blue"}}
/// row.key                                     // ["1"]: the primary key's values, as text
/// ```
public struct PostgresRow: Sendable, Equatable {
  public var json: [UInt8]
  /// The row's identity (``PostgresRowKey``) as text; empty when it has none.
  public var key: [String]

  public init(json: [UInt8], key: [String]) {
    self.json = json
    self.key = key
  }
}
