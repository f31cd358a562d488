import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

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
  /// Where a chunk's records are made items: with helpers, they are found
  /// and scanned in parts at once (``readInParts(_:from:table:)``: where a
  /// record ends depends on the quotes before, so each part's start is a
  /// guess that the part before confirms), then turned into JSON and scanned
  /// (the JSON's members where its writing put them,
  /// ``ItemScanner/scan(object:columns:values:members:offset:)``).
  var parallelism = Parallelism.serial
  /// The fewest records worth scanning in parts.
  static let partsThreshold = 64
  /// How many parts' starts were guessed right (for tests and benches).
  private(set) var guessesKept = 0

  init(scanner: ItemScanner, keepsBytes: Bool, delimiter: UInt8) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.delimiter = delimiter
  }

  var shape: ItemTextShape? { table.map { .csv($0) } }

  /// A record found: where it starts in the chunk, and its length without its line break.
  typealias Record = (start: Int, length: Int)

  /// The length of `record` without the LF, CRLF or CR that ends it: what
  /// reading in turn and reading in parts both keep of a record.
  static func lengthWithoutBreak(_ record: UnsafeBufferPointer<UInt8>) -> Int {
    var length = record.count
    if length > 0, record[length - 1] == 0x0A { length -= 1 }
    if length > 0, record[length - 1] == 0x0D { length -= 1 }
    return length
  }

  /// The fewest bytes of a chunk worth finding records in, in parts.
  static let guessedPartsThreshold = 1 << 16

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    let bytes = chunk.bytes
    var at = start
    var records: [Record] = []
    while let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: chunk.atEnd) {
      if let table, records.isEmpty, parallelism.hasHelpers, bytes.count - at >= Self.guessedPartsThreshold {
        let parts = readInParts(chunk, from: at, table: table)
        guessesKept += parts.guessesKept
        items += parts.items
        if let open = parts.openQuote {
          throw chunk.syntaxError("a quoted field is not closed: it runs to the end of the file", at: open)
        }
        if parts.next > at {
          at = parts.next
          continue
        }
      }
      let record = UnsafeBufferPointer(rebasing: bytes[at..<end])
      let length = Self.lengthWithoutBreak(record)
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

  /// The records of one part of a chunk, found in turn and scanned.
  struct RecordRun {
    var items: [ScannedItem] = []
    /// Where the record after the last one found starts (or where finding stopped).
    var next: Int
    /// Where a record starts whose quoted field runs to the end of the file.
    var openQuote: Int?
    /// How many parts' guessed starts were records' (``readInParts(_:from:table:)``).
    var guessesKept = 0
  }

  /// Finds and scans the records of `chunk` from `start` in parts at once
  /// (``GuessedParts``): each part after the first starts after the first
  /// line break past its share, guessing that it lies outside quotes. A part
  /// is kept only when the records of the part before, found in turn, end
  /// exactly there; from the first that is not, the parts are let go, and
  /// the rest is read as before.
  ///
  /// ```swift
  /// // "a,b\n…\n1,\"two\nlines\"\n…": a break inside quotes is no record's end
  /// ```
  func readInParts(_ chunk: Chunk, from start: Int, table: CSVTable) -> RecordRun {
    let bytes = chunk.bytes
    guard let base = bytes.baseAddress else { return RecordRun(next: start) }
    let starts = GuessedParts.starts(from: start, end: bytes.count, parts: GuessedParts.parts(for: bytes.count - start)) { at in
      memchr(base + at, 0x0A, bytes.count - at).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) + 1 }
    }
    guard starts.count > 1 else { return RecordRun(next: start) }
    let runs = parallelism.map(starts.count) { part in
      records(of: chunk, from: starts[part], until: part + 1 < starts.count ? starts[part + 1] : nil, table: table)
    }
    let kept = GuessedParts.keptCount(starts: starts) { runs[$0].openQuote == nil ? runs[$0].next : nil }
    var result = RecordRun(next: runs[kept - 1].next, openQuote: runs[kept - 1].openQuote, guessesKept: kept - 1)
    for run in runs[..<kept] { result.items += run.items }
    return result
  }

  /// The records of `chunk` from `start`, found in turn until one starts at or
  /// past `until`, and scanned; blank lines are skipped.
  private func records(of chunk: Chunk, from start: Int, until: Int?, table: CSVTable) -> RecordRun {
    let bytes = chunk.bytes
    var run = RecordRun(next: start)
    var records: [Record] = []
    while until.map({ run.next < $0 }) ?? true, let end = CSVTable.recordEnd(in: bytes, from: run.next, atEnd: chunk.atEnd) {
      let at = run.next
      let length = Self.lengthWithoutBreak(UnsafeBufferPointer(rebasing: bytes[at..<end]))
      if chunk.atEnd, end == bytes.count, CSVTable.hasOpenQuote(UnsafeBufferPointer(rebasing: bytes[at..<end])) {
        run.openQuote = at
        break
      }
      run.next = end
      if length > 0 { records.append((at, length)) }
    }
    run.items = scanned(records[...], of: chunk, table: table)
    return run
  }

  /// Appends the items of `records` (each the JSON object of its columns,
  /// scanned), in order; a record the scanner refuses is left out.
  private func scan(_ records: [Record], of chunk: Chunk, table: CSVTable, into items: inout [ScannedItem]) {
    guard !records.isEmpty else { return }
    guard parallelism.hasHelpers, records.count >= Self.partsThreshold else {
      items += scanned(records[...], of: chunk, table: table)
      return
    }
    let half = records.count / 2
    for found in parallelism.map(2, { scanned($0 == 0 ? records[..<half] : records[half...], of: chunk, table: table) }) {
      items += found
    }
  }

  /// The items of `records`, scanned in turn on this thread.
  private func scanned(_ part: ArraySlice<Record>, of chunk: Chunk, table: CSVTable) -> [ScannedItem] {
    let scanner = scanner.withSettledTable()
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
}
