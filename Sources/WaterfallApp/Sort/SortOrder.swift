/// How the cards are ordered: by a field's value, up or down (`--sort price:desc`),
/// or in the data's own order (no field), perhaps reversed.
///
/// ```swift
/// try SortOrder(parsing: "price:desc")   // SortOrder(field: "price", descending: true)
/// ```
public struct SortOrder: Sendable, Equatable, CustomStringConvertible {
  /// The top-level field whose value orders the items; nil: the data's order.
  public var field: String?
  public var descending: Bool

  public init(field: String?, descending: Bool = false) {
    self.field = field
    self.descending = descending
  }

  /// Reads `FIELD` or `FIELD:desc` (`:asc` too).
  public init(parsing text: String) throws(SortOrder.Invalid) {
    var name = Substring(text)
    descending = false
    if let colon = name.lastIndex(of: ":") {
      switch name[name.index(after: colon)...].lowercased() {
      case "desc": descending = true
      case "asc": break
      default: throw Invalid(text: text)
      }
      name = name[..<colon]
    }
    guard !name.isEmpty else { throw Invalid(text: text) }
    field = String(name)
  }

  public struct Invalid: Error, CustomStringConvertible {
    public var text: String
    public var description: String { "'\(text)' is not FIELD or FIELD:desc" }
  }

  /// How the status bar says it: "price ↑", "price ↓", "reversed".
  public var description: String {
    guard let field else { return descending ? "reversed" : "data order" }
    return field + (descending ? " ↓" : " ↑")
  }
}
