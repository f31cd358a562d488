/// An item's values as search sees them: every string and number, at any depth,
/// each with its path of member names (`tags`, `size.w`; arrays add nothing).
///
/// ```swift
/// let fields = SearchFields(try JSONParser.parse(Array(#"{"title":"Mug","tags":["new"]}"#.utf8)))
/// fields.values.map(\.path)   // ["title", "tags"]
/// ```
public struct SearchFields: Sendable, Equatable {
  public struct Value: Sendable, Equatable {
    public var path: String
    public var text: FoldedText
    public init(path: String, text: FoldedText) {
      self.path = path
      self.text = text
    }
  }

  public var values: [Value]

  public init(_ values: [Value]) {
    self.values = values
  }

  /// The values of `fields`, as (path, text) pairs: for tests and small programs.
  public init(_ fields: [(String, String)]) {
    values = fields.map { Value(path: $0.0, text: FoldedText($0.1)) }
  }

  /// The strings and numbers of `value`, in order.
  public init(_ value: JSONValue) {
    values = []
    add(value, path: "")
  }

  private mutating func add(_ value: JSONValue, path: String) {
    switch value {
    case .string(let s): values.append(Value(path: path, text: FoldedText(s)))
    case .number(let n): values.append(Value(path: path, text: FoldedText(n)))
    case .array(let items): for item in items { add(item, path: path) }
    case .object(let members):
      for member in members { add(member.value, path: path.isEmpty ? member.key : path + "." + member.key) }
    case .null, .bool: break
    }
  }
}
