import WaterfallApp

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

  /// Appends `fields` as one CSV row (RFC 4180: a field with a comma, a quote or
  /// a line break in quotes, its quotes doubled; a list's strings joined by spaces).
  static func appendCSVRow(_ fields: [(key: String, value: ShopValue)], to out: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      let text: String
      switch field.value {
      case .number(let n): text = String(n)
      case .string(let s): text = s
      case .strings(let list): text = list.joined(separator: " ")
      }
      if text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
          out.append(byte)
          if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        out.append(UInt8(ascii: "\""))
      } else {
        out.append(contentsOf: text.utf8)
      }
    }
    out.append(0x0A)
  }

  /// Appends `text` as a JSON string (see ``JSONValue/appendQuoted(_:to:)``).
  static func appendString(_ text: String, to out: inout [UInt8]) {
    JSONValue.appendQuoted(text, to: &out)
  }
}
