/// What sort of value a field holds: what a field picker says beside its name,
/// and what the inference of a card's fields asks (``InferredFields``).
///
/// Text that reads as a number (`$1,299.00`, `004`, `12 kg`: ``SortKey``) counts
/// as a number, since it sorts as one.
///
/// ```swift
/// FieldKind(of: .string("$3.50"))   // .number
/// FieldKind(of: .bool(true)).label  // "yes/no"
/// ```
public enum FieldKind: Int, CaseIterable, Hashable, Sendable, Comparable {
  case text, number, bool, list, object, null

  /// The kind of `value`.
  public init(of value: JSONValue) {
    switch value {
    case .string(let text): self = SortKey(text: text).isNumber ? .number : .text
    case .number: self = .number
    case .bool: self = .bool
    case .array: self = .list
    case .object: self = .object
    case .null: self = .null
    }
  }

  /// A short word for a list of fields.
  public var label: String {
    switch self {
    case .text: return "text"
    case .number: return "number"
    case .bool: return "yes/no"
    case .list: return "list"
    case .object: return "object"
    case .null: return "null"
    }
  }

  public static func < (a: FieldKind, b: FieldKind) -> Bool { a.rawValue < b.rawValue }
}

extension SortKey {
  /// Whether this key is a number.
  var isNumber: Bool {
    if case .number = self { return true }
    return false
  }
}
