/// Scanning an object whose members' places are already known.
///
/// A CSV record's JSON object is written by ``CSVTable/writeJSON(record:into:values:)``,
/// which knows each member's key and where its value lies: walking the text again
/// to find them (and again for the card's `key: value` lines) would only repeat
/// it. ``scan(object:columns:values:members:offset:)`` takes the places as given and
/// packs the card on the one road every item takes (``Packer``), so the item is
/// exactly the one ``scan(_:offset:keepingBytes:)`` makes of the same bytes (a test
/// holds the two equal over random records). Roles that join fields or name a
/// path, and `--filter`'s checking, take ``scan(_:offset:keepingBytes:)`` itself.
///
/// ```swift
/// let (length, members) = table.writeJSON(record: record, into: &json, values: &values)
/// var columns = MemberColumns(names: table.nameBytes)   // once for many records
/// let item = try scanner.scan(object: json[..<length], columns: &columns, values: values, members: members, offset: 0)
/// ```
extension ItemScanner {
  /// The item whose JSON text is exactly `bytes`: an object of `members`
  /// members, member `m` named `columns.names[m]` (its key as read back, in
  /// UTF-8) with its value at `values[2 * m]..<values[2 * m + 1]`. The members
  /// must be what the text says; the text itself is not checked again.
  func scan(
    object bytes: UnsafeBufferPointer<UInt8>, columns: inout MemberColumns, values: UnsafeBufferPointer<Int>, members: Int,
    offset: Int
  ) throws(JSONSyntaxError) -> ScannedItem {
    if checksOnly { return try scan(bytes, offset: offset) }
    let table = table(forItemAt: 0, in: bytes, depth: 0, keyed: false)
    guard !table.joins, table.paths.isEmpty else { return try scan(bytes, offset: offset) }
    columns.settle(on: table)
    // Borrowed from the table, which lives to the end of this call (below).
    let lookup = table.fields.lookup
    defer { withExtendedLifetime(table) {} }
    var seen: UInt64 = 0
    var packer = Packer(bytes: bytes)
    for member in 0..<members {
      guard let index = columns.indices[member] else { continue }
      if index < 64 { seen |= 1 << UInt64(index) }
      lookup.forEachRole(of: index) { role, rank in
        packer.offer(role, rank: rank, start: values[2 * member], end: values[2 * member + 1])
      }
    }
    let shows = packer.saysNothing || table.roles.showsRest
    if dropsCards, let fieldCount = shows ? fieldCount(bytes, columns: columns, values: values, members: members, table: table) : 0,
      let rows = measuredWithoutCard(packer, keyed: false, fieldCount: fieldCount)
    {
      // Measured from the object's bytes: no card is made only to be let go.
      var item = ScannedItem(packed: [], offset: offset, length: bytes.count, json: nil, fieldsSeen: seen)
      item.height = rows.height
      item.heightWidth = rows.width
      return item
    }
    var packed: [UInt8] = []
    packed.reserveCapacity(Self.typicalPackedBytes)
    let fields = shows ? fallbackFields(bytes, columns: columns, values: values, members: members, table: table) : []
    packer.pack(into: &packed, fields: fields)
    var item = ScannedItem(packed: packed, offset: offset, length: bytes.count, json: nil, fieldsSeen: seen)
    finish(&item, keyed: false)
    return item
  }

  /// How many `key: value` lines ``fallbackFields(_:columns:values:members:table:)``
  /// makes of the object's members, counted from their bytes: a member shown
  /// in its place makes none, nor does `null` or an empty string; any other
  /// string, number or boolean makes one. Nil when a member holds an array or
  /// an object, whose lines are made to be counted.
  ///
  /// ```swift
  /// // {"title":"Mug","shop":"Tea","note":"","n":null,"stock":3}, title shown in place: 2
  /// ```
  private func fieldCount(
    _ bytes: UnsafeBufferPointer<UInt8>, columns: MemberColumns, values: UnsafeBufferPointer<Int>, members: Int, table: Table
  ) -> Int? {
    let limit = CardContent.fieldLimit(table.roles)
    var count = 0
    for member in 0..<members where count < limit {
      guard !columns.shownInPlace[member] else { continue }
      let (start, end) = (values[2 * member], values[2 * member + 1])
      switch bytes[start] {
      case UInt8(ascii: "{"), UInt8(ascii: "["): return nil
      case UInt8(ascii: "\""): if end - start > 2 { count += 1 }
      case UInt8(ascii: "n"): continue
      default: count += 1
      }
    }
    return count
  }

  /// The `key: value` lines of the object's members, as
  /// ``fallbackFields(_:at:depth:table:)`` reads them from its text.
  private func fallbackFields(
    _ bytes: UnsafeBufferPointer<UInt8>, columns: MemberColumns, values: UnsafeBufferPointer<Int>, members: Int, table: Table
  ) -> [String] {
    let limit = CardContent.fieldLimit(table.roles)
    var lines: [String] = []
    lines.reserveCapacity(min(limit, 8))
    for member in 0..<members where lines.count < limit {
      guard !columns.shownInPlace[member] else { continue }
      var parser = JSONParser(bytes: bytes, position: values[2 * member])
      // A nested object is walked for its own lines: the text's road does that.
      guard parser.peek != UInt8(ascii: "{") else { return fallbackFields(bytes, at: 0, depth: 0, table: table) }
      guard let value = try? parser.parseValue(depth: 1) else { break }
      if let line = CardContent.fieldLine(columns.texts[member], value) { lines.append(line) }
    }
    return lines
  }
}
