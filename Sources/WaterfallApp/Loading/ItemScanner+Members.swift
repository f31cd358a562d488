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
    let lookup = table.fields
    var seen: UInt64 = 0
    var found = Places(repeating: nil)
    for member in 0..<members {
      guard let index = columns.indices[member] else { continue }
      if index < 64 { seen |= 1 << UInt64(index) }
      lookup.forEachRole(of: index) { role, rank in
        if (found[role.rawValue]?.rank ?? .max) > rank {
          found[role.rawValue] = Found(rank: rank, start: values[2 * member], end: values[2 * member + 1])
        }
      }
    }
    var packer = Packer(bytes: bytes, found: found)
    var packed: [UInt8] = []
    packed.reserveCapacity(Self.typicalPackedBytes)
    let shows = packer.saysNothing || table.roles.showsRest
    let fields = shows ? fallbackFields(bytes, columns: columns, values: values, members: members, table: table) : []
    packer.pack(into: &packed, fields: fields)
    var item = ScannedItem(packed: packed, offset: offset, length: bytes.count, json: nil, fieldsSeen: seen)
    finish(&item, keyed: false)
    return item
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
