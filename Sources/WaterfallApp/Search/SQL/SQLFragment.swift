/// A piece of SQL and the values of its parameters, numbered from where the
/// piece was told to start (`$3`, or `?3` in SQLite), so pieces join into one
/// statement without renumbering.
///
/// ```swift
/// let filter = SQLFilter(SearchQuery("mug"), columns: columns, dialect: .postgres)
/// filter.fragment.sql          // "COALESCE(\"title\" ILIKE $1, FALSE)"
/// filter.fragment.parameters   // [.text("%m%u%g%")]
/// ```
public struct SQLFragment: Sendable, Equatable {
  public var sql: String
  public var parameters: [SQLValue]

  public init(_ sql: String, parameters: [SQLValue] = []) {
    self.sql = sql
    self.parameters = parameters
  }
}
