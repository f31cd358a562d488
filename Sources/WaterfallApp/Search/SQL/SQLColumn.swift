/// A column as the SQL translation sees it: its name (what `field:` and
/// `--sort` name), the SQL that reads it (its name quoted by the database's
/// rules), and what kind of value it holds, which decides how search looks in
/// it.
///
/// ```swift
/// SQLColumn(name: "meta", expression: "\"meta\"", kind: .json)
/// ```
public struct SQLColumn: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// Text, searched as it is (`text`, `varchar`).
    case text
    /// A number, searched as its text (`int4`, `float8`, `numeric`).
    case number
    /// JSON, searched value by value inside it, as the in-memory search does
    /// (PostgreSQL's `json` and `jsonb`).
    case json
    /// A boolean: not searched (the in-memory search skips `true`/`false`).
    case boolean
    /// Bytes: not searched.
    case binary
    /// Anything else shown as its text (timestamps, arrays, SQLite's values of
    /// any type): searched as text.
    case other
  }

  public var name: String
  public var expression: String
  public var kind: Kind
  /// Whether the column may hold NULL; one that cannot (`NOT NULL`) sorts
  /// without `NULLS LAST`, so an index on it serves either direction.
  public var nullable: Bool

  public init(name: String, expression: String, kind: Kind, nullable: Bool = true) {
    self.name = name
    self.expression = expression
    self.kind = kind
    self.nullable = nullable
  }
}
