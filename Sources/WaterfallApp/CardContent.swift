/// What an item's card shows, taken from its fields by ``FieldRoles``.
///
/// Whatever is missing or of the wrong type is simply left out: a card shows what
/// the item has. Numbers and booleans stand in for text; an item that is not an
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

  public init(title: String, subtitle: String? = nil, image: String? = nil, aspect: Aspect? = nil, tags: [String] = [], text: String? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.image = image
    self.aspect = aspect
    self.tags = tags
    self.text = text
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
  }
}
