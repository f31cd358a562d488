/// The fields that play a card's title, subtitle and text when the named
/// defaults (`title`/`name`, `price`, `description`, …) find nothing in the
/// data: chosen from the first items' fields (a ``FieldSurvey``).
///
/// - The title: a short string field whose name marks it as the item's name
///   (`name`, `title`, `package`, `label`, `login`, `slug`, `subject`,
///   `command`, `key`, `id`, then any `…name` or `…title`, ignoring case), or
///   else the first short string field (64 characters on average at most)
///   that is not a date or a version.
/// - The subtitle: a field named as a version, price or date, or whose values
///   read as versions or dates, or else the first number field (not an id, and
///   not for items that name pictures: their size in bytes says little).
/// - The text: the string field with the longest values, when they are prose:
///   words with spaces, 20 characters on average (never a path or a code).
/// - Beyond those, when the title had to be found (data nobody shaped for
///   cards) or the source is a table (CSV, TSV, a database), the card shows the
///   item's other fields as `key: value` lines, in the data's order
///   (``FieldRoles/showsRest``).
///
/// Only the roles ``InferableRoles`` leaves open are chosen (a `--*-field`
/// option closes its role), and a role whose own names some item has keeps
/// them. A field is a candidate only when at least half the items surveyed
/// have it (a quarter, for a subtitle named as one).
///
/// ```swift
/// let survey = FieldSurvey(lines.map { try JSONParser.parse($0) })   // dpkg-query's package, version, description
/// let inferred = InferredFields(survey: survey, roles: FieldRoles(), open: .all)
/// inferred.note   // "fields: title=package subtitle=version text=description"
/// ```
public struct InferredFields: Hashable, Sendable {
  /// The field chosen for each role; nil where the role keeps its names.
  public var title: String?
  public var subtitle: String?
  public var text: String?
  /// Whether cards show the item's other fields as `key: value` lines.
  public var showsRest = false
  /// The fields of the items surveyed, in the data's order (a table's columns follow it).
  public var fieldOrder: [String] = []
  /// The field each role's own names found in the data (for the note).
  private var found: [String?] = [nil, nil, nil]

  /// Names that mark a field as the item's name, the better first.
  static let titleNames = ["name", "title", "package", "label", "login", "slug", "subject", "command", "key", "id"]
  /// Names that mark a price, and a date, besides `…price` and `…date`, `…_at`.
  static let priceNames: Set = ["cost", "amount", "fee", "total"]
  static let dateNames: Set = ["date", "created", "updated", "modified", "published", "released", "timestamp"]
  /// The shortest mean length of a text, in characters.
  static let proseLength = 20.0
  /// The longest mean length of a title found by being the first short string
  /// (one found by its name may be as long as it is: a title wraps, then ends in `…`).
  static let shortTitleLength = 64.0

  /// Nothing inferred.
  public init() {}

  /// The fields `survey` suggests for the roles `open` leaves to the data, the
  /// rest of `roles` standing. `keyedTitles`: every item is titled by its key
  /// in a map (no title to find); `tabular`: the items are a table's rows.
  public init(survey: FieldSurvey, roles: FieldRoles, open: InferableRoles, keyedTitles: Bool = false, tabular: Bool = false) {
    fieldOrder = survey.fields.map(\.name)
    var used = Set(
      [roles.image, roles.width, roles.height, roles.tags, roles.id, roles.group].joined().flatMap(FieldRoles.parts(of:)))
    func found(_ candidates: [String]) -> String? {
      candidates.first { candidate in
        FieldRoles.parts(of: candidate).contains { (survey[$0]?.scalars ?? 0) > 0 }
      }
    }
    func common(_ field: FieldSurvey.Field, share: Int = 2) -> Bool { field.count * share >= survey.items && field.scalars > 0 }
    let free = { (field: FieldSurvey.Field) in !used.contains(field.name) }

    // The title.
    self.found[0] = keyedTitles ? nil : found(roles.title)
    if open.contains(.title), !keyedTitles, self.found[0] == nil {
      title = Self.chooseTitle(survey, free: free, common: { common($0) })
    }
    used.formUnion(title.map { [$0] } ?? roles.title.flatMap(FieldRoles.parts(of:)))
    // The text's own names are taken before the subtitle is chosen.
    self.found[2] = found(roles.text)
    let textOpen = open.contains(.text) && self.found[2] == nil
    used.formUnion(roles.text.flatMap(FieldRoles.parts(of:)))
    // Items that name pictures (a folder's) show a picture and their name:
    // a mere number (their size in bytes) is no subtitle.
    let pictures = roles.image.contains { (survey[$0]?.count ?? 0) * 2 >= max(1, survey.items) }
    // The subtitle.
    self.found[1] = found(roles.subtitle)
    if open.contains(.subtitle), self.found[1] == nil {
      subtitle = Self.chooseSubtitle(survey, free: free, common: common, numbers: !pictures)
    }
    used.formUnion(subtitle.map { [$0] } ?? roles.subtitle.flatMap(FieldRoles.parts(of:)))
    if textOpen {
      text = survey.fields.filter { free($0) && common($0) && $0.kind == .text && $0.isProse && $0.meanStringLength >= Self.proseLength }
        .max { $0.meanStringLength < $1.meanStringLength }?.name
    }
    showsRest = title != nil || tabular
  }

  static func chooseTitle(_ survey: FieldSurvey, free: (FieldSurvey.Field) -> Bool, common: (FieldSurvey.Field) -> Bool) -> String? {
    let named = survey.fields.filter { free($0) && common($0) && $0.strings * 2 > $0.count }
    for name in titleNames {
      if let field = named.first(where: { $0.name.lowercased() == name }) { return field.name }
    }
    if let field = named.first(where: { $0.name.lowercased().hasSuffix("name") || $0.name.lowercased().hasSuffix("title") }) {
      return field.name
    }
    return named.first {
      $0.kind == .text && !$0.isDates && !$0.isVersions && $0.meanStringLength <= shortTitleLength
    }?.name
  }

  static func chooseSubtitle(
    _ survey: FieldSurvey, free: (FieldSurvey.Field) -> Bool, common: (FieldSurvey.Field, Int) -> Bool, numbers: Bool = true
  ) -> String? {
    let candidates = survey.fields.filter(free)
    let named: [(FieldSurvey.Field) -> Bool] = [
      { let n = $0.name.lowercased(); return n == "version" || n == "ver" || n.hasSuffix("version") || n.hasSuffix("_ver") },
      { let n = $0.name.lowercased(); return n.contains("price") || priceNames.contains(n) },
      { let n = $0.name.lowercased(); return dateNames.contains(n) || n.hasSuffix("date") || n.hasSuffix("_at") || $0.name.hasSuffix("At") },
    ]
    for test in named {
      if let field = candidates.first(where: { test($0) && common($0, 4) }) { return field.name }
    }
    if let field = candidates.first(where: { common($0, 2) && $0.isVersions }) { return field.name }
    if let field = candidates.first(where: { common($0, 2) && $0.isDates }) { return field.name }
    guard numbers else { return nil }
    return candidates.first { field in
      let name = field.name.lowercased()
      return common(field, 2) && field.numbers * 2 > field.count && name != "id" && !name.hasSuffix("id")
    }?.name
  }

  /// Whether nothing was inferred: the roles stand as named.
  public var isEmpty: Bool { title == nil && subtitle == nil && text == nil && !showsRest }

  /// `roles` with the fields chosen in place of their roles' names.
  public func applied(to roles: FieldRoles) -> FieldRoles {
    var applied = roles
    applied.inference = nil
    if let title { applied.title = [title] }
    if let subtitle { applied.subtitle = [subtitle] }
    if let text { applied.text = [text] }
    applied.showsRest = roles.showsRest || showsRest
    return applied
  }

  /// One line for the status bar and `render`'s stderr, when a field was
  /// chosen: every role's field, chosen or found by its name.
  ///
  /// ```swift
  /// inferred.note   // "fields: title=package subtitle=version text=description"
  /// ```
  public var note: String? {
    guard title != nil || subtitle != nil || text != nil else { return nil }
    let parts = zip(["title", "subtitle", "text"], [title ?? found[0], subtitle ?? found[1], text ?? found[2]])
      .compactMap { role, field in field.map { "\(role)=\($0)" } }
    return "fields: " + parts.joined(separator: " ")
  }
}

/// The card roles the data may choose a field for (``InferredFields``): those
/// no `--*-field` option named.
public struct InferableRoles: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let title = InferableRoles(rawValue: 1)
  public static let subtitle = InferableRoles(rawValue: 2)
  public static let text = InferableRoles(rawValue: 4)
  public static let all: InferableRoles = [.title, .subtitle, .text]
}
