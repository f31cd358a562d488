#if canImport(Glibc)
  import Glibc
#endif

/// Reads one top-level field's ``SortKey`` straight from an item's JSON bytes:
/// one walk to the member, skipping the others without building them, and
/// numbers and prices read without making a `String`.
///
/// It answers as the old way did, parsing the object and taking
/// `SortKey(object[field])` (a property test checks it on random items): the
/// first member of that name counts; keys with escapes or other than ASCII are
/// compared as strings (so canonically equal names match); a string with
/// escapes or bytes that are not UTF-8, and any value other than a number or a
/// string, is handed to the parser. Like ``ItemMatcher`` it stops at the field,
/// so text after it that is not JSON goes unnoticed (the loader checked it).
///
/// ```swift
/// var reader = SortKeyReader(field: "price")
/// json.withUnsafeBufferPointer { reader.key(of: $0) }   // .number(224.5) for "¥224.50"
/// ```
public struct SortKeyReader {
  public let field: String
  private let name: [UInt8]
  /// Whether the name is ASCII: then only the same bytes are the same name (a
  /// name beyond ASCII may equal other bytes, as `\u{212A}` equals `K`).
  private let nameIsASCII: Bool
  /// The scalars of the string value being read (reused).
  private var scalars: [UInt32] = []

  public init(field: String) {
    self.field = field
    name = Array(field.utf8)
    nameIsASCII = name.allSatisfy { $0 < 0x80 }
    scalars.reserveCapacity(64)
  }

  /// The key of member ``field`` of the object `json` (missing when it is no object).
  public mutating func key(of json: UnsafeBufferPointer<UInt8>) -> SortKey {
    var p = 0
    skipSpace(json, &p)
    guard p < json.count, json[p] == UInt8(ascii: "{") else { return .missing }
    p += 1
    skipSpace(json, &p)
    if p < json.count, json[p] == UInt8(ascii: "}") { return .missing }
    while true {
      skipSpace(json, &p)
      guard p < json.count, json[p] == UInt8(ascii: "\"") else { return .missing }
      guard let isField = readKey(json, &p) else { return .missing }
      skipSpace(json, &p)
      guard p < json.count, json[p] == UInt8(ascii: ":") else { return .missing }
      p += 1
      skipSpace(json, &p)
      if isField { return value(json, at: p) }
      guard skipValue(json, &p) else { return .missing }
      skipSpace(json, &p)
      guard p < json.count, json[p] == UInt8(ascii: ",") else { return .missing }
      p += 1
    }
  }

  // MARK: The value

  private mutating func value(_ b: UnsafeBufferPointer<UInt8>, at p: Int) -> SortKey {
    guard p < b.count else { return .missing }
    let c = b[p]
    if c == UInt8(ascii: "\"") {
      if let key = stringKey(b, at: p) { return key }
    } else if c == UInt8(ascii: "-") || (c >= 0x30 && c <= 0x39) {
      if let number = Self.jsonNumber(b, at: p) { return .number(number) }
    }
    // Anything else, or a string or number the fast ways leave alone: parsed.
    var parser = JSONParser(bytes: b, position: p)
    return (try? parser.parseValue()).map { SortKey($0) } ?? .missing
  }

  /// A JSON number without an exponent and with at most 19 digits, exactly as
  /// `Double(text)` reads it (an integer below 2⁵³ divided by a power of ten up
  /// to 10²² is correctly rounded); nil for the rest.
  static func jsonNumber(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Double? {
    var p = start
    let negative = b[p] == UInt8(ascii: "-")
    if negative { p += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = 0
    var seenPoint = false
    while p < b.count {
      let c = b[p]
      if c >= 0x30 && c <= 0x39 {
        mantissa = mantissa &* 10 &+ UInt64(c - 0x30)
        digits += 1
        if seenPoint { fraction += 1 }
      } else if c == UInt8(ascii: "."), !seenPoint {
        seenPoint = true
      } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: ".") {
        return nil
      } else {
        break
      }
      p += 1
    }
    guard digits > 0, digits <= 19, !(seenPoint && fraction == 0) else { return nil }
    return exact(mantissa: mantissa, fraction: fraction, negative: negative)
  }

  private static let powersOfTen: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { r, _ in r * 10 } }

  /// `mantissa / 10^fraction`, negated when `negative`, when that is exact in
  /// one rounding; nil otherwise.
  @inline(__always) static func exact(mantissa: UInt64, fraction: Int, negative: Bool) -> Double? {
    guard mantissa <= 1 << 53, fraction <= 22 else { return nil }
    let value = Double(mantissa) / powersOfTen[fraction]
    return negative ? -value : value
  }

  /// The key of the string at `p` (its opening quote): nil when it has escapes
  /// or bytes that are not UTF-8 (the parser then reads it).
  private mutating func stringKey(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> SortKey? {
    scalars.removeAll(keepingCapacity: true)
    var p = start + 1
    var ascii = true
    while p < b.count {
      let c = b[p]
      if c == UInt8(ascii: "\"") { break }
      if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
      if c < 0x80 {
        scalars.append(UInt32(c))
        p += 1
      } else {
        ascii = false
        guard let scalar = Self.decodeUTF8(b, &p) else { return nil }
        scalars.append(scalar)
      }
    }
    guard p < b.count else { return nil }
    let text = UnsafeBufferPointer(rebasing: b[(start + 1)..<p])
    if text.isEmpty { return .missing }
    if let number = Self.number(in: scalars) { return .number(number) }
    if ascii {
      // ASCII lowers byte by byte, as `lowercased()` does.
      return .text(String(unsafeUninitializedCapacity: text.count) { out in
        for (i, c) in text.enumerated() { out[i] = c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
        return text.count
      })
    }
    return .text(String(decoding: text, as: UTF8.self).lowercased())
  }

  /// ``SortKey/number(in:)`` on scalars: a number with at most a short unit or
  /// currency before or after it.
  static func number(in s: [UInt32]) -> Double? {
    @inline(__always) func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }
    let space: UInt32 = 0x20, minus: UInt32 = 0x2D, point: UInt32 = 0x2E, comma: UInt32 = 0x2C
    guard let first = s.firstIndex(where: isDigit) else { return nil }
    var start = first
    if start > 0, s[start - 1] == minus || s[start - 1] == point { start -= 1 }
    if start > 0, s[start - 1] == minus { start -= 1 }
    var end = first
    while end < s.count, isDigit(s[end]) || s[end] == point || s[end] == comma { end += 1 }
    var before = 0
    for v in s[..<start] where v != space { before += 1 }
    guard before <= 3 else { return nil }
    var after = 0
    for v in s[end...] where v != space {
      if isDigit(v) { return nil }
      after += 1
    }
    guard after <= 3 else { return nil }
    var last = end
    if s[last - 1] == point || s[last - 1] == comma { last -= 1 }
    // The common shapes, read here: -?digits(.digits)?, commas left out.
    var mantissa: UInt64 = 0
    var digits = 0
    var fraction = 0
    var seenPoint = false
    var negative = false
    var plain = true
    var i = start
    if i < last, s[i] == minus {
      negative = true
      i += 1
    }
    let firstDigit = i
    while i < last {
      let v = s[i]
      if isDigit(v) {
        mantissa = mantissa &* 10 &+ UInt64(v - 0x30)
        digits += 1
        if seenPoint { fraction += 1 }
      } else if v == point, !seenPoint, i > firstDigit {
        seenPoint = true
      } else if v != comma {
        plain = false
        break
      }
      i += 1
    }
    if plain, digits > 0, digits <= 19, !(seenPoint && fraction == 0), let value = exact(mantissa: mantissa, fraction: fraction, negative: negative) {
      return value
    }
    // Anything else as `Double` reads it.
    var text = String.UnicodeScalarView()
    for v in s[start..<last] where v != comma { text.append(Unicode.Scalar(v)!) }
    return Double(String(text))
  }

  // MARK: The walk

  @inline(__always) private func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) {
    while p < b.count, b[p] == 0x20 || b[p] == 0x0A || b[p] == 0x0D || b[p] == 0x09 { p += 1 }
  }

  /// Reads the key at `p` (its quote) and says whether it is ``field``; nil when
  /// it is not a string.
  private func readKey(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool? {
    let start = p + 1
    var q = start
    var plain = true
    while q < b.count, b[q] != UInt8(ascii: "\"") {
      if b[q] == UInt8(ascii: "\\") {
        plain = false
        q += 2
      } else {
        if b[q] >= 0x80 { plain = false }
        q += 1
      }
    }
    guard q < b.count else { return nil }
    if plain, nameIsASCII {
      p = q + 1
      return q - start == name.count && memcmp(b.baseAddress! + start, name, name.count) == 0
    }
    var parser = JSONParser(bytes: b, position: p)
    guard let key = try? parser.parseString() else { return nil }
    p = parser.position
    return key == field
  }

  /// Moves past the value at `p`; false when the text ends first.
  private func skipValue(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Bool {
    var depth = 0
    while p < b.count {
      switch b[p] {
      case UInt8(ascii: "\""):
        p += 1
        while p < b.count, b[p] != UInt8(ascii: "\"") { p += b[p] == UInt8(ascii: "\\") ? 2 : 1 }
        guard p < b.count else { return false }
        p += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        p += 1
        continue
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard depth > 0 else { return true }
        depth -= 1
        p += 1
      case UInt8(ascii: ","):
        if depth == 0 { return true }
        p += 1
        continue
      default:
        p += 1
        continue
      }
      if depth == 0 { return true }
    }
    return depth == 0
  }

  /// Decodes one well-formed UTF-8 sequence at `p`; nil for anything else.
  @inline(__always) static func decodeUTF8(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> UInt32? {
    let lead = b[p]
    let length: Int
    var value: UInt32
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0: length = 3; value = 0; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xED: length = 3; value = 0x0D; high = 0x9F
    case 0xF0: length = 4; value = 0; low = 0x90
    case 0xF1...0xF3: length = 4; value = UInt32(lead & 0x07)
    case 0xF4: length = 4; value = 4; high = 0x8F
    default: return nil
    }
    guard p + length <= b.count else { return nil }
    let second = b[p + 1]
    guard second >= low, second <= high else { return nil }
    value = value << 6 | UInt32(second & 0x3F)
    for i in 2..<length {
      let c = b[p + i]
      guard c & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(c & 0x3F)
    }
    p += length
    return value
  }
}
