/// An item's value as the rows of an indented tree, as jless shows JSON: one row
/// per field, then, under an array or object that is not folded, one row per
/// element or member, indented a level deeper.
///
/// A row's text says what the value is without ambiguity: a string shows as it is
/// unless it is empty or could be read as something else (`""`, `"2"`, `"true"`,
/// `" padded"`), which is then quoted; numbers show as written; an empty array or
/// object shows as `[]` or `{}`; a non-empty one shows its size (`[3]`, `{2}`) with
/// `▾`, or with `▸` and its JSON on one line when folded.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"tags": ["", "B", 2], "name": ""}"#.utf8))
/// DetailsTree().rows(of: value).map(\.text)
/// // ["▾ [3]", "\"\"", "B", "2", "\"\""]   (depths 0, 1, 1, 1, 0)
/// ```
struct DetailsTree: Hashable {
  /// A value's place: the index of the member or element at each level.
  typealias Path = [Int]

  struct Row: Hashable {
    var path: Path
    /// 0 for the item's fields.
    var depth: Int
    /// The field's or member's name; empty for an array's element.
    var key: String
    /// The value, as the tree shows it.
    var text: String
    /// Whether the row is a non-empty array or object (it folds).
    var folds: Bool
    var folded: Bool
  }

  /// The arrays and objects the user folded.
  var folded: Set<Path> = []

  /// The rows of `value`: its members when it is an object, else itself as one
  /// field named `value`; at most `limit` rows.
  func rows(of value: JSONValue, limit: Int = .max) -> [Row] {
    var rows: [Row] = []
    if case .object(let members) = value {
      for (i, member) in members.enumerated() {
        guard rows.count < limit else { break }
        append(member.value, key: member.key, path: [i], depth: 0, to: &rows, limit: limit)
      }
    } else {
      append(value, key: "value", path: [], depth: 0, to: &rows, limit: limit)
    }
    return rows
  }

  private func append(_ value: JSONValue, key: String, path: Path, depth: Int, to rows: inout [Row], limit: Int) {
    let children: [(key: String, value: JSONValue)]
    switch value {
    case .array(let values): children = values.map { ("", $0) }
    case .object(let members): children = members.map { ($0.key, $0.value) }
    default: children = []
    }
    guard !children.isEmpty else {
      rows.append(Row(path: path, depth: depth, key: key, text: Self.scalarText(value), folds: false, folded: false))
      return
    }
    let isFolded = folded.contains(path)
    rows.append(Row(path: path, depth: depth, key: key, text: Self.containerText(value, folded: isFolded), folds: true, folded: isFolded))
    guard !isFolded else { return }
    for (i, child) in children.enumerated() {
      guard rows.count < limit else { return }
      append(child.value, key: child.key, path: path + [i], depth: depth + 1, to: &rows, limit: limit)
    }
  }

  /// A non-empty array's or object's row: its size, and its JSON when folded
  /// (the caller cuts it to the width).
  static func containerText(_ value: JSONValue, folded: Bool) -> String {
    let size: String
    switch value {
    case .array(let values): size = "[\(values.count)]"
    case .object(let members): size = "{\(members.count)}"
    default: size = ""
    }
    guard folded else { return "▾ " + size }
    // A long value's one line is cut anyway: a prefix is enough.
    let json = value.compactText
    return "▸ " + size + " " + String(json.prefix(500))
  }

  /// A value that is not a non-empty container, as the tree shows it.
  static func scalarText(_ value: JSONValue) -> String {
    switch value {
    case .string(let text): return needsQuotes(text) ? JSONValue.quoted(text) : text
    case .array: return "[]"
    case .object: return "{}"
    default: return value.compactText
    }
  }

  /// Whether `text` would be mistaken for another value unquoted: it is empty,
  /// begins or ends with white space, reads as a number, `true`, `false` or
  /// `null`, or begins as JSON text or a quoted string does.
  static func needsQuotes(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
    if first.properties.isWhitespace || last.properties.isWhitespace { return true }
    if ["true", "false", "null"].contains(text) { return true }
    if "[{\"".unicodeScalars.contains(first) { return true }
    return looksLikeNumber(text)
  }

  private static func looksLikeNumber(_ text: String) -> Bool {
    guard text.utf8.count <= 64 else { return false }
    let body = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
    guard let first = body.first, first.isASCII, first.isNumber || first == "." else { return false }
    return Double(text) != nil
  }

  // MARK: Folding

  /// Folds the container at `path` (or unfolds it); `false` when nothing there folds.
  @discardableResult
  mutating func setFolded(_ fold: Bool, at path: Path, in rows: [Row]) -> Bool {
    guard rows.contains(where: { $0.path == path && $0.folds }) else { return false }
    if fold { folded.insert(path) } else { folded.remove(path) }
    return true
  }
}
