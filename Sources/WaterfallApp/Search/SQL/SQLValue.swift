/// A value bound to a statement's parameter, never written into its text.
///
/// PostgreSQL takes every value as text and reads it as the type the statement
/// gives the parameter (`id > $1` makes `$1` an integer when `id` is one);
/// SQLite binds each as what it is.
///
/// ```swift
/// SQLValue.text("%m%u%g%").text   // "%m%u%g%"
/// SQLValue.integer(42).text       // "42"
/// ```
public enum SQLValue: Sendable, Hashable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)

  /// The value as PostgreSQL's text format takes it; nil for NULL.
  public var text: String? {
    switch self {
    case .null: return nil
    case .integer(let value): return String(value)
    case .real(let value): return "\(value)"
    case .text(let value): return value
    }
  }
}
