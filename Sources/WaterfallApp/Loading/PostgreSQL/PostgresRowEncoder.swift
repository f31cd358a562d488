import WaterfallImages

/// Writes rows from PostgreSQL as JSON objects, the text an item is made of
/// (``ItemScanner``), one member per column in the columns' order.
///
/// - `json`/`jsonb`: nested as they are, so `meta.color` reaches inside; a
///   value nested 512 levels or deeper (which the row's object would take past
///   the parser's limit) as its text.
/// - Numbers: `int2`, `int4`, `oid`, `float4`, `float8` as JSON numbers;
///   `int8` too while a double holds it exactly (±2⁵³), else as a string;
///   `NaN` and the infinities as strings.
/// - `bool` as `true`/`false`; NULL as `null`.
/// - `bytea`: a string saying what it is (`"<PNG picture, 1,234 bytes>"`);
///   with a row identity, the first PNG, JPEG, GIF or WebP also becomes the
///   card's picture: a ``ByteaPicture`` reference under the first image key of
///   the roles and its size under the first width and height keys (the row's
///   own columns, coming first, win).
/// - Everything else (`numeric`, timestamps, arrays, enums…) as its text.
///
/// A table's `bytea` columns are selected as their first
/// ``PostgresReader/pictureHeaderBytes`` bytes and their length (two result
/// columns), so a page of rows with large pictures stays small; the picture's
/// header is read from that prefix.
///
/// ```swift
/// let encoder = PostgresRowEncoder(columns: columns, bytesPrefixed: false, roles: nil)
/// var json: [UInt8] = []
/// encoder.appendJSON(row: 0, of: result, key: [], to: &json)   // {"id":1,"meta":{"color":"red"},…}
/// ```
struct PostgresRowEncoder {
  struct Field {
    var column: PostgresColumn
    /// The column's place among the relation's columns.
    var index: Int
    /// The result column with its value (a prefix, for prefixed bytes).
    var value: Int
    /// The result column with a prefixed `bytea`'s whole length.
    var length: Int?
    /// `"name":`, made once.
    var key: [UInt8]
  }

  var fields: [Field]
  /// The roles whose picture members a row with a picture gets; nil: none (no row identity).
  var roles: FieldRoles?
  /// How many result columns the fields take; the order keys follow.
  var resultColumns: Int

  init(columns: [PostgresColumn], bytesPrefixed: Bool, roles: FieldRoles?) {
    var next = 0
    fields = columns.enumerated().map { index, column in
      var key: [UInt8] = []
      JSONValue.appendQuoted(column.name, to: &key)
      key.append(UInt8(ascii: ":"))
      let prefixed = bytesPrefixed && column.kind == .bytes
      defer { next += prefixed ? 2 : 1 }
      return Field(column: column, index: index, value: next, length: prefixed ? next + 1 : nil, key: key)
    }
    resultColumns = next
    self.roles = roles
  }

  /// How deep arrays and objects nest in the JSON text `value` (brackets in
  /// strings not counted).
  ///
  /// ```swift
  /// PostgresRowEncoder.nesting(of: Array(#"{"a":[1,"]"]}"#.utf8))   // 2
  /// ```
  static func nesting(of value: some Collection<UInt8>) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in value {
      if inString {
        if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return deepest
  }

  /// The select list for `quoted` columns (each column's name quoted): a
  /// prefixed `bytea` as its first `prefix` bytes and its length.
  static func selectList(_ columns: [PostgresColumn], quoted: [String], prefix: Int?) -> [String] {
    zip(columns, quoted).flatMap { column, name -> [String] in
      guard let prefix, column.kind == .bytes else { return [name] }
      return ["substring(\(name) FROM 1 FOR \(prefix))", "octet_length(\(name))"]
    }
  }

  /// Appends row `row` of `result` as a JSON object. `key` is the row's
  /// identity (for a picture's reference); `longer` gives more of a `bytea`
  /// whose header its prefix cut off.
  func appendJSON(
    row: Int, of result: PostgresResult, key: [String], longer: (Field) -> [UInt8]? = { _ in nil }, to out: inout [UInt8]
  ) {
    out.append(UInt8(ascii: "{"))
    var picture: (Field, ImageHeader)?
    for (i, field) in fields.enumerated() {
      if i > 0 { out.append(UInt8(ascii: ",")) }
      out.append(contentsOf: field.key)
      if result.isNull(row, field.value) {
        out.append(contentsOf: "null".utf8)
        continue
      }
      result.withValue(row, field.value) { value in
        switch field.column.kind {
        case .boolean:
          out.append(contentsOf: (value.first == UInt8(ascii: "t") ? "true" : "false").utf8)
        case .integer:
          out.append(contentsOf: value)
        case .json:
          // Nested one level deeper in the row's object: a value as deep as the
          // parser takes would make the row one it refuses (and the reader
          // would leave it out), so such a value is its text.
          if Self.nesting(of: value) < JSONParser.maximumDepth {
            // UTF-8 as the server sends it, but for a SQL_ASCII database, whose
            // bytes go out as they were stored: ill-formed runs as U+FFFD.
            out.append(contentsOf: JSONValue.repairingUTF8(Array(value)))
          } else {
            JSONValue.appendQuoted(utf8: value, to: &out)
          }
        case .bigInteger:
          let exact = Int64(String(decoding: value, as: UTF8.self)).map { $0.magnitude <= 1 << 53 } ?? false
          if exact { out.append(contentsOf: value) } else { JSONValue.appendQuoted(utf8: value, to: &out) }
        case .float:
          let isNumber = value.last.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false
          if isNumber { out.append(contentsOf: value) } else { JSONValue.appendQuoted(utf8: value, to: &out) }
        case .bytes:
          let bytes = PostgresBytea.decode(value)
          let size = field.length.flatMap { result.text(row, $0) }.flatMap { Int($0) } ?? bytes.count
          JSONValue.appendQuoted(PictureSignature.describe(bytes, size: size, what: "bytea"), to: &out)
          if picture == nil, roles != nil, PictureSignature.kind(of: bytes) != nil {
            if let header = try? ImageHeader.read(bytes: bytes) {
              picture = (field, header)
            } else if size > bytes.count, let more = longer(field), let header = try? ImageHeader.read(bytes: more) {
              picture = (field, header)
            }
          }
        case .text:
          JSONValue.appendQuoted(utf8: value, to: &out)
        }
      }
    }
    if let (field, header) = picture, let roles, let image = roles.image.first {
      var members: [(String, String)] = [(image, JSONValue.quoted(ByteaPicture(column: field.index, key: key).reference))]
      if let width = roles.width.first, let height = roles.height.first {
        members += [(width, String(header.width)), (height, String(header.height))]
      }
      for (i, (name, value)) in members.enumerated() {
        if i > 0 || !fields.isEmpty { out.append(UInt8(ascii: ",")) }
        JSONValue.appendQuoted(name, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: value.utf8)
      }
    }
    out.append(UInt8(ascii: "}"))
  }
}
