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
  /// field, a database's TEXT). Bytes that are not UTF-8 become U+FFFD, one for
  /// each maximal ill-formed run (as Swift's `String(decoding:as:)` does), so the
  /// result is always valid JSON.
  ///
  /// ```swift
  /// JSONValue.appendQuoted(utf8: [0x43, 0x61, 0x66, 0xE9], to: &out)   // "Caf\u{FFFD}", in UTF-8
  /// ```
  public static func appendQuoted(utf8: some Sequence<UInt8>, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    let done: Void? = utf8.withContiguousStorageIfAvailable { appendEscaped($0, to: &out) }
    if done == nil { Array(utf8).withUnsafeBufferPointer { appendEscaped($0, to: &out) } }
    out.append(UInt8(ascii: "\""))
  }

  /// Appends a REAL as JSON: a finite number as Swift writes it (`12.5`,
  /// `1e-05`), and the values JSON has no number for as the strings JavaScript
  /// and Python name them (`"Infinity"`, `"-Infinity"`, `"NaN"`), which both
  /// turn back into the number (`Number(s)`, `float(s)`).
  ///
  /// ```swift
  /// JSONValue.appendNumber(.infinity, to: &out)   // "Infinity", quoted
  /// ```
  public static func appendNumber(_ value: Double, to out: inout [UInt8]) {
    if value.isFinite {
      out.append(contentsOf: "\(value)".utf8)
    } else {
      appendQuoted(value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity", to: &out)
    }
  }

  /// `bytes` with every ill-formed UTF-8 run replaced by U+FFFD, as
  /// ``appendQuoted(utf8:to:)`` replaces them; the same array when it is valid.
  ///
  /// ```swift
  /// JSONValue.repairingUTF8([0x22, 0xFF, 0x22])   // [0x22, 0xEF, 0xBF, 0xBD, 0x22]
  /// ```
  public static func repairingUTF8(_ bytes: [UInt8]) -> [UInt8] {
    bytes.withUnsafeBufferPointer { buffer in
      var i = 0
      while i < buffer.count {
        if buffer[i] < 0x80 { i += 1; continue }
        let length = validSequenceLength(buffer, at: i)
        if length < 0 { break }
        i += length
      }
      guard i < buffer.count else { return bytes }
      var out = Array(buffer[..<i])
      out.reserveCapacity(buffer.count + 16)
      while i < buffer.count {
        let length = buffer[i] < 0x80 ? 1 : validSequenceLength(buffer, at: i)
        if length > 0 {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<(i + length)]))
          i += length
        } else {
          out.append(contentsOf: replacement)
          i += -length
        }
      }
      return out
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
  /// U+FFFD REPLACEMENT CHARACTER in UTF-8.
  private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// The length of the well-formed UTF-8 sequence at `i` (whose first byte is
  /// 0x80 or more), or minus the length of the maximal ill-formed subpart there,
  /// which one U+FFFD replaces (Unicode 15, table 3-7).
  static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let first = bytes[i]
    let count: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch first {
    case 0xC2...0xDF: count = 2
    case 0xE0: count = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED: count = 3; high = 0x9F
    case 0xF0: count = 4; low = 0x90
    case 0xF1...0xF3: count = 4
    case 0xF4: count = 4; high = 0x8F
    default: return -1
    }
    for k in 1..<count {
      guard i + k < bytes.count else { return -k }
      let byte = bytes[i + k]
      let (lo, hi) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
      guard byte >= lo, byte <= hi else { return -k }
    }
    return count
  }

  /// Appends `bytes` escaped (see ``appendQuoted(_:to:)``), the runs that need no
  /// escape copied whole, ill-formed UTF-8 replaced.
  private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    var run = 0
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      let escape: [UInt8]
      var skipped = 1
      switch byte {
      case UInt8(ascii: "\""): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): escape = [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: escape = [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: escape = [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: escape = [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20, 0x7F:
        escape = [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
      case 0x80...:
        let length = validSequenceLength(bytes, at: i)
        if length > 0 {
          i += length
          continue
        }
        escape = replacement
        skipped = -length
      default:
        i += 1
        continue
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
      out.append(contentsOf: escape)
      i += skipped
      run = i
    }
    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
  }
}
