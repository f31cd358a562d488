/// `bytea` values in PostgreSQL's text format, turned back into bytes.
///
/// The server sends `\x` and two hex digits a byte (its default since 9.0), or
/// with `bytea_output = escape`, bytes as they are except `\\` and `\ooo`
/// (octal); both are read.
///
/// ```swift
/// PostgresBytea.decode(Array(#"\x89504e47"#.utf8))   // [0x89, 0x50, 0x4E, 0x47]
/// PostgresBytea.decode(Array(#"a\\b\001"#.utf8))     // [0x61, 0x5C, 0x62, 0x01]
/// ```
enum PostgresBytea {
  static func decode(_ text: some Collection<UInt8>) -> [UInt8] {
    let text = Array(text)
    if text.count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") {
      var bytes: [UInt8] = []
      bytes.reserveCapacity((text.count - 2) / 2)
      var i = 2
      while i + 1 < text.count {
        guard let high = hexDigit(text[i]), let low = hexDigit(text[i + 1]) else { break }
        bytes.append(high << 4 | low)
        i += 2
      }
      return bytes
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var i = 0
    while i < text.count {
      if text[i] == UInt8(ascii: "\\"), i + 1 < text.count {
        if text[i + 1] == UInt8(ascii: "\\") {
          bytes.append(UInt8(ascii: "\\"))
          i += 2
          continue
        }
        if i + 3 < text.count, let a = octalDigit(text[i + 1]), let b = octalDigit(text[i + 2]), let c = octalDigit(text[i + 3]) {
          bytes.append(UInt8(truncatingIfNeeded: Int(a) << 6 | Int(b) << 3 | Int(c)))
          i += 4
          continue
        }
      }
      bytes.append(text[i])
      i += 1
    }
    return bytes
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private static func octalDigit(_ byte: UInt8) -> UInt8? {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "7") ? byte - UInt8(ascii: "0") : nil
  }
}
