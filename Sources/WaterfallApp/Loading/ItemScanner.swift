#if canImport(Glibc)
  import Glibc
#endif

/// Reads what a card needs from one item's JSON text, checking all of it, and
/// packs it (``CardContent/pack(into:)``) for the store.
///
/// An object's members are walked once: a member whose key plays a part
/// (``FieldRoles``) has its value's place noted, every other value is skipped,
/// though still checked. The card is then packed straight from those places, so
/// an item costs no `JSONValue` and no `String` on the way, however many fields it
/// has. An item that is not an object (a bare string or number) takes the plain
/// road: parsed, made a ``CardContent``, packed; so does every object when a
/// role joins fields (`first+last`). An object with neither title nor text shows
/// its first fields (``CardContent/fallbackFields(of:roles:)``): they are read in a
/// second walk over its bytes (``fallbackFields(_:at:depth:)``), which stops
/// parsing once the card has all it shows.
///
/// The walk also notes which of the fields the roles name the item has
/// (``ScannedItem/fieldsSeen``), so the browser can say when no item has a
/// field the user named.
///
/// The card is exactly what `CardContent(value:roles:)` would make of the parsed
/// item, cut to what a card can show (``limited(_:)``); a test holds the two
/// roads equal over random items.
///
/// ```swift
/// let scanner = ItemScanner(roles: FieldRoles())
/// let item = try scanner.scan(bytes, offset: 0)   // bytes: {"title":"Mug","stock":[…]}
/// item.content.title                              // "Mug"
/// ```
public struct ItemScanner: Sendable {
  /// The roles as named; with an inference (``FieldRoles/inference``), the
  /// fields it chooses take their place once chosen (``FieldRoles/resolved``).
  public let roles: FieldRoles
  /// Whether items are only checked, each given an empty card: for `--filter`
  /// (``ItemFilter``), which reads items as the browser does and draws no card.
  public var checksOnly = false
  /// The width each card is measured at as it is scanned, when one is set
  /// (``MeasuringWidth``): the reading threads then do the main thread's wrapping.
  public var measuring: MeasuringWidth?
  /// Whether a card its store reads again from the item's text (``PackedCards``)
  /// is left out of the scanned item, once measured: `packed` is then empty.
  /// For a page read from a file, not kept in memory (``PageLoad``).
  public var dropsCards = false

  /// The parts a field can play.
  enum Role: Int, CaseIterable {
    case title, subtitle, width, height, image, tags, text, id, group
  }

  /// What the scanner looks for in an item, made once for the roles it packs by.
  final class Table: Sendable {
    /// The roles the cards are packed by.
    let roles: FieldRoles
    /// Each field a role names, with the roles it plays and its rank in each
    /// (the first key a role names wins); a joined candidate's parts play no
    /// role here (the plain road joins them), but are tracked. A field's place
    /// in this list is its bit in ``ScannedItem/fieldsSeen``.
    let keys: [(key: [UInt8], roles: [(role: Role, rank: Int)])]
    /// Whether every object takes the plain road (a role joins fields).
    let joins: Bool
    /// The fields left out of `key: value` lines (``FieldRoles/fieldsShownInPlace``).
    let shownInPlace: Set<String>
    /// ``shownInPlace``'s names back to back and where each ends, when all are
    /// ASCII: an ASCII key is then one of them exactly when its bytes are (no
    /// hash, no `String`).
    private let shownInPlaceBytes: [UInt8]
    private let shownInPlaceEnds: [Int]?
    /// The candidates that are paths (`meta.maker.name`: `--title-field`, a
    /// server's `--group-by` on a path into a JSON column), each with the role
    /// and rank it plays, its keys, and its place in ``keys`` (its bit when
    /// found): looked for inside the item's objects when no member of a better
    /// rank (or of the whole name) plays the role.
    let paths: [(role: Role, rank: Int, keys: [[UInt8]], index: Int?)]

    /// The table for `roles`, tracking `names` first (their bits stay those
    /// of the roles as named), then any other field the roles name.
    init(roles: FieldRoles, names: [String]) {
      self.roles = roles
      joins = roles.hasJoins
      shownInPlace = roles.fieldsShownInPlace
      let ascii = shownInPlace.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
      shownInPlaceBytes = shownInPlace.flatMap(\.utf8)
      shownInPlaceEnds = ascii ? shownInPlace.reduce(into: []) { ends, name in ends.append((ends.last ?? 0) + name.utf8.count) } : nil
      var table: [String: [(Role, Int)]] = [:]
      for role in Role.allCases {
        for (rank, key) in ItemScanner.keys(of: role, in: roles).enumerated() where !key.contains(FieldRoles.joiner) {
          table[key, default: []].append((role, rank))
        }
      }
      let all = names + roles.fieldNames.filter { !names.contains($0) }
      keys = all.map { (Array($0.utf8), (table[$0] ?? []).map { (role: $0.0, rank: $0.1) }) }
      fields = FieldKeyIndex(keys: keys)
      paths = Role.allCases.flatMap { role in
        ItemScanner.keys(of: role, in: roles).enumerated().filter { FieldRoles.isPath($0.element) }.map { rank, name in
          (role, rank, name.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }, all.firstIndex(of: name))
        }
      }
    }

    /// ``keys`` and their roles as a member's key is looked up in, without
    /// reference counting.
    let fields: FieldKeyIndex

    /// Whether the field named `key` is one of ``shownInPlace``.
    func showsInPlace(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
      guard let ends = shownInPlaceEnds, Self.isASCII(key) else { return shownInPlace.contains(String(decoding: key, as: UTF8.self)) }
      return shownInPlaceBytes.withUnsafeBufferPointer { all in
        var start = 0
        for end in ends {
          defer { start = end }
          guard end - start == key.count else { continue }
          if key.isEmpty || memcmp(all.baseAddress! + start, key.baseAddress!, key.count) == 0 { return true }
        }
        return false
      }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      var any: UInt8 = 0
      for b in bytes { any |= b }
      return any < 0x80
    }

    /// The place in ``keys`` of the field named `key`, if a role names it.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
      fields.index(of: key)
    }
  }

  /// The table for the roles as named.
  private let named: Table
  /// The inference's table, once it chose and ``withSettledTable()`` looked it up.
  private var settledTable: Table?

  public init(roles: FieldRoles) {
    self.roles = roles
    named = Table(roles: roles, names: roles.fieldNames)
  }

  /// The table an item is packed by: the roles' own, or the inference's once
  /// it chose. Nothing chosen yet, the item `bytes[start...]` (its key
  /// titling it when `keyed`) chooses alone.
  func table(forItemAt start: Int, in bytes: UnsafeBufferPointer<UInt8>, depth: Int, keyed: Bool) -> Table {
    if let settledTable { return settledTable }
    guard let inference = roles.inference else { return named }
    if let settled = inference.settled { return settled.table }
    var probe = JSONParser(bytes: bytes, position: start)
    let value = (try? probe.parseValue(depth: depth)) ?? .null
    inference.settle(survey: FieldSurvey([value]), base: roles, keyedTitles: keyed)
    return inference.settled?.table ?? named
  }

  /// This scanner with the table the inference chose looked up now, once, when
  /// it has chosen: a reader scanning many items asks once a chunk, where each
  /// item would otherwise take the inference's lock and copy its table.
  ///
  /// ```swift
  /// let scanner = settings.scanner.withSettledTable()   // then scan a chunk's items
  /// ```
  func withSettledTable() -> ItemScanner {
    guard settledTable == nil, let settled = roles.inference?.settled else { return self }
    var scanner = self
    scanner.settledTable = settled.table
    return scanner
  }

  /// The fields ``ScannedItem/fieldsSeen`` tracks, a bit each, in order: the first
  /// 64 of ``FieldRoles/fieldNames``.
  static func trackedFields(_ roles: FieldRoles) -> [String] {
    Array(roles.fieldNames.prefix(64))
  }

  static func keys(of role: Role, in roles: FieldRoles) -> [String] {
    switch role {
    case .title: return roles.title
    case .subtitle: return roles.subtitle
    case .width: return roles.width
    case .height: return roles.height
    case .image: return roles.image
    case .tags: return roles.tags
    case .text: return roles.text
    case .id: return roles.id
    case .group: return roles.group
    }
  }

  /// The item whose JSON text is exactly `bytes` (no surrounding whitespace),
  /// found `offset` bytes into its page. `keepingBytes` keeps a copy of the text.
  ///
  /// - Throws: the first syntax error, its offset counted from `bytes[0]`.
  public func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, offset: Int, keepingBytes: Bool = false
  ) throws(JSONSyntaxError) -> ScannedItem {
    var parser = JSONParser(bytes: bytes)
    let item = try scanValue(&parser, pageOffset: offset, keepingBytes: keepingBytes)
    if !parser.isAtEnd {
      throw JSONSyntaxError("unexpected \(parser.describeByte(parser.position)) after the JSON value", at: parser.position)
    }
    return item
  }

  /// The item whose JSON text starts at `parser`'s position, leaving the parser
  /// just after it. `depth` is how deeply the item is nested (1 for an element of
  /// a page that is an array), `pageOffset` the page offset of the parser's first
  /// byte.
  ///
  /// - Throws: the first syntax error; the parser is left where it stopped, so a
  ///   caller can tell an item cut off by the end of its bytes from a broken one.
  ///
  /// `title`, when given, is the place in the parser's bytes of a JSON string
  /// that is the card's title whatever the item's fields are: a map's key.
  public func scanValue(
    _ parser: inout JSONParser, depth: Int = 0, pageOffset: Int, keepingBytes: Bool = false, title: Range<Int>? = nil
  ) throws(JSONSyntaxError) -> ScannedItem {
    let start = parser.position
    if checksOnly {
      try parser.skipValue(depth: depth)
      let text = UnsafeBufferPointer(rebasing: parser.bytes[start..<parser.position])
      return ScannedItem(
        packed: Self.emptyCard, offset: pageOffset + start, length: text.count, json: keepingBytes ? Array(text) : nil,
        fieldsSeen: 0)
    }
    var packed: [UInt8] = []
    var seen: UInt64 = 0
    if parser.peek == UInt8(ascii: "{") {
      let table = table(forItemAt: start, in: parser.bytes, depth: depth, keyed: title != nil)
      var packer = Packer(bytes: parser.bytes)
      if let title { packer.offer(.title, rank: -1, start: title.lowerBound, end: title.upperBound) }
      seen = try walkObject(&parser, start: start, depth: depth, table: table, into: &packer)
      if table.joins {
        var again = JSONParser(bytes: parser.bytes, position: start)
        packPlainly(try again.parseValue(depth: depth), title: keyText(title, in: parser.bytes), roles: table.roles, into: &packed)
      } else {
        let shows = packer.saysNothing || table.roles.showsRest
        if !shows, let rows = measuredWithoutCard(packer, keyed: title != nil) {
          // Measured from the item's bytes: no card is made only to be let go.
          let length = parser.position - start
          var item = ScannedItem(
            packed: [], offset: pageOffset + start, length: length,
            json: keepingBytes ? Array(UnsafeBufferPointer(rebasing: parser.bytes[start..<parser.position])) : nil, fieldsSeen: seen)
          item.height = rows.height
          item.heightWidth = rows.width
          return item
        }
        let fields = shows ? fallbackFields(parser.bytes, at: start, depth: depth, table: table) : []
        // Room for a typical card at once, rather than growing it four or five
        // times (not before: an item measured in place allocates no card at all).
        packed.reserveCapacity(Self.typicalPackedBytes)
        packer.pack(into: &packed, fields: fields)
      }
    } else {
      let table = table(forItemAt: start, in: parser.bytes, depth: depth, keyed: title != nil)
      packPlainly(try parser.parseValue(depth: depth), title: keyText(title, in: parser.bytes), roles: table.roles, into: &packed)
    }
    let text = UnsafeBufferPointer(rebasing: parser.bytes[start..<parser.position])
    var item = ScannedItem(
      packed: packed, offset: pageOffset + start, length: text.count, json: keepingBytes ? Array(text) : nil,
      fieldsSeen: seen)
    finish(&item, keyed: title != nil)
    return item
  }

  /// Walks the members of the object at `parser`'s position (`start`, nested
  /// `depth` deep) once, leaving the parser after it: each value a role names
  /// is offered to `packer` (``Packer/offer(_:rank:start:end:)``), and each of
  /// the table's paths is looked up. Returns the fields seen
  /// (``ScannedItem/fieldsSeen``).
  @inline(__always)
  func walkObject(
    _ parser: inout JSONParser, start: Int, depth: Int, table: Table, into packer: inout Packer
  ) throws(JSONSyntaxError) -> UInt64 {
    // Borrowed from the table, which lives to the end of this call.
    let fields = table.fields.lookup
    defer { withExtendedLifetime(table) {} }
    var seen: UInt64 = 0
    try parser.forEachMember(depth: depth + 1) { (key, parser) throws(JSONSyntaxError) in
      let valueStart = parser.position
      // Most values are strings: skipped without `skipValue`'s dispatch.
      if parser.peek == UInt8(ascii: "\"") { try parser.skipString() } else { try parser.skipValue(depth: depth + 1) }
      guard let index = fields.index(of: key) else { return }
      if index < 64 { seen |= 1 << UInt64(index) }
      let valueEnd = parser.position
      fields.forEachRole(of: index) { role, rank in packer.offer(role, rank: rank, start: valueStart, end: valueEnd) }
    }
    // Looked for even when a better candidate plays the role: the path is a field the item has.
    for path in table.paths {
      guard let place = Self.place(of: path.keys, in: parser.bytes, objectAt: start, depth: depth) else { continue }
      if let index = path.index, index < 64 { seen |= 1 << UInt64(index) }
      packer.offer(path.role, rank: path.rank, start: place.start, end: place.end)
    }
    return seen
  }

  /// Measures `item` (``measuring``) and, when the scanner ``dropsCards`` and
  /// its store will read the card from the text again (``PackedCards``), lets
  /// its packed card go here rather than on the thread that stores it: not for
  /// a map's member (`keyed`), an item grouped by a field, or one naming a
  /// picture without its size.
  func finish(_ item: inout ScannedItem, keyed: Bool) {
    if let width = measuring?.width, width > 0 { item.measure(at: width) }
    guard dropsCards, !keyed, roles.group.isEmpty else { return }
    let namesUnsizedPicture = item.packed.withUnsafeBufferPointer { CardContent.packedImageWithoutAspect(in: $0) != nil }
    if !namesUnsizedPicture { item.packed = [] }
  }

  /// The height and width an item is measured at when its card would be let
  /// go as soon as measured (``finish(_:keyed:)``), measured without packing
  /// it (``Packer/measuredHeight(width:)``); nil when the card is to be
  /// packed: kept, not measured, or not plain enough to measure in place.
  func measuredWithoutCard(_ packer: Packer, keyed: Bool, fieldCount: Int = 0) -> (height: UInt16, width: UInt16)? {
    guard dropsCards, !keyed, roles.group.isEmpty, let width = measuring?.width, width > 0, width < Int(UInt16.max),
      let rows = packer.measuredHeight(width: width, fieldCount: fieldCount), rows > 0, rows < Int(UInt16.max)
    else { return nil }
    return (UInt16(rows), UInt16(width))
  }

  /// Where the value at `path` (keys, each in the object found at the one
  /// before) lies in the object at `start`; nil when some key is not there.
  ///
  /// ```swift
  /// ItemScanner.place(of: [Array("maker".utf8), Array("name".utf8)], in: bytes, objectAt: 0, depth: 0)
  /// ```
  static func place(of path: [[UInt8]], in bytes: UnsafeBufferPointer<UInt8>, objectAt start: Int, depth: Int) -> Found? {
    var place = start..<start
    var level = depth
    for key in path {
      var parser = JSONParser(bytes: bytes, position: place.lowerBound)
      guard parser.peek == UInt8(ascii: "{") else { return nil }
      var found: Range<Int>?
      do {
        try parser.forEachMember(depth: level + 1) { (name, parser) throws(JSONSyntaxError) in
          let valueStart = parser.position
          try parser.skipValue(depth: level + 1)
          if found == nil, name.elementsEqual(key) { found = valueStart..<parser.position }
        }
      } catch {
        return nil
      }
      guard let found else { return nil }
      place = found
      level += 1
    }
    return Found(rank: 0, start: place.lowerBound, end: place.upperBound)
  }

  /// The bytes reserved for an item's packed card before it is packed.
  static let typicalPackedBytes = 192

  /// An empty card, with no id and no group (``checksOnly``).
  static let emptyCard: [UInt8] = {
    var packed: [UInt8] = []
    CardContent(title: "").pack(into: &packed)
    CardContent.appendText(nil, to: &packed)
    CardContent.appendText(nil, to: &packed)
    return packed
  }()

  /// The `key: value` lines of the object at `start` in `bytes` (already checked
  /// whole), as ``CardContent/fallbackFields(of:roles:)`` makes them from the
  /// parsed object; values past the last line kept are skipped, not parsed.
  func fallbackFields(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, depth: Int, table: Table) -> [String] {
    let limit = CardContent.fieldLimit(table.roles)
    var lines: [String] = []
    lines.reserveCapacity(min(limit, 8))
    func walk(_ parser: inout JSONParser, prefix: String, level: Int) throws(JSONSyntaxError) {
      try parser.forEachMember(depth: depth + level) { (key, parser) throws(JSONSyntaxError) in
        guard lines.count < limit, level > 1 || !table.showsInPlace(key) else {
          try parser.skipValue(depth: depth + level)
          return
        }
        let name = String(decoding: key, as: UTF8.self)
        if parser.peek == UInt8(ascii: "{") {
          if level < CardContent.fieldDepth {
            try walk(&parser, prefix: prefix + name + ".", level: level + 1)
          } else {
            try parser.skipValue(depth: depth + level)
          }
        } else if let line = CardContent.fieldLine(prefix.isEmpty ? name : prefix + name, try parser.parseValue(depth: depth + level)) {
          lines.append(line)
        }
      }
    }
    var parser = JSONParser(bytes: bytes, position: start)
    try? walk(&parser, prefix: "", level: 1)
    return lines
  }

  /// Packs the card of a parsed `value` (the plain road), then its id and group.
  private func packPlainly(_ value: JSONValue, title: String? = nil, roles: FieldRoles, into packed: inout [UInt8]) {
    var content = CardContent(value: value, roles: roles)
    if let title { content.title = title }
    Self.limited(content).pack(into: &packed)
    CardContent.appendText(roles.first(roles.id, in: value)?.text, to: &packed)
    CardContent.appendText(roles.group.isEmpty ? nil : roles.first(roles.group, in: value)?.text, to: &packed)
  }

  /// The text of the JSON string at `place` in `bytes` (a map's key), if any.
  private func keyText(_ place: Range<Int>?, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let place else { return nil }
    var key = JSONParser(bytes: bytes, position: place.lowerBound)
    return try? key.parseString()
  }

  /// Where a role's value lies in the item's bytes, and the rank of its key.
  struct Found {
    var rank: Int
    var start: Int
    var end: Int
  }

  /// Where each role's value was found in an item, by ``Role`` (its raw
  /// value): kept inline, so an item's scan allocates nothing for it.
  typealias Places = InlineArray<9, Found?>
}
