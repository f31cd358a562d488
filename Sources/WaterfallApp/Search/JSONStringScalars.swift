/// How the search reads a JSON string's scalars from its bytes: escapes and
/// UTF-8 sequences, each to one scalar value, repaired as `String(decoding:)`
/// and the parser repair them (U+FFFD).
///
/// ``FoldedJSONWalker`` reads strings through it for both ``ItemMatcher`` and
/// ``SearchTextBuilder``, so the compact search text holds exactly the scalars
/// the matcher would see.
///
/// ```swift
/// var p = 0
/// Array("\\u00e9".utf8).withUnsafeBufferPointer { JSONStringScalars.unescape($0, &p) }   // 0xE9
/// ```
enum JSONStringScalars {
  /// The scalar of the escape at `p` (its backslash), moving past it.
  static func unescape(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> UInt32? {
    guard p + 1 < b.count else { return nil }
    let c = b[p + 1]
    p += 2
    switch c {
    case UInt8(ascii: "n"): return 0x0A
    case UInt8(ascii: "t"): return 0x09
    case UInt8(ascii: "r"): return 0x0D
    case UInt8(ascii: "b"): return 0x08
    case UInt8(ascii: "f"): return 0x0C
    case UInt8(ascii: "u"):
      guard let high = hex4(b, &p) else { return nil }
      if high >= 0xD800 && high < 0xDC00 {
        // A surrogate pair, or a lone high surrogate (U+FFFD, as the parser gives).
        if p + 1 < b.count, b[p] == UInt8(ascii: "\\"), b[p + 1] == UInt8(ascii: "u") {
          var q = p + 2
          if let low = hex4(b, &q), low >= 0xDC00 && low < 0xE000 {
            p = q
            return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
          }
        }
        return 0xFFFD
      }
      if high >= 0xDC00 && high < 0xE000 { return 0xFFFD }
      return high
    default: return UInt32(c)
    }
  }

  static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> UInt32? {
    guard p + 4 <= b.count else { return nil }
    var value: UInt32 = 0
    for i in 0..<4 {
      let c = b[p + i]
      let digit: UInt32
      switch c {
      case 0x30...0x39: digit = UInt32(c - 0x30)
      case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
      default: return nil
      }
      value = value << 4 | digit
    }
    p += 4
    return value
  }

  /// Decodes one UTF-8 sequence at `p`; an invalid byte is U+FFFD, as
  /// `String(decoding:)` would repair it.
  static func decodeUTF8(_ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> UInt32? {
    let lead = b[p]
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
    default:
      p += 1
      return 0xFFFD
    }
    guard p + length <= b.count else {
      p += 1
      return 0xFFFD
    }
    for i in 1..<length {
      let c = b[p + i]
      guard c & 0xC0 == 0x80 else {
        p += 1
        return 0xFFFD
      }
      value = value << 6 | UInt32(c & 0x3F)
    }
    p += length
    return value
  }
}
