/// The top-level fields of some items: for each, in the order fields first
/// appear, how many items have it, its kinds of value and the length of its
/// texts.
///
/// It is what the inference of a card's fields reads (``InferredFields``), made
/// from the first items of the data, and what a field picker lists: the fields
/// with their kinds and counts, narrowed by what is typed (``matching(_:)``).
/// Surveying the store's items is a pure function over their texts that a
/// worker can stop (``init(texts:items:shouldStop:)``).
///
/// ```swift
/// var survey = FieldSurvey()
/// survey.add(try JSONParser.parse(Array(#"{"name":"pip","version":"23.0"}"#.utf8)))
/// survey.fields.map(\.name)      // ["name", "version"]
/// survey.fields[0].kind          // .text
/// survey.matching("ver").map(\.name)   // ["version"]
/// ```
public struct FieldSurvey: Hashable, Sendable {
  /// One field: its name, how many items have it, and what its values are like.
  public struct Field: Hashable, Sendable {
    public let name: String
    /// The items that have the field (with any value, null too).
    public internal(set) var count = 0
    /// How many of those items hold each kind (``FieldKind``), by raw value.
    var kindCounts = [Int](repeating: 0, count: FieldKind.allCases.count)
    /// JSON strings that are not empty, and their total and largest length in characters.
    public internal(set) var strings = 0
    var stringLength = 0
    public internal(set) var longestString = 0
    /// JSON numbers (not numeric strings).
    public internal(set) var numbers = 0
    /// Strings that read as dates (`2024-05-01…`) and as versions (`1.2.3`, `2:1.0-3`).
    var dates = 0
    var versions = 0
    /// Strings with a space in them: words, not names, paths or codes.
    var spaced = 0

    init(name: String) {
      self.name = name
    }

    /// How many items hold a value of `kind`.
    public func count(of kind: FieldKind) -> Int { kindCounts[kind.rawValue] }

    /// The most common kind among the values that are not null (null when
    /// there are only nulls); ties go to the first kind in ``FieldKind``'s order.
    public var kind: FieldKind {
      var best = FieldKind.null
      var most = 0
      for kind in FieldKind.allCases where kind != .null && count(of: kind) > most {
        best = kind
        most = count(of: kind)
      }
      return best
    }

    /// Items with a value a card can show as text: a string, number or boolean.
    public var scalars: Int { count(of: .text) + count(of: .number) + count(of: .bool) }

    /// The mean length of its non-empty strings, in characters (0 with none).
    public var meanStringLength: Double { strings == 0 ? 0 : Double(stringLength) / Double(strings) }

    /// Whether most of its values are strings that read as dates.
    var isDates: Bool { dates * 2 > count && dates > 0 }
    /// Whether most of its values are strings that read as versions.
    var isVersions: Bool { versions * 2 > count && versions > 0 }
    /// Whether most of its strings are words with spaces between them (prose).
    var isProse: Bool { spaced * 2 > strings && strings > 0 }

    mutating func add(_ value: JSONValue) {
      count += 1
      kindCounts[FieldKind(of: value).rawValue] += 1
      switch value {
      case .string(let text) where !text.isEmpty:
        strings += 1
        let length = text.count
        stringLength += length
        longestString = max(longestString, length)
        if Self.readsAsDate(text) { dates += 1 }
        if Self.readsAsVersion(text) { versions += 1 }
        if text.contains(" ") { spaced += 1 }
      case .number:
        numbers += 1
      default:
        break
      }
    }

    /// Whether `text` starts as an ISO 8601 date: `2024-05-01`.
    static func readsAsDate(_ text: String) -> Bool {
      let utf8 = Array(text.utf8.prefix(10))
      guard utf8.count == 10 else { return false }
      return utf8.enumerated().allSatisfy { i, b in i == 4 || i == 7 ? b == UInt8(ascii: "-") : (0x30...0x39).contains(b) }
    }

    /// Whether `text` is a version: `1.2.3`, `v2.0-rc1`, `1:2.38-4ubuntu2`,
    /// `0.7.0`: digits and dots with at least two dots, or one dot and
    /// something after the numbers; never a plain decimal (`1.5`) or a word.
    static func readsAsVersion(_ text: String) -> Bool {
      var utf8 = Substring(text).utf8.dropFirst(0)
      if utf8.first == UInt8(ascii: "v") { utf8 = utf8.dropFirst() }
      func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
      // An epoch: `1:`.
      if let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[..<colon].allSatisfy(isDigit), colon != utf8.startIndex {
        utf8 = utf8[utf8.index(after: colon)...]
      }
      guard let first = utf8.first, isDigit(first), text.utf8.count <= 64 else { return false }
      var dots = 0
      var rest = utf8
      while let b = rest.first, isDigit(b) || b == UInt8(ascii: ".") {
        if b == UInt8(ascii: ".") { dots += 1 }
        rest = rest.dropFirst()
      }
      guard dots > 0, !rest.contains(UInt8(ascii: " ")) else { return false }
      let suffixIsVersion = rest.first.map { [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "~"), UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "a"), UInt8(ascii: "p"), UInt8(ascii: "d")].contains($0) } ?? false
      return dots >= 2 || suffixIsVersion
    }
  }

  /// The items surveyed, objects or not.
  public private(set) var items = 0
  /// The fields, in the order they first appear.
  public private(set) var fields: [Field] = []
  private var places: [String: Int] = [:]

  public init() {}

  /// The survey of `values`.
  public init(_ values: some Sequence<JSONValue>) {
    for value in values { add(value) }
  }

  /// Adds one item: each of its top-level fields (an item that is not an
  /// object adds to the count of items only; a key that repeats in an item
  /// counts once, with its first value).
  public mutating func add(_ value: JSONValue) {
    items += 1
    var seen: Set<String> = []
    for member in value.members where seen.insert(member.key).inserted {
      let place: Int
      if let known = places[member.key] {
        place = known
      } else {
        place = fields.count
        places[member.key] = place
        fields.append(Field(name: member.key))
      }
      fields[place].add(member.value)
    }
  }

  /// The field named `name`, if an item has it.
  public subscript(name: String) -> Field? {
    places[name].map { fields[$0] }
  }

  /// The fields whose names hold `typed`, ignoring case: those holding it as
  /// it is first, then those holding its letters in order (fuzzy), each group
  /// in the survey's order. Everything, for an empty `typed`.
  ///
  /// ```swift
  /// survey.matching("pr").map(\.name)   // ["price", "properties", "shipping_rate"]
  /// ```
  public func matching(_ typed: String) -> [Field] {
    let query = typed.lowercased()
    guard !query.isEmpty else { return fields }
    var exact: [Field] = []
    var fuzzy: [Field] = []
    for field in fields {
      let name = field.name.lowercased()
      if name.contains(query) {
        exact.append(field)
      } else {
        var rest = Substring(name)
        var matched = true
        for character in query {
          guard let at = rest.firstIndex(of: character) else {
            matched = false
            break
          }
          rest = rest[rest.index(after: at)...]
        }
        if matched { fuzzy.append(field) }
      }
    }
    return exact + fuzzy
  }

  /// The survey of the store's items `items` (their JSON texts, ``ItemTexts``),
  /// or nil once `shouldStop` says so (asked every 1,024 items): for a worker.
  ///
  /// ```swift
  /// let texts = store.itemTexts
  /// FieldSurvey(texts: texts, items: 0..<min(texts.count, 1_000))?.fields
  /// ```
  public init?(texts: ItemTexts, items: some Collection<Int>, shouldStop: () -> Bool = { false }) {
    var survey = FieldSurvey()
    let finished = texts.forEachJSON(inBatchesOf: items, shouldStop: shouldStop) { _, json in
      var parser = JSONParser(bytes: json)
      survey.add((try? parser.parseValue()) ?? .null)
    }
    guard finished else { return nil }
    self = survey
  }
}
