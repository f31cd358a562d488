/// What each of a fixed list of member names is to the table a scanner packs
/// by: its place among the table's keys, whether it is shown in its place
/// (left out of the `key: value` lines), and the name as text.
///
/// A CSV file's records all have the header's names: looking each up once a
/// table, not once a record, takes a string comparison or two and a `String`
/// off every member of every record. The table can change once, when the
/// roles' inference chooses; ``settle(on:)`` looks the names up again then.
///
/// ```swift
/// var columns = MemberColumns(names: table.nameBytes)
/// let item = try scanner.scan(object: json, columns: &columns, values: values, members: members, offset: 0)
/// ```
struct MemberColumns {
  /// Each name in UTF-8, as a JSON parser reads the key back.
  let names: [[UInt8]]
  /// The table the names were looked up in, once they were.
  private(set) var table: ItemScanner.Table?
  /// Each name's place in the table's keys, if it has one.
  private(set) var indices: [Int?] = []
  /// Whether each name is one of the fields the table shows in their place.
  private(set) var shownInPlace: [Bool] = []
  /// Each name as text.
  let texts: [String]

  init(names: [[UInt8]]) {
    self.names = names
    texts = names.map { String(decoding: $0, as: UTF8.self) }
  }

  /// Looks the names up in `table`, unless they were already.
  mutating func settle(on table: ItemScanner.Table) {
    guard table !== self.table else { return }
    self.table = table
    indices = names.map { name in name.withUnsafeBufferPointer { table.index(of: $0) } }
    shownInPlace = names.map { name in name.withUnsafeBufferPointer { table.showsInPlace($0) } }
  }
}
