/// A column of rows from PostgreSQL: its name, its type's OID, and how its
/// values become JSON (``PostgresRowEncoder``) and are searched (``SQLColumn``).
///
/// Types are told by their OIDs, which are fixed for the built-in types; any
/// other type (an enum, an array, a range, an extension's type) is its text.
///
/// ```swift
/// PostgresColumn(name: "price", type: 1700).kind   // .text: a numeric keeps its digits as text
/// PostgresColumn(name: "meta", type: 3802).kind    // .json
/// ```
public struct PostgresColumn: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// `true`/`false`.
    case boolean
    /// `int2`, `int4`, `oid`: a JSON number.
    case integer
    /// `int8`: a JSON number while a double holds it exactly (±2⁵³), else a string.
    case bigInteger
    /// `float4`, `float8`: a JSON number, except `NaN` and the infinities (strings).
    case float
    /// `json`, `jsonb`: nested as it is.
    case json
    /// `bytea`: a picture when it holds one, else a description of its size.
    case bytes
    /// Everything else, `numeric` (its exact digits), timestamps and arrays
    /// included: its text, as a string.
    case text
  }

  public var name: String
  /// The OID of the column's type.
  public var type: UInt32
  public var kind: Kind
  /// Whether the catalogue says it cannot hold NULL (`NOT NULL`, a primary key).
  public var notNull: Bool

  public init(name: String, type: UInt32, notNull: Bool = false) {
    self.name = name
    self.type = type
    self.notNull = notNull
    kind = Self.kind(of: type)
  }

  static func kind(of type: UInt32) -> Kind {
    switch type {
    case 16: return .boolean
    case 21, 23, 26: return .integer
    case 20: return .bigInteger
    case 700, 701: return .float
    case 114, 3802: return .json
    case 17: return .bytes
    default: return .text
    }
  }

  /// Whether the type is one of text's own (`text`, `varchar`, `name`): searched
  /// without a cast.
  var isText: Bool { type == 25 || type == 1043 || type == 19 }

  /// The column for the SQL translation, read as `expression`.
  func sqlColumn(expression: String) -> SQLColumn {
    let kind: SQLColumn.Kind
    switch self.kind {
    case .boolean: kind = .boolean
    case .integer, .bigInteger, .float: kind = .number
    case .json: kind = .json
    case .bytes: kind = .binary
    case .text: kind = isText ? .text : .other
    }
    return SQLColumn(name: name, expression: expression, kind: kind, nullable: !notNull)
  }
}
