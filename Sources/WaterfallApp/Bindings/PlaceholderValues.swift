#if canImport(Glibc)
  import Glibc
#endif

/// The values a bound command's placeholders stand for: taken from the store's
/// items (the selected one, or every marked one for `{+…}`) and the search.
///
/// ```swift
/// let values = PlaceholderValues(store: store, selected: 4, query: "mug", baseDirectory: "Data/shops")
/// values.values(for: CommandPlaceholder(every: false, value: .field(["title"])))   // ["Blue mug"]
/// ```
public struct PlaceholderValues {
  public var store: ItemStore
  /// The item `{…}` stands for.
  public var selected: Int?
  /// The items `{+…}` stands for, in order; when none is marked, the selected one.
  public var marked: [Int]
  public var query: String
  /// Where an item's relative picture path starts (the data's folder).
  public var baseDirectory: String

  public init(store: ItemStore, selected: Int?, marked: [Int] = [], query: String, baseDirectory: String) {
    self.store = store
    self.selected = selected
    self.marked = marked
    self.query = query
    self.baseDirectory = baseDirectory
  }

  /// The value, or values, of `placeholder`.
  public func values(for placeholder: CommandPlaceholder) -> [String] {
    if placeholder.value == .query { return [query] }
    let chosen = placeholder.every && !marked.isEmpty ? marked : selected.map { [$0] } ?? []
    return chosen.map { value(placeholder.value, of: $0) }
  }

  /// What `value` is for item `item`.
  func value(_ value: CommandPlaceholder.Value, of item: Int) -> String {
    switch value {
    case .query: return query
    case .item: return String(decoding: JSONLine.compact(store.json(at: item)), as: UTF8.self)
    case .path: return path(of: item)
    case .field(let path): return Self.text(of: store.value(at: item), at: path)
    }
  }

  /// The text of the value at `path` in `value`: a string as it is, a number as
  /// written, `true`/`false`, an array or object as its JSON, nothing for null or
  /// a field the item has not. A number in the path picks an array's element.
  static func text(of value: JSONValue, at path: [String]) -> String {
    var current = value
    for key in path {
      if case .array(let elements) = current, let index = Int(key), elements.indices.contains(index) {
        current = elements[index]
      } else if let member = current[key] {
        current = member
      } else {
        return ""
      }
    }
    switch current {
    case .null: return ""
    case .array, .object: return current.compactText
    default: return current.text ?? ""
    }
  }

  /// Item `item`'s picture as an absolute path (a folder's picture: its file),
  /// else its `path` field, else nothing.
  func path(of item: Int) -> String {
    if store.printsPath(item) { return String(decoding: store.printed(at: item), as: UTF8.self) }
    if let image = store.content(at: item).image, !image.isEmpty {
      if BlobPicture(reference: image) != nil { return image }
      let path = Pictures.path(for: image, in: store.pictureFolder(at: item) ?? baseDirectory)
      return Pictures.isRemote(path) ? path : Self.absolute(path)
    }
    return Self.text(of: store.value(at: item), at: ["path"])
  }

  /// `path` from the root: as it is when it starts there, else from the
  /// working directory.
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard let cwd = getcwd(&buffer, buffer.count) else { return path }
    let directory = String(cString: cwd)
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (directory.hasSuffix("/") ? directory : directory + "/") + relative
  }
}
