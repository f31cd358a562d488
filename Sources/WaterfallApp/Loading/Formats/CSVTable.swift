/// A CSV or TSV file's header and delimiter: what turns one of its records into
/// the JSON object an item is, `{"header": value, …}`.
///
/// Records follow RFC 4180: a field in double quotes may hold the delimiter, line
/// breaks and `""` (one quote); a record ends at a line break outside quotes (LF,
/// CRLF, or CR alone). A field that is a JSON number (`12`, `-3.5`, `1e6`; not `007`) stays a
/// number, so `w` and `h` columns size pictures; every other field is a string. A
/// record with fewer fields than the header lacks the rest; a field beyond the
/// header is named by its column number.
///
/// ```swift
/// let table = CSVTable(header: Array("title,w\n".utf8), delimiter: UInt8(ascii: ","))
/// String(decoding: table.json(record: Array("\"Mug, blue\",40".utf8)), as: UTF8.self)
/// // {"title":"Mug, blue","w":40}
/// ```
public struct CSVTable: Hashable, Sendable {
  public let delimiter: UInt8
  /// Each column's key, as JSON text with its quotes and the colon after.
  let keys: [[UInt8]]
  /// The column names.
  public let names: [String]
  /// ``keys`` back to back, and where each ends: what ``writeJSON(record:into:)``
  /// copies them from.
  let keyText: [UInt8]
  let keyEnds: [Int]
  /// Each column's name in UTF-8: its key as a JSON parser reads it back.
  let nameBytes: [[UInt8]]

  /// The table whose header record is `header` (its bytes, line break optional).
  public init(header: [UInt8], delimiter: UInt8) {
    self.delimiter = delimiter
    var names: [String] = []
    header.withUnsafeBufferPointer { bytes in
      Self.forEachField(in: bytes, delimiter: delimiter) { field, quoted in
        var raw: [UInt8] = []
        Self.appendUnquoted(field, quoted: quoted, to: &raw)
        var name = String(decoding: raw, as: UTF8.self)
        if name.isEmpty { name = String(names.count + 1) }
        names.append(name)
      }
    }
    self.names = names
    keys = names.map { Self.key($0) }
    (keyText, keyEnds) = Self.flattened(keys)
    nameBytes = names.map { Array($0.utf8) }
  }

  private static func key(_ name: String) -> [UInt8] {
    var key: [UInt8] = []
    JSONValue.appendQuoted(name, to: &key)
    key.append(UInt8(ascii: ":"))
    return key
  }

  /// The JSON object record `record` stands for.
  public func json(record: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    let count = record.withUnsafeBufferPointer { writeJSON(record: $0, into: &out) }
    out.removeSubrange(count...)
    return out
  }

  /// Appends the JSON object `record` stands for to `out`, field by field: what
  /// ``writeJSON(record:into:)`` does in one pass, and does itself for a record
  /// with more fields than the header or text after a field's closing quote.
  func appendJSON(record: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "{"))
    var column = 0
    var scratch: [UInt8] = []
    Self.forEachField(in: record, delimiter: delimiter) { field, quoted in
      if column > 0 { out.append(UInt8(ascii: ",")) }
      if column < keys.count {
        out.append(contentsOf: keys[column])
      } else {
        out.append(contentsOf: Self.key(String(column + 1)))
      }
      column += 1
      if !quoted, Self.isJSONNumber(field) {
        out.append(contentsOf: field)
      } else if quoted {
        scratch.removeAll(keepingCapacity: true)
        Self.appendUnquoted(field, quoted: true, to: &scratch)
        JSONValue.appendQuoted(utf8: scratch[...], to: &out)
      } else {
        JSONValue.appendQuoted(utf8: field, to: &out)
      }
    }
    out.append(UInt8(ascii: "}"))
  }

  // MARK: Records

  /// Calls `body` with each field of a record (its raw bytes, quotes included when
  /// `quoted`). A record's final line break, if any, is not part of its last field.
  static func forEachField(
    in record: UnsafeBufferPointer<UInt8>, delimiter: UInt8,
    _ body: (UnsafeBufferPointer<UInt8>.SubSequence, Bool) -> Void
  ) {
    var end = record.count
    if end > 0, record[end - 1] == 0x0A { end -= 1 }
    if end > 0, record[end - 1] == 0x0D { end -= 1 }
    var start = 0
    while true {
      var i = start
      let quoted = i < end && record[i] == UInt8(ascii: "\"")
      if quoted {
        i += 1
        while i < end {
          if record[i] == UInt8(ascii: "\"") {
            if i + 1 < end, record[i + 1] == UInt8(ascii: "\"") { i += 2; continue }
            i += 1
            break
          }
          i += 1
        }
      }
      while i < end, record[i] != delimiter { i += 1 }
      body(record[start..<i], quoted)
      if i >= end { return }
      start = i + 1
    }
  }

  /// Appends a field's text: without its quotes and with `""` as `"` when quoted.
  static func appendUnquoted(_ field: UnsafeBufferPointer<UInt8>.SubSequence, quoted: Bool, to out: inout [UInt8]) {
    guard quoted else {
      out.append(contentsOf: field)
      return
    }
    var i = field.startIndex + 1
    while i < field.endIndex {
      let b = field[i]
      if b == UInt8(ascii: "\"") {
        if i + 1 < field.endIndex, field[i + 1] == UInt8(ascii: "\"") {
          out.append(b)
          i += 2
          continue
        }
        // The closing quote; anything after it (malformed) is kept as text.
        out.append(contentsOf: field[(i + 1)...])
        return
      }
      out.append(b)
      i += 1
    }
  }

  /// The end of the record that starts at `start` (just past its line break), or
  /// nil when the bytes end inside it; at the end of the input, the input's end.
  /// A line break is LF, CRLF or a CR alone (Excel's "CSV (Macintosh)"); one
  /// inside quotes does not end a record. A CR that ends the bytes waits for the
  /// next, which may be its LF.
  ///
  /// ```swift
  /// CSVTable.recordEnd(in: "a,b\rc,d", from: 0, atEnd: true)   // 4, after the CR
  /// ```
  static func recordEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Int? {
    let count = bytes.count
    guard start < count, let base = bytes.baseAddress else { return nil }
    var i = start
    var inQuotes = false
    while i < count {
      // Eight bytes at a time while none is a quote, a LF or a CR.
      while i + 8 <= count, !Self.holdsQuoteOrBreak(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) { i += 8 }
      guard i < count else { break }
      let b = bytes[i]
      i += 1
      if b == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if !inQuotes, b == 0x0A {
        return i
      } else if !inQuotes, b == 0x0D {
        if i < count { if bytes[i] != 0x0A { return i } } else if atEnd { return i } else { return nil }
      }
    }
    return atEnd ? count : nil
  }

  /// Whether any of the eight bytes of `word` is `"`, LF or CR (a byte equal
  /// to one makes the XOR's byte zero, which the subtraction borrows through).
  private static func holdsQuoteOrBreak(_ word: UInt64) -> Bool {
    func hasZeroByte(_ v: UInt64) -> Bool { (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080 != 0 }
    return hasZeroByte(word ^ 0x2222_2222_2222_2222) || hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A)
      || hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D)
  }

  /// Whether a record's bytes leave a quoted field open (it runs to the end of the file).
  static func hasOpenQuote(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
    var inQuotes = false
    for b in record where b == UInt8(ascii: "\"") { inQuotes.toggle() }
    return inQuotes
  }

  /// Whether the unquoted field is a JSON number.
  static func isJSONNumber(_ field: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
    var i = field.startIndex
    let end = field.endIndex
    func digits() -> Int {
      let from = i
      while i < end, field[i] >= 0x30, field[i] <= 0x39 { i += 1 }
      return i - from
    }
    if i < end, field[i] == UInt8(ascii: "-") { i += 1 }
    guard i < end else { return false }
    if field[i] == UInt8(ascii: "0") {
      i += 1
    } else if digits() == 0 {
      return false
    }
    if i < end, field[i] == UInt8(ascii: ".") {
      i += 1
      if digits() == 0 { return false }
    }
    if i < end, field[i] == UInt8(ascii: "e") || field[i] == UInt8(ascii: "E") {
      i += 1
      if i < end, field[i] == UInt8(ascii: "+") || field[i] == UInt8(ascii: "-") { i += 1 }
      if digits() == 0 { return false }
    }
    return i == end
  }

  // MARK: Telling CSV from other text

  /// The delimiter of text whose first lines look like a table: the one of tab,
  /// `,`, `;` and `|` that occurs (outside quotes) the same number of times, at
  /// least once, in each of the first lines; nil when none does.
  static func sniffDelimiter(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> UInt8? {
    var lines: [Range<Int>] = []
    var start = 0
    while lines.count < 5, let end = recordEnd(in: bytes, from: start, atEnd: atEnd) {
      if end - start > 1 { lines.append(start..<end) }
      start = end
    }
    guard let header = lines.first else { return nil }
    let candidates: [UInt8] = [0x09, UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "|")]
    var best: (UInt8, Int)?
    for delimiter in candidates {
      func count(_ range: Range<Int>) -> Int {
        var n = 0
        forEachField(in: UnsafeBufferPointer(rebasing: bytes[range]), delimiter: delimiter) { _, _ in n += 1 }
        return n - 1
      }
      let fields = count(header)
      guard fields > 0, lines.dropFirst().allSatisfy({ count($0) == fields }) else { continue }
      if best.map({ fields > $0.1 }) ?? true { best = (delimiter, fields) }
    }
    return best?.0
  }
}
