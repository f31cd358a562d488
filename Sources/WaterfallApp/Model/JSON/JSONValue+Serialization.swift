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
  ///
  /// The one JSON string escaper of the project (the bench's reports and data
  /// use it too); see ``appendQuoted(_:to:)`` for what is escaped.
  ///
  /// ```swift
  /// print(JSONValue.quoted("say \"hi\"\tnow"))   // "say \"hi\"\tnow"
  /// ```
  public static func quoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + 2)
    appendQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends `text` to `out` as a JSON string literal, in UTF-8.
  ///
  /// Quotes and backslashes are escaped; so is every control character, so that
  /// the output is one line and safe to show in a terminal: `\n`, `\r` and `\t`
  /// by name, the other C0 controls and DEL (U+007F) as `\u00XX`. Everything
  /// else, non-ASCII included, is written as it is (as `json.dumps(...,
  /// ensure_ascii=False)` does), so the output parses back to `text`.
  public static func appendQuoted(_ text: String, to out: inout [UInt8]) {
    appendQuoted(utf8: text.utf8, to: &out)
  }

  /// Appends the UTF-8 text `utf8` to `out` as a JSON string literal, escaped as
  /// ``appendQuoted(_:to:)`` does (for text straight from a file's bytes: a CSV
  /// field, a database's TEXT).
  public static func appendQuoted(utf8: some Sequence<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    let done: Void? = utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &out) }
    if done == nil { Array(utf8).withUnsafeBufferPointer { appendEscaped($0, to: &out) } }
    out.append(UInt8(ascii: "\""))
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `bytes` escaped (see ``appendQuoted(_:to:)``), the runs that need no
  /// escape copied whole.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var run = 0
    for (i, byte) in bytes.enumerated() {
      let escape: [UInt8]
      switch byte {
      case UInt8(ascii: "\""): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: escape = [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: escape = [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: escape = [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20, 0x7F:
        escape = [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
      default: continue
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
      out.append(contentsOf: escape)
      run = i + 1
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
  }
}
