/// A parsed JSON value that keeps what a browser must show faithfully: object
/// members in their order, and numbers as they were written (`12.50` stays
/// `12.50`).
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"b": 1.50, "a": [true, null]}"#.utf8))
/// value.members.map(\.key)   // ["b", "a"]
/// value["b"]?.text           // "1.50"
/// ```
public enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number, as its literal text.
  case number(String)
  case string(String)
  case array([JSONValue])
  /// Members in the order they were written; a key may repeat.
  case object([JSONMember])

  /// The members of an object, or none.
  public var members: [JSONMember] {
    if case .object(let members) = self { return members }
    return []
  }

  /// The value of the first member named `key`, when this is an object.
  public subscript(key: String) -> JSONValue? {
    members.first { $0.key == key }?.value
  }

  /// The number's value, for a number or a numeric string.
  public var doubleValue: Double? {
    switch self {
    case .number(let text): return Double(text)
    case .string(let text): return Double(text.trimmingSpaces())
    default: return nil
    }
  }

  /// The value as one line of text for a card: strings as they are, numbers and
  /// booleans as written, `nil` for null, arrays and objects.
  public var text: String? {
    switch self {
    case .string(let s): return s
    case .number(let n): return n
    case .bool(let b): return b ? "true" : "false"
    case .null, .array, .object: return nil
    }
  }

  /// Every string in the value, depth first: what a filter searches.
  public func forEachString(_ body: (String) -> Void) {
    switch self {
    case .string(let s): body(s)
    case .array(let values): for v in values { v.forEachString(body) }
    case .object(let members): for m in members { m.value.forEachString(body) }
    case .number(let n): body(n)
    case .null, .bool: break
    }
  }
}

/// One member of a JSON object.
public struct JSONMember: Hashable, Sendable {
  public var key: String
  public var value: JSONValue

  public init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}

extension String {
  func trimmingSpaces() -> String {
    var s = Substring(self)
    while let c = s.first, c.isWhitespace { s = s.dropFirst() }
    while let c = s.last, c.isWhitespace { s = s.dropLast() }
    return String(s)
  }
}
