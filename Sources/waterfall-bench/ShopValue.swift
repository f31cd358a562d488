/// A field value of a generated shop item, written straight to JSON bytes.
///
/// Only what shop items hold: whole numbers, strings and arrays of strings.
/// Strings are written as UTF-8 (not `\u` escapes), as `json.dumps(...,
/// ensure_ascii=False)` writes them.
///
/// ```swift
/// var out: [UInt8] = []
/// ShopValue.appendObject([("id", .number(1)), ("tags", .strings(["new"]))], pretty: false, to: &out)
/// // {"id":1,"tags":["new"]}
/// ```
enum ShopValue {
  case number(Int)
  case string(String)
  case strings([String])

  /// Appends `fields` as one JSON object: compact on one line, or `pretty` as an
  /// element of a top-level array indented by two (the object's braces at two
  /// spaces, its members at four), as `json.dumps(items, indent=2)` writes it.
  static func appendObject(_ fields: [(key: String, value: ShopValue)], pretty: Bool, to out: inout [UInt8]) {
    let memberIndent: [UInt8] = pretty ? Array("\n    ".utf8) : []
    out.append(contentsOf: pretty ? Array("  {".utf8) : [UInt8(ascii: "{")])
    for (index, field) in fields.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: memberIndent)
      appendString(field.key, to: &out)
      out.append(UInt8(ascii: ":"))
      if pretty { out.append(UInt8(ascii: " ")) }
      switch field.value {
      case .number(let n):
        out.append(contentsOf: String(n).utf8)
      case .string(let s):
        appendString(s, to: &out)
      case .strings(let list):
        out.append(UInt8(ascii: "["))
        for (i, s) in list.enumerated() {
          if i > 0 { out.append(UInt8(ascii: ",")) }
          if pretty { out.append(contentsOf: "\n      ".utf8) }
          appendString(s, to: &out)
        }
        if pretty, !list.isEmpty { out.append(contentsOf: "\n    ".utf8) }
        out.append(UInt8(ascii: "]"))
      }
    }
    if pretty { out.append(contentsOf: "\n  ".utf8) }
    out.append(UInt8(ascii: "}"))
  }

  /// Appends `text` as a JSON string, escaping quotes, backslashes and controls.
  static func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
