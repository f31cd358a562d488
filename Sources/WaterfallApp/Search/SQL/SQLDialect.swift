/// How one database spells what the search and sort translation needs:
/// parameters, case-insensitive `LIKE`, a column's value as text, the order of
/// text.
///
/// - PostgreSQL: `$1`; `ILIKE` (backslash is its default escape); a column not
///   of a text type is searched as `column::text`; JSON is searched value by
///   value with `jsonb_path_query`; text sorts by the column's own collation,
///   so an index on it serves the order.
/// - SQLite: `?1`; `LIKE … ESCAPE '\'` (SQLite's `LIKE` ignores case, for
///   ASCII only); a value is searched when it is text or a number
///   (`typeof`), never a BLOB; text sorts `COLLATE NOCASE` (ASCII case
///   folded), nearer the in-memory sort's folded order.
///
/// ```swift
/// SQLDialect.postgres.parameter(2)          // "$2"
/// SQLDialect.sqlite.like("\"title\"", "?1")  // "\"title\" LIKE ?1 ESCAPE '\\'"
/// ```
public struct SQLDialect: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    case postgres
    case sqlite
  }

  public var kind: Kind

  public static let postgres = SQLDialect(kind: .postgres)
  public static let sqlite = SQLDialect(kind: .sqlite)

  /// Parameter `number` (from 1) in the statement's text.
  public func parameter(_ number: Int) -> String {
    (kind == .postgres ? "$" : "?") + String(number)
  }

  /// Whether `expression`'s text matches the `LIKE` pattern in `pattern`, case
  /// ignored; `%`, `_` and `\` in the pattern are escaped with `\`.
  public func like(_ expression: String, _ pattern: String) -> String {
    switch kind {
    case .postgres: return "\(expression) ILIKE \(pattern)"
    case .sqlite: return "\(expression) LIKE \(pattern) ESCAPE '\\'"
    }
  }

  /// Whether `column` is searched for `pattern`; nil when search does not look
  /// in such a column (booleans, bytes).
  ///
  /// JSON is looked into (PostgreSQL): every string and number at any depth,
  /// or, with `path` (the parameter holding a JSON path, see
  /// ``SQLFilter/jsonPath(_:)``), those under it.
  public func searches(_ column: SQLColumn, _ pattern: String, path: String? = nil) -> String? {
    switch (kind, column.kind) {
    case (_, .boolean), (_, .binary): return nil
    case (.postgres, .text): return like(column.expression, pattern)
    case (.postgres, .json):
      let path = path.map { "\($0)::jsonpath" } ?? "'strict $.**'"
      return "EXISTS (SELECT 1 FROM jsonb_path_query(\(column.expression)::jsonb, \(path)) AS found(value)"
        + " WHERE jsonb_typeof(found.value) IN ('string', 'number') AND "
        + like("(found.value #>> '{}')", pattern) + ")"
    case (.postgres, _): return like("\(column.expression)::text", pattern)
    case (.sqlite, _):
      return "(typeof(\(column.expression)) IN ('text', 'integer', 'real') AND " + like(column.expression, pattern) + ")"
    }
  }

  /// Whether JSON columns can be searched inside (`field.sub`).
  public var looksIntoJSON: Bool { kind == .postgres }

  /// What the value at `keys` inside the JSON column `column` sorts by
  /// (`--sort meta.maker.name`); nil where the dialect does not look into
  /// JSON, or for a key SQL text cannot hold (NUL).
  ///
  /// PostgreSQL: the `jsonb` value itself (`->` with each key a quoted
  /// literal), so numbers compare as numbers and strings as strings (by the
  /// database's collation); a JSON `null` is made SQL's NULL, so that it sorts
  /// last with the rows that miss the path, as a missing value does in memory.
  ///
  /// ```swift
  /// SQLDialect.postgres.jsonSortKey(meta, keys: ["maker", "name"])
  /// // NULLIF(("meta"::jsonb -> 'maker' -> 'name'), 'null'::jsonb)
  /// ```
  public func jsonSortKey(_ column: SQLColumn, keys: [String]) -> String? {
    guard kind == .postgres, column.kind == .json, !keys.isEmpty, !keys.contains(where: { $0.contains("\u{0}") }) else { return nil }
    let path = keys.map { " -> " + literal($0) }.joined()
    return "NULLIF((\(column.expression)::jsonb\(path)), 'null'::jsonb)"
  }

  /// `text` as a string literal: quotes doubled; in PostgreSQL a text with a
  /// backslash is an escape string (`E'…'`, backslashes doubled), which reads
  /// the same whatever `standard_conforming_strings` says.
  ///
  /// ```swift
  /// SQLDialect.postgres.literal("it's")        // 'it''s'
  /// SQLDialect.postgres.literal(#"a\b"#)       // E'a\\b'
  /// ```
  public func literal(_ text: String) -> String {
    let quoted = text.replacingOccurrences("'", with: "''")
    if kind == .postgres, text.contains("\\") { return "E'" + quoted.replacingOccurrences("\\", with: "\\\\") + "'" }
    return "'" + quoted + "'"
  }

  /// What a column sorts by: itself, except SQLite text folded (`COLLATE
  /// NOCASE`) and PostgreSQL's `json` (which has no order) as `jsonb`.
  public func sortKey(_ column: SQLColumn) -> String {
    switch (kind, column.kind) {
    case (.postgres, .json): return "\(column.expression)::jsonb"
    case (.sqlite, _): return "\(column.expression) COLLATE NOCASE"
    default: return column.expression
    }
  }
}
