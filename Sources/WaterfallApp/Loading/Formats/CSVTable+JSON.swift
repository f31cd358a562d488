#if canImport(Glibc)
  import Glibc
#endif

/// Writing a record's JSON object in one pass over its bytes.
///
/// ``writeJSON(record:into:)`` makes exactly the text ``appendJSON(record:to:)``
/// makes (a test holds the two equal over random records), without a closure, an
/// array grown byte by byte, or a copy of a quoted field: it writes into a buffer
/// the caller keeps from record to record, copying runs of plain ASCII eight bytes
/// at a time and checking UTF-8 only where a byte is 0x80 or more. A record with
/// more fields than the header, or a quoted field with text after its closing
/// quote, is rare and malformed: it takes ``appendJSON(record:to:)``.
///
/// ```swift
/// var buffer: [UInt8] = []
/// let count = table.writeJSON(record: record, into: &buffer)
/// buffer[..<count]   // {"title":"Mug, blue","w":40}
/// ```
extension CSVTable {
  /// Writes the JSON object `record` stands for at the start of `buffer`
  /// (grown when too small, never shrunk) and returns its length.
  func writeJSON(record: UnsafeBufferPointer<UInt8>, into buffer: inout [UInt8]) -> Int {
    var values: [Int] = []
    return writeJSON(record: record, into: &buffer, values: &values).length
  }

  /// Writes the JSON object `record` stands for at the start of `buffer`, as
  /// ``writeJSON(record:into:)`` does, and where each member's value lies in
  /// it: member `m` (column `m`) at `values[2 * m]..<values[2 * m + 1]`.
  /// Returns the object's length and its count of members; no members when the
  /// record took ``appendJSON(record:to:)`` (their places are not known then).
  func writeJSON(
    record: UnsafeBufferPointer<UInt8>, into buffer: inout [UInt8], values: inout [Int]
  ) -> (length: Int, members: Int) {
    if values.count < 2 * keyEnds.count { values = Array(repeating: 0, count: 2 * keyEnds.count) }
    var end = record.count
    if end > 0, record[end - 1] == 0x0A { end -= 1 }
    if end > 0, record[end - 1] == 0x0D { end -= 1 }
    // Each byte of a field becomes at most six (`\u00XX`); each column adds its
    // key, a comma and two quotes.
    let bound = 2 + keyText.count + 3 * keyEnds.count + 6 * end
    if buffer.count < bound { buffer += repeatElement(0, count: bound - buffer.count) }
    let written = buffer.withUnsafeMutableBufferPointer { out in
      values.withUnsafeMutableBufferPointer { values in
        keyText.withUnsafeBufferPointer { keys in
          Self.write(
            record.baseAddress, end: end, delimiter: delimiter, keys: keys, keyEnds: keyEnds, to: out.baseAddress!,
            values: values.baseAddress!)
        }
      }
    }
    if let written { return written }
    var slow: [UInt8] = []
    appendJSON(record: record, to: &slow)
    if buffer.count < slow.count { buffer += repeatElement(0, count: slow.count - buffer.count) }
    buffer.replaceSubrange(0..<slow.count, with: slow)
    return (slow.count, 0)
  }

  /// Every column's key (`"title":`) back to back, and where each ends.
  static func flattened(_ keys: [[UInt8]]) -> (text: [UInt8], ends: [Int]) {
    (keys.flatMap { $0 }, keys.reduce(into: []) { ends, key in ends.append((ends.last ?? 0) + key.count) })
  }

  /// Writes the object of the record `p[0..<end]` to `o`, which has room for
  /// it, and its values' places to `values`; nil when the record is one
  /// ``appendJSON(record:to:)`` must make.
  private static func write(
    _ p: UnsafePointer<UInt8>?, end: Int, delimiter: UInt8, keys: UnsafeBufferPointer<UInt8>, keyEnds: [Int],
    to o: UnsafeMutablePointer<UInt8>, values: UnsafeMutablePointer<Int>
  ) -> (length: Int, members: Int)? {
    let quote = UInt8(ascii: "\"")
    var w = 0
    o[w] = UInt8(ascii: "{")
    w += 1
    var i = 0
    var column = 0
    var keyStart = 0
    while true {
      guard column < keyEnds.count else { return nil }
      if column > 0 {
        o[w] = UInt8(ascii: ",")
        w += 1
      }
      let keyEnd = keyEnds[column]
      (o + w).update(from: keys.baseAddress! + keyStart, count: keyEnd - keyStart)
      w += keyEnd - keyStart
      keyStart = keyEnd
      values[2 * column] = w
      column += 1
      guard let p else {  // an empty record: one empty field
        o[w] = quote
        o[w + 1] = quote
        w += 2
        values[2 * column - 1] = w
        break
      }
      if i < end, p[i] == quote {
        o[w] = quote
        w += 1
        i += 1
        while i < end {
          i = copyPlain(p, from: i, end: end, stop: quote, to: o, at: &w)
          guard i < end else { break }
          let b = p[i]
          if b == quote {
            if i + 1 < end, p[i + 1] == quote {
              o[w] = UInt8(ascii: "\\")
              o[w + 1] = quote
              w += 2
              i += 2
              continue
            }
            i += 1
            // Text after the closing quote (malformed) joins the field's text.
            if i < end, p[i] != delimiter { return nil }
            break
          }
          i = escape(p, at: i, end: end, to: o, at: &w)
        }
        o[w] = quote
        w += 1
      } else if i < end, p[i] == UInt8(ascii: "-") || p[i] &- 0x30 < 10,
        case let fieldEnd = fieldEnd(p, from: i, end: end, delimiter: delimiter),
        isJSONNumber(UnsafeBufferPointer(start: p, count: end)[i..<fieldEnd])
      {
        (o + w).update(from: p + i, count: fieldEnd - i)
        w += fieldEnd - i
        i = fieldEnd
      } else {
        // Up to the delimiter: a byte of 0x80 or more is checked against the
        // record's end, which is the same as against the field's (the
        // delimiter is ASCII, so no UTF-8 sequence runs over it).
        o[w] = quote
        w += 1
        while i < end {
          i = copyPlain(p, from: i, end: end, stop: delimiter, to: o, at: &w)
          guard i < end, p[i] != delimiter else { break }
          i = escape(p, at: i, end: end, to: o, at: &w)
        }
        o[w] = quote
        w += 1
      }
      values[2 * column - 1] = w
      if i >= end { break }
      i += 1  // the delimiter
    }
    o[w] = UInt8(ascii: "}")
    return (w + 1, column)
  }

  /// Where the unquoted field at `i` ends: at the next delimiter, or `end`.
  @inline(__always)
  private static func fieldEnd(_ p: UnsafePointer<UInt8>, from i: Int, end: Int, delimiter: UInt8) -> Int {
    guard let hit = memchr(p + i, Int32(delimiter), end - i) else { return end }
    return UnsafeRawPointer(hit) - UnsafeRawPointer(p)
  }

  /// Copies the bytes from `i` that need no escape (printable ASCII but `"` and
  /// `\`) and are not `stop` to `o[w...]`, eight at a time while it can, and
  /// returns where it stopped.
  @inline(__always)
  private static func copyPlain(
    _ p: UnsafePointer<UInt8>, from start: Int, end: Int, stop: UInt8, to o: UnsafeMutablePointer<UInt8>, at w: inout Int
  ) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    var i = start
    while i + 8 <= end {
      let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
      let stopped = word ^ (UInt64(stop) &* ones)
      guard isPlain(word), (stopped &- ones) & ~stopped & 0x8080_8080_8080_8080 == 0 else { break }
      UnsafeMutableRawPointer(o + w).storeBytes(of: word, as: UInt64.self)
      i += 8
      w += 8
    }
    while i < end {
      let b = p[i]
      guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\""), b != UInt8(ascii: "\\"), b != stop else { break }
      o[w] = b
      w += 1
      i += 1
    }
    return i
  }

  /// Whether all eight bytes of `word` are printable ASCII other than `"` and `\`.
  @inline(__always)
  private static func isPlain(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ v: UInt64) -> Bool { (v &- ones) & ~v & highs != 0 }
    // A byte below 0x20 borrows when 0x20 is taken from it (none is 0x80 or more here).
    if word & highs != 0 || (word &- 0x20 &* ones) & ~word & highs != 0 { return false }
    return !hasZeroByte(word ^ (0x22 &* ones)) && !hasZeroByte(word ^ (0x5C &* ones)) && !hasZeroByte(word ^ (0x7F &* ones))
  }

  /// Writes the byte at `i`, one ``copyPlain`` stopped at, as JSON text: an escape,
  /// a whole UTF-8 sequence, or U+FFFD for an ill-formed one (as
  /// ``JSONValue/appendQuoted(utf8:to:)`` does); returns the index after it.
  @inline(__always)
  private static func escape(
    _ p: UnsafePointer<UInt8>, at i: Int, end: Int, to o: UnsafeMutablePointer<UInt8>, at w: inout Int
  ) -> Int {
    let b = p[i]
    if b >= 0x80 {
      // The common case first: three-byte sequences (CJK) led by E1-EC or EE-EF,
      // copied in a run.
      var j = i
      while j + 2 < end {
        let lead = p[j]
        guard lead >= 0xE1, lead <= 0xEF, lead != 0xED, p[j + 1] & 0xC0 == 0x80, p[j + 2] & 0xC0 == 0x80 else { break }
        o[w] = lead
        o[w + 1] = p[j + 1]
        o[w + 2] = p[j + 2]
        w += 3
        j += 3
      }
      if j > i { return j }
      let length = JSONValue.validSequenceLength(UnsafeBufferPointer(start: p, count: end), at: i)
      if length > 0 {
        (o + w).update(from: p + i, count: length)
        w += length
        return i + length
      }
      o[w] = 0xEF
      o[w + 1] = 0xBF
      o[w + 2] = 0xBD
      w += 3
      return i - length
    }
    o[w] = UInt8(ascii: "\\")
    switch b {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): o[w + 1] = b
    case 0x0A: o[w + 1] = UInt8(ascii: "n")
    case 0x0D: o[w + 1] = UInt8(ascii: "r")
    case 0x09: o[w + 1] = UInt8(ascii: "t")
    default:
      let digits: StaticString = "0123456789abcdef"
      o[w + 1] = UInt8(ascii: "u")
      o[w + 2] = UInt8(ascii: "0")
      o[w + 3] = UInt8(ascii: "0")
      o[w + 4] = digits.utf8Start[Int(b >> 4)]
      o[w + 5] = digits.utf8Start[Int(b & 15)]
      w += 4
    }
    w += 2
    return i + 1
  }
}
