/// The items loaded so far, each with its original JSON text and what its card shows.
///
/// The store is the one owner of item data: the browser asks it for a card's
/// content, an item's fields (parsed again from its text when the details open),
/// and the exact text to print for `--print`.
///
/// ```swift
/// let store = ItemStore(roles: FieldRoles())
/// store.append(json: bytes[range], value: value)
/// store.content(at: 0).title
/// ```
public final class ItemStore {
  struct Stored {
    var json: ArraySlice<UInt8>
    var content: CardContent
    var id: String?
  }

  public let roles: FieldRoles
  private var items: [Stored] = []

  public init(roles: FieldRoles) {
    self.roles = roles
  }

  public var count: Int { items.count }

  /// Adds an item: `json` is its text, `value` that text parsed.
  public func append(json: ArraySlice<UInt8>, value: JSONValue) {
    items.append(Stored(json: json, content: CardContent(value: value, roles: roles), id: roles.first(roles.id, in: value)?.text))
  }

  /// Removes every item.
  public func removeAll() {
    items.removeAll()
  }

  /// What item `index`'s card shows.
  public func content(at index: Int) -> CardContent {
    items[index].content
  }

  /// Item `index`'s JSON text, exactly as it was in the source.
  public func json(at index: Int) -> ArraySlice<UInt8> {
    items[index].json
  }

  /// Item `index` parsed again from its text: every field, in order.
  public func value(at index: Int) -> JSONValue {
    let json = items[index].json
    return (try? json.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in try JSONParser.parseDocument(buffer) }) ?? .null
  }

  /// The identifying field of item `index` (see ``FieldRoles/id``), if it has one.
  public func id(at index: Int) -> String? {
    items[index].id
  }

  /// Whether any string of item `index` (any field, any depth) contains `query`,
  /// ignoring case. An empty query matches every item.
  public func matches(_ index: Int, query: String) -> Bool {
    let needle = query.lowercased()
    guard !needle.isEmpty else { return true }
    var found = false
    value(at: index).forEachString { text in
      if !found, text.lowercased().contains(needle) { found = true }
    }
    return found
  }
}
