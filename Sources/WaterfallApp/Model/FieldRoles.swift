/// Which fields of an item play which part on its card.
///
/// Each role names candidate keys; the first one an item has wins (fallbacks). A
/// candidate may join several fields with `+`: `first+last` is the item's `first`
/// and `last`, those it has, joined with a space (for tags: one list). The
/// defaults fit common catalogue data, and every role can be set from the command
/// line, where commas separate the candidates (`--title-field "first+last,name"`).
///
/// ```swift
/// var roles = FieldRoles()
/// roles.title = ["headline"]
/// roles.text = ["city+country"]   // "Paris France"
/// ```
public struct FieldRoles: Hashable, Sendable {
  public var title = ["title", "name"]
  public var subtitle = ["price"]
  public var width = ["w", "width"]
  public var height = ["h", "height"]
  public var image = ["img", "image"]
  public var tags = ["tags"]
  public var text = ["description", "text", "body"]
  /// The field that identifies an item across reloads.
  public var id = ["id"]
  /// The field whose values group items into sections (`--group-by`); none by default.
  public var group: [String] = []
  /// Field names the user gave (`--title-field nope`): the browser says so when no
  /// loaded item has one of them.
  public var named: [String] = []
  /// Whether a card shows the item's fields beyond those its roles take, as
  /// `key: value` lines (``CardContent/fields``): for data whose title had to
  /// be found, and tables (``InferredFields``).
  public var showsRest = false
  /// The choice of fields from the data for the roles no option named, made on
  /// the first items (``FieldInference``); none: the roles stand as named.
  public var inference: FieldInference?

  /// These roles with the fields the data chose (``inference``) in place,
  /// once chosen; until then, and without an inference, the roles as named.
  ///
  /// ```swift
  /// store.roles.resolved.title   // ["package"], for dpkg-query's JSON Lines
  /// ```
  public var resolved: FieldRoles {
    guard let inference else { return self }
    return inference.settled?.roles ?? self
  }

  /// What joins a candidate's fields: `first+last`.
  public static let joiner: Character = "+"

  public init() {}

  /// Whether some candidate joins fields (`a+b`).
  var hasJoins: Bool {
    [title, subtitle, width, height, image, tags, text, id, group].contains { $0.contains { $0.contains(Self.joiner) } }
  }

  /// Every field name any role names, a joined candidate's parts each on their
  /// own, first appearance first: the fields whose presence the store tracks.
  var fieldNames: [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for candidates in [title, subtitle, width, height, image, tags, text, id, group, named] {
      for candidate in candidates {
        for part in Self.parts(of: candidate) where seen.insert(part).inserted { names.append(part) }
      }
    }
    return names
  }

  /// The fields whose values a card shows in their own place (or as its
  /// picture): left out of its `key: value` lines (``CardContent/fields``).
  var fieldsShownInPlace: Set<String> {
    Set([title, subtitle, width, height, image, tags, text, group].joined().flatMap(Self.parts(of:)))
  }

  /// Whether `key` is one of ``fieldsShownInPlace``, found without building the
  /// set: what a card asks of each of an item's fields.
  func showsInPlace(_ key: String) -> Bool {
    for candidates in [title, subtitle, width, height, image, tags, text, group] {
      for candidate in candidates {
        // A joined candidate's parts are shown, not the joined name itself.
        if candidate.contains(Self.joiner) ? Self.parts(of: candidate).contains(key) : candidate == key { return true }
      }
    }
    return false
  }

  /// The fields a candidate names: `["first", "last"]` for `first+last`.
  public static func parts(of candidate: String) -> [String] {
    candidate.contains(joiner) ? candidate.split(separator: joiner).map(String.init) : [candidate]
  }

  /// The value of the first of `keys` that `value` has; a joined candidate's is
  /// its fields' values joined (``joined(_:)``).
  func first(_ keys: [String], in value: JSONValue) -> JSONValue? {
    let members = value.members
    for key in keys {
      if key.contains(Self.joiner) {
        let found = Self.parts(of: key).compactMap { part in members.first(where: { $0.key == part })?.value }
        if !found.isEmpty { return Self.joined(found) }
        continue
      }
      if let member = members.first(where: { $0.key == key }) { return member.value }
      if Self.isPath(key), let found = Self.value(atPath: key, in: value) { return found }
    }
    return nil
  }

  /// Whether `name` is a path into an item's objects (`meta.maker.name`), as a
  /// role's candidate: dotted, and not fields joined.
  static func isPath(_ name: String) -> Bool {
    name.contains(".") && !name.contains(joiner)
  }

  /// The value at `path` (keys joined with dots, each in the object the one
  /// before gave) in `value`, when every key is there.
  ///
  /// ```swift
  /// FieldRoles.value(atPath: "meta.maker.name", in: try JSONParser.parse(Array(#"{"meta":{"maker":{"name":"Acme"}}}"#.utf8)))   // "Acme"
  /// ```
  static func value(atPath path: String, in value: JSONValue) -> JSONValue? {
    var found = value
    for key in path.split(separator: ".", omittingEmptySubsequences: false) {
      guard case .object = found, let member = found.members.first(where: { $0.key == key }) else { return nil }
      found = member.value
    }
    return found
  }

  /// Several fields' values as one: a lone value as it is; with an array among
  /// them, one array of every element and scalar (tags); otherwise their texts,
  /// the non-empty ones, joined with a space.
  static func joined(_ values: [JSONValue]) -> JSONValue {
    if values.count == 1 { return values[0] }
    if values.contains(where: { if case .array = $0 { true } else { false } }) {
      return .array(values.flatMap { value -> [JSONValue] in
        if case .array(let elements) = value { return elements }
        return [value]
      })
    }
    return .string(values.compactMap(\.text).filter { !$0.isEmpty }.joined(separator: " "))
  }
}
