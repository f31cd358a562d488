/// How often each value of one field occurs among some items, most common
/// first, with its share: VisiData's frequency table (`F`).
///
/// A value is the field's text as a card shows it (a string as it is, a number
/// as it was written, `true`/`false`), an array or object as its compact JSON;
/// items without the field, or with null, are counted together as the value
/// `nil`. Equal counts keep the order their values first appear in.
///
/// Counting the store's items is a pure function over their texts
/// (``init(field:texts:items:shouldStop:)``) that a worker can stop; it reads
/// only the one field of each item (the first member of that name, as sorting
/// does: ``SortKeyReader``).
///
/// ```swift
/// let table = FrequencyTable(field: "section", texts: store.itemTexts, items: 0..<store.count)
/// table?.rows.first   // Row(value: "libs", count: 212, share: 0.24)
/// ```
public struct FrequencyTable: Hashable, Sendable {
  /// One value, how many items have it, and their share of all items counted.
  public struct Row: Hashable, Sendable {
    /// The value; nil for the items without the field (or with null).
    public var value: String?
    public var count: Int
    /// `count` over ``FrequencyTable/total``, between 0 and 1.
    public var share: Double
  }

  /// The field counted.
  public let field: String
  /// The values, the most common first.
  public private(set) var rows: [Row]
  /// The items counted.
  public let total: Int

  /// The table of `values`, one an item (nil: the item lacks the field).
  public init(field: String, values: some Sequence<String?>) {
    var counter = Counter()
    for value in values { counter.add(value) }
    self.init(field: field, counter: counter)
  }

  /// The table of field `field` over the store's items `items` (their JSON
  /// texts), or nil once `shouldStop` says so (asked every 1,024 items).
  public init?(field: String, texts: ItemTexts, items: some Collection<Int>, shouldStop: () -> Bool = { false }) {
    var counter = Counter()
    let name = Array(field.utf8)
    let finished = texts.forEachJSON(inBatchesOf: items, shouldStop: shouldStop) { _, json in
      counter.add(Self.value(of: name, in: json))
    }
    guard finished else { return nil }
    self.init(field: field, counter: counter)
  }

  private init(field: String, counter: Counter) {
    self.field = field
    total = counter.total
    let order = counter.order
    let shares = Double(max(1, counter.total))
    rows = order.indices.sorted { (-counter.counts[$0], $0) < (-counter.counts[$1], $1) }.map {
      Row(value: order[$0], count: counter.counts[$0], share: Double(counter.counts[$0]) / shares)
    }
  }

  /// The rows whose values hold `typed`, ignoring case (all, for an empty one).
  public func matching(_ typed: String) -> [Row] {
    guard !typed.isEmpty else { return rows }
    let query = typed.lowercased()
    return rows.filter { ($0.value ?? "").lowercased().contains(query) }
  }

  /// Counts values in the order they first appear.
  private struct Counter {
    var order: [String?] = []
    var counts: [Int] = []
    var places: [String?: Int] = [:]
    var total = 0

    mutating func add(_ value: String?) {
      total += 1
      if let place = places[value] {
        counts[place] += 1
      } else {
        places[value] = order.count
        order.append(value)
        counts.append(1)
      }
    }
  }

  /// The text of member `name` of the object `json` (its first member of that
  /// name): nil when there is none, it is null, or `json` is no object.
  static func value(of name: [UInt8], in json: UnsafeBufferPointer<UInt8>) -> String? {
    var parser = JSONParser(bytes: json)
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: "{") else { return nil }
    var found: JSONValue?
    try? parser.forEachMember { (key, parser) throws(JSONSyntaxError) in
      guard found == nil, key.elementsEqual(name) else {
        try parser.skipValue(depth: 1)
        return
      }
      found = try parser.parseValue(depth: 1)
    }
    switch found {
    case nil, .null?: return nil
    case .array?, .object?: return found?.compactText
    case let scalar?: return scalar.text
    }
  }
}
