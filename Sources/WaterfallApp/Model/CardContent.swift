/// What an item's card shows, taken from its fields by ``FieldRoles``.
///
/// Whatever is missing or of the wrong type is simply left out: a card shows what
/// the item has. A card that would say nothing (no title and no text among the
/// named fields) shows its item's first plain fields instead, as `key: value`
/// lines (``fields``), so that any data reads at a glance. Numbers and booleans stand in for text; an item that is not an
/// object (a bare string or number) becomes a card titled with its value. Image
/// sizes are accepted as numbers or numeric strings; a zero, negative, non-finite
/// side means no picture size (the card sizes itself by its text), and extreme
/// ratios are clamped to 1:16 and 16:1.
///
/// ```swift
/// let value = try JSONParser.parse(Array(#"{"title":"Mug","price":"$9","w":300,"h":400}"#.utf8))
/// let card = CardContent(value: value, roles: FieldRoles())
/// card.aspect   // Aspect(width: 300, height: 400)
/// ```
public struct CardContent: Hashable, Sendable {
  /// A picture's width and height, in any unit.
  public struct Aspect: Hashable, Sendable {
    public var width: Double
    public var height: Double

    /// The steepest ratio kept either way.
    static let limit = 16.0

    /// A usable aspect, or `nil` for a zero, negative or non-finite side.
    public init?(width: Double, height: Double) {
      guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
      self.width = width
      self.height = min(max(height, width / Self.limit), width * Self.limit)
      if !self.height.isFinite || self.height <= 0 {
        // Sides so far apart that the ratio itself overflows: keep the limit.
        self.width = 1
        self.height = height > width ? Self.limit : 1 / Self.limit
      }
    }
  }

  public var title: String
  public var subtitle: String?
  public var image: String?
  public var aspect: Aspect?
  public var tags: [String]
  public var text: String?
  /// `key: value` lines, for an item none of whose named fields gave a title or
  /// a text (see ``fallbackFields(of:roles:)``); otherwise empty.
  public var fields: [String]
  /// The sort field's `key: value` line, on a card sorted by a field it does
  /// not show (``SortFieldLines``): never packed, given when the card is made.
  public var sortLine: String?

  public init(
    title: String, subtitle: String? = nil, image: String? = nil, aspect: Aspect? = nil, tags: [String] = [], text: String? = nil,
    fields: [String] = []
  ) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    self.aspect = aspect
    self.tags = tags
    self.text = text
    self.fields = fields
  }

  public init(value: JSONValue, roles: FieldRoles) {
    guard case .object = value else {
      self.init(title: value.text ?? "")
      return
    }
    let title = roles.first(roles.title, in: value)?.text ?? ""
    let subtitle = roles.first(roles.subtitle, in: value)?.text
    let image = roles.first(roles.image, in: value)?.text
    var aspect: Aspect?
    if let w = roles.first(roles.width, in: value)?.doubleValue, let h = roles.first(roles.height, in: value)?.doubleValue {
      aspect = Aspect(width: w, height: h)
    }
    var tags: [String] = []
    switch roles.first(roles.tags, in: value) {
    case .array(let values)?: tags = values.compactMap(\.text).filter { !$0.isEmpty }
    case let scalar?: tags = scalar.text.map { [$0] }?.filter { !$0.isEmpty } ?? []
    case nil: break
    }
    let text = roles.first(roles.text, in: value)?.text
    self.init(
      title: title, subtitle: subtitle?.isEmpty == true ? nil : subtitle, image: image?.isEmpty == true ? nil : image,
      aspect: aspect, tags: tags, text: text?.isEmpty == true ? nil : text)
    if title.isEmpty && self.text == nil || roles.showsRest { fields = Self.fallbackFields(of: value, roles: roles) }
  }

  /// The most `key: value` lines a card keeps, and shows.
  public static let maximumFields = 8
  /// The most a card keeps when it shows the fields beyond its roles'
  /// (``FieldRoles/showsRest``): a table's columns. A card shows at most
  /// ``maximumFields`` of them.
  public static let maximumRestFields = 24

  /// The most `key: value` lines a card keeps under `roles`.
  static func fieldLimit(_ roles: FieldRoles) -> Int {
    roles.showsRest ? maximumRestFields : maximumFields
  }
  /// The longest `key: value` line kept, in bytes (a card shows one line of it).
  static let fieldLineLimit = 256
  /// How deep nested objects are looked into (`properties.name` is depth 2).
  static let fieldDepth = 3

  /// An object's first plain fields as `key: value` lines, in document order: a
  /// string, number or boolean as it is, a list of them joined with commas, a
  /// nested object's fields named by their path (`properties.name: Andorra`);
  /// empty strings, nulls, lists holding objects, and the fields a role named
  /// (they show in their place, or are the picture) are left out; at most
  /// ``maximumFields`` lines (``maximumRestFields`` when the roles show the rest).
  ///
  /// ```swift
  /// // {"type":"Feature","properties":{"name":"Andorra","pop":77543},"geometry":{"coordinates":[1.5,42.5]}}
  /// CardContent.fallbackFields(of: feature, roles: FieldRoles())
  /// // ["type: Feature", "properties.name: Andorra", "properties.pop: 77543", "geometry.coordinates: 1.5, 42.5"]
  /// ```
  public static func fallbackFields(of value: JSONValue, roles: FieldRoles) -> [String] {
    let limit = fieldLimit(roles)
    var lines: [String] = []
    func walk(_ members: [JSONMember], prefix: String, depth: Int) {
      for member in members {
        guard lines.count < limit else { return }
        if depth == 1 && roles.showsInPlace(member.key) { continue }
        let key = prefix + member.key
        if case .object(let nested) = member.value {
          if depth < fieldDepth { walk(nested, prefix: key + ".", depth: depth + 1) }
        } else if let line = fieldLine(key, member.value) {
          lines.append(line)
        }
      }
    }
    walk(value.members, prefix: "", depth: 1)
    return lines
  }

  /// The `key: value` line of a value that is not an object: a string, number or
  /// boolean as it is, a list of them joined with commas; nil for an empty string,
  /// null, or a list holding anything else. Cut to ``fieldLineLimit`` bytes.
  static func fieldLine(_ key: String, _ value: JSONValue) -> String? {
    let text: String
    if case .array(let elements) = value {
      let texts = elements.compactMap(\.text)
      guard !texts.isEmpty, texts.count == elements.count else { return nil }
      text = texts.joined(separator: ", ")
    } else {
      guard let scalar = value.text, !scalar.isEmpty else { return nil }
      text = scalar
    }
    let whole = key + ": " + text
    guard whole.utf8.count > fieldLineLimit else { return whole }
    let utf8 = Array(whole.utf8)
    var end = fieldLineLimit
    while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
    return String(decoding: utf8[..<end], as: UTF8.self) + "…"
  }
}
