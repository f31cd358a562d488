extension JSONValue {
  /// The value as compact JSON text.
  public var compactText: String {
    var out = ""
    write(to: &out, pretty: false, indent: 0)
    return out
  }

  /// The value as indented JSON, one line per element.
  public var prettyLines: [String] {
    var out = ""
    write(to: &out, pretty: true, indent: 0)
    return out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  private func write(to out: inout String, pretty: Bool, indent: Int) {
    let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
    let close = pretty ? "\n" + String(repeating: "  ", count: indent) : ""
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n
    case .string(let s): out += Self.quoted(s)
    case .array(let values):
      guard !values.isEmpty else { out += "[]"; return }
      out += "["
      for (i, v) in values.enumerated() {
        out += (i > 0 ? "," : "") + (pretty ? "\n" + pad : "")
        v.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      out += close + "]"
    case .object(let members):
      guard !members.isEmpty else { out += "{}"; return }
      out += "{"
      for (i, m) in members.enumerated() {
        out += (i > 0 ? "," : "") + (pretty ? "\n" + pad : "")
        out += Self.quoted(m.key) + (pretty ? ": " : ":")
        m.value.write(to: &out, pretty: pretty, indent: indent + 1)
      }
      out += close + "}"
    }
  }

  /// `text` as a JSON string literal.
  public static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
