/// A `{…}` of a bound command: what of the selected item (or of every marked
/// item, with `+`) or of the browser goes there, always shell-quoted.
///
/// - `{}`: the item's JSON; `{+}`: every marked item's, one argument each.
/// - `{title}`, `{size.w}`: a field's value (a string as it is, a number as
///   written, an array or object as JSON, nothing for null or no such field);
///   `{+title}` for every marked item.
/// - `{q}`: the search typed.
/// - `{path}`: the item's picture as an absolute path (a folder's picture: its
///   file), else its `path` field; `{+path}` for every marked item.
///
/// `{{` is a literal `{`; braces around anything but a field name (`{a,b}`,
/// `{print $1}`) and `${…}` are the shell's, left as they are.
///
/// ```swift
/// CommandPlaceholder(parsing: "+size.w")   // CommandPlaceholder(every: true, value: .field(["size", "w"]))
/// ```
public struct CommandPlaceholder: Hashable, Sendable {
  public enum Value: Hashable, Sendable {
    case item
    case query
    case path
    case field([String])
  }

  /// Every marked item's value (`+`), or the selected item's.
  public var every: Bool
  public var value: Value

  public init(every: Bool, value: Value) {
    self.every = every
    self.value = value
  }

  /// The placeholder written `{text}`, or nil when `text` is not one.
  public init?(parsing text: String) {
    var rest = Substring(text)
    every = rest.first == "+"
    if every { rest = rest.dropFirst() }
    switch rest {
    case "": value = .item
    case "q":
      guard !every else { return nil }
      value = .query
    case "path": value = .path
    default:
      let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
      let allowed = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-") }
      guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed) }) else { return nil }
      value = .field(parts.map(String.init))
    }
  }

  /// Whether the placeholder needs an item (all but `{q}`): a command that has
  /// one runs only when an item is selected.
  public var needsItem: Bool { value != .query }
}
