import WaterfallWorkers

/// Reads CSV or TSV records, the header first, each record after it an item:
/// the JSON object of its columns (``CSVTable``), packed as a JSON item is.
///
/// A record ends at a line break outside quotes: LF, CRLF, or a CR alone (as
/// Excel's "CSV (Macintosh)" writes). A blank line is ignored; a quoted field
/// still open at the end of the page stops it with an error.
///
/// ```swift
/// var reader = CSVReader(scanner: scanner, keepsBytes: false, delimiter: UInt8(ascii: ","))
/// // "title,n\nMug,2\n": one item, {"title":"Mug","n":2}
/// reader.shape   // .csv(table), once the header is read
/// ```
struct CSVReader: ItemReader {
  let scanner: ItemScanner
  let keepsBytes: Bool
  let delimiter: UInt8
  /// The header, once read.
  private(set) var table: CSVTable?
  /// Where a chunk's records are made items: with helpers, its records are
  /// found in turn (where they end depends on the quotes before), then turned
  /// into JSON and scanned in two parts at once (the JSON's members where its
  /// writing put them, ``ItemScanner/scan(object:columns:values:members:offset:)``).
  var parallelism = Parallelism.serial
  /// The fewest records worth scanning in parts.
  static let partsThreshold = 64

  init(scanner: ItemScanner, keepsBytes: Bool, delimiter: UInt8) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.delimiter = delimiter
  }

  var shape: ItemTextShape? { table.map { .csv($0) } }

  /// A record found: where it starts in the chunk, and its length without its line break.
  typealias Record = (start: Int, length: Int)

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    let bytes = chunk.bytes
    var at = start
    var records: [Record] = []
    while let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: chunk.atEnd) {
      let record = UnsafeBufferPointer(rebasing: bytes[at..<end])
      var length = record.count
      if length > 0, record[length - 1] == 0x0A { length -= 1 }
      if length > 0, record[length - 1] == 0x0D { length -= 1 }
      if chunk.atEnd, end == bytes.count, CSVTable.hasOpenQuote(record) {
        if let table { scan(records, of: chunk, table: table, into: &items) }
        throw chunk.syntaxError("a quoted field is not closed: it runs to the end of the file", at: at)
      }
      defer { at = end }
      guard length > 0 else { continue }  // a blank line
      guard table != nil else {
        table = CSVTable(header: Array(record), delimiter: delimiter)
        continue
      }
      records.append((at, length))
    }
    if let table { scan(records, of: chunk, table: table, into: &items) }
    return ReadProgress(done: at, waitsForDouble: at < bytes.count)
  }

  /// Appends the items of `records` (each the JSON object of its columns,
  /// scanned), in order; a record the scanner refuses is left out.
  private func scan(_ records: [Record], of chunk: Chunk, table: CSVTable, into items: inout [ScannedItem]) {
    guard !records.isEmpty else { return }
    let scanner = scanner.withSettledTable()
    let keepsBytes = keepsBytes
    func scanned(_ part: ArraySlice<Record>) -> [ScannedItem] {
      var found: [ScannedItem] = []
      found.reserveCapacity(part.count)
      var json: [UInt8] = []
      var values: [Int] = []
      var columns = MemberColumns(names: table.nameBytes)
      for (start, length) in part {
        let record = UnsafeBufferPointer(rebasing: chunk.bytes[start..<(start + length)])
        let (count, members) = table.writeJSON(record: record, into: &json, values: &values)
        let scannedItem = json.withUnsafeBufferPointer { json in
          values.withUnsafeBufferPointer { values in
            let object = UnsafeBufferPointer(rebasing: json[..<count])
            return members > 0
              ? try? scanner.scan(object: object, columns: &columns, values: values, members: members, offset: 0)
              : try? scanner.scan(object, offset: 0)
          }
        }
        guard var item = scannedItem else { continue }
        item.offset = chunk.start + start
        item.length = length
        if keepsBytes { item.json = Array(record) }
        found.append(item)
      }
      return found
    }
    guard parallelism.hasHelpers, records.count >= Self.partsThreshold else {
      items += scanned(records[...])
      return
    }
    let half = records.count / 2
    for found in parallelism.map(2, { scanned($0 == 0 ? records[..<half] : records[half...]) }) { items += found }
  }
}
