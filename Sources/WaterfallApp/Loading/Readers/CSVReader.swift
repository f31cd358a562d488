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
  /// Scratch for a record's JSON text.
  private var recordJSON: [UInt8] = []

  init(scanner: ItemScanner, keepsBytes: Bool, delimiter: UInt8) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.delimiter = delimiter
  }

  var shape: ItemTextShape? { table.map { .csv($0) } }

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    let bytes = chunk.bytes
    var at = start
    while let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: chunk.atEnd) {
      let record = UnsafeBufferPointer(rebasing: bytes[at..<end])
      var length = record.count
      if length > 0, record[length - 1] == 0x0A { length -= 1 }
      if length > 0, record[length - 1] == 0x0D { length -= 1 }
      if chunk.atEnd, end == bytes.count, CSVTable.hasOpenQuote(record) {
        throw chunk.syntaxError("a quoted field is not closed: it runs to the end of the file", at: at)
      }
      defer { at = end }
      guard length > 0 else { continue }  // a blank line
      guard let table else {
        table = CSVTable(header: Array(record), delimiter: delimiter)
        continue
      }
      recordJSON.removeAll(keepingCapacity: true)
      table.appendJSON(record: UnsafeBufferPointer(rebasing: record[..<length]), to: &recordJSON)
      let scanned = recordJSON.withUnsafeBufferPointer { try? scanner.scan($0, offset: 0) }
      guard var item = scanned else { continue }
      item.offset = chunk.start + at
      item.length = length
      if keepsBytes { item.json = Array(record[..<length]) }
      items.append(item)
    }
    return ReadProgress(done: at, waitsForDouble: at < bytes.count)
  }
}
