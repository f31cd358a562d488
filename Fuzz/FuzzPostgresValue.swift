// libFuzzer target: rows from PostgreSQL in its text format turned into the JSON
// an item is made of (PostgresRowEncoder, PostgresBytea), every column kind:
// booleans, integers, int8 past 2^53, floats with NaN and the infinities, json
// and jsonb (nested as they are), bytea (hex, escape format, a picture's header),
// numerics, arrays, timestamps and any other text.
//
// Input: a column count, then per column a type byte, a null flag and a name
// byte; then each column's value bytes, separated by 0xFF. A numeric column's
// value is the server's text of a number the bytes make (the server sends no
// other); a json column's, the bytes when they are a JSON document (the server
// checks them); every other column's, the bytes as they are.
// Invariants: the row is one valid UTF-8 JSON object that the project's parser
// reads back and the item scanner takes (the reader leaves out a row it refuses), with one member per column in order; a text column's member is its
// text (ill-formed UTF-8 as U+FFFD); an integer's and a json's are the value;
// bytea written as hex (either case) or in the escape format decodes to its bytes.

import WaterfallImages

@testable import WaterfallApp

let roles = FieldRoles()
/// Made once, as the reader's source makes one: it takes each row's JSON.
let scanner = ItemScanner(roles: roles)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostgresValue(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let types: [UInt32] = [16, 21, 23, 26, 20, 700, 701, 114, 3802, 17, 25, 1043, 1700, 1007, 1009, 1184, 2950, 999_999]
  let names = ["id", "title", "meta", "picture", "w", "h", "a\"b", "é\\\u{1}", "", "title"]
  let columnCount = input.int(in: 1...5)
  var columns: [PostgresColumn] = []
  var nulls: [Bool] = []
  for _ in 0..<columnCount {
    columns.append(PostgresColumn(name: input.choose(names), type: input.choose(types)))
    nulls.append(input.byte() & 0x0F == 0)
  }
  let withRoles = input.bool()
  var segments = input.remainingBytes().split(separator: 0xFF, omittingEmptySubsequences: false).map(Array.init)
  while segments.count < columnCount { segments.append([]) }

  // The values as the server sends them.
  var bytes: [UInt8] = []
  var ends: [Int] = []
  var expected: [JSONValue?] = []
  for (index, column) in columns.enumerated() {
    let raw = segments[index]
    var value: [UInt8] = raw
    var want: JSONValue?
    switch column.kind {
    case .integer:
      var number: Int64 = 0
      for b in raw.prefix(4) { number = number << 8 | Int64(b) }
      let cut = column.type == 21 ? Int64(Int16(truncatingIfNeeded: number)) : column.type == 26 ? Int64(UInt32(truncatingIfNeeded: number)) : Int64(Int32(truncatingIfNeeded: number))
      value = Array(String(cut).utf8)
      want = .number(String(cut))
    case .bigInteger:
      var number: UInt64 = 0
      for b in raw.prefix(8) { number = number << 8 | UInt64(b) }
      value = Array(String(Int64(bitPattern: number)).utf8)
    case .float:
      var bits: UInt64 = 0
      for b in raw.prefix(8) { bits = bits << 8 | UInt64(b) }
      let double = Double(bitPattern: bits)
      let number = column.type == 700 ? Double(Float(double)) : double
      value = Array(postgresFloatText(number, single: column.type == 700).utf8)
    case .json:
      // A SQL_ASCII database sends json bytes as stored: ill-formed UTF-8 is repaired.
      if let parsed = try? JSONParser.parse(JSONValue.repairingUTF8(raw)) {
        // As deep as the parser takes, the row would nest it deeper: its text.
        want = PostgresRowEncoder.nesting(of: raw) < JSONParser.maximumDepth ? parsed : .string(String(decoding: raw, as: UTF8.self))
        if (try? JSONParser.parse(raw)) == nil { value = Array("{}".utf8); want = nil }
      } else {
        value = Array("{}".utf8)
      }
    case .bytes:
      checkBytea(raw)
      // The server's hex, from the bytes.
      value = Array("\\x".utf8) + raw.flatMap { hex($0, upper: false) }
    case .boolean:
      value = raw.first.map { $0 & 1 == 1 ? [UInt8(ascii: "t")] : [UInt8(ascii: "f")] } ?? [UInt8(ascii: "f")]
    case .text:
      want = .string(String(decoding: raw, as: UTF8.self))
    }
    bytes += nulls[index] ? [] : value
    ends.append(bytes.count)
    expected.append(nulls[index] ? .null : want)
  }
  let result = PostgresResult(
    columns: columns.map { PostgresResult.Column(name: $0.name, type: $0.type) }, rowCount: 1, commandTag: "SELECT 1",
    memorySize: 0, bytes: bytes, ends: ends, nulls: nulls)
  let encoder = PostgresRowEncoder(columns: columns, bytesPrefixed: false, roles: withRoles ? roles : nil)
  var json: [UInt8] = []
  encoder.appendJSON(row: 0, of: result, key: ["7"], to: &json)

  let shown = String(decoding: json, as: UTF8.self).debugDescription
  require(ItemScanner.isValidUTF8(json), "the row \(shown) is not UTF-8")
  let parsed: JSONValue
  do {
    parsed = try JSONParser.parse(json)
  } catch {
    require(false, "the row \(shown) is not JSON: \(error)")
    return 0
  }
  // The reader leaves out a row the scanner refuses: none may be.
  let scanned = json.withUnsafeBufferPointer { try? scanner.scan($0, offset: 0) }
  require(scanned != nil, "the scanner refuses the row \(shown)")
  guard case .object(let members) = parsed else {
    require(false, "the row \(shown) is not an object")
    return 0
  }
  require(members.count >= columns.count, "the row \(shown) has \(members.count) members for \(columns.count) columns")
  for (index, column) in columns.enumerated() {
    require(members[index].key == column.name, "member \(index) of \(shown) is \(members[index].key.debugDescription), not \(column.name.debugDescription)")
    if let want = expected[index] {
      require(members[index].value == want, "member \(column.name.debugDescription) of \(shown) is \(members[index].value), not \(want)")
    }
  }
  return 0
}

/// Bytes written as the server writes them read back as the same bytes.
func checkBytea(_ raw: [UInt8]) {
  for upper in [false, true] {
    let text = Array("\\x".utf8) + raw.flatMap { hex($0, upper: upper) }
    require(PostgresBytea.decode(text) == raw, "bytea \(raw) as hex \(String(decoding: text, as: UTF8.self)) decodes differently")
  }
  // bytea_output = escape: printable ASCII as it is, `\` doubled, the rest `\ooo`.
  var escaped: [UInt8] = []
  for b in raw {
    if b == UInt8(ascii: "\\") {
      escaped += [b, b]
    } else if b >= 0x20 && b < 0x7F {
      escaped.append(b)
    } else {
      escaped += [UInt8(ascii: "\\"), 0x30 + (b >> 6), 0x30 + (b >> 3 & 7), 0x30 + (b & 7)]
    }
  }
  require(PostgresBytea.decode(escaped) == raw, "bytea \(raw) in the escape format \(String(decoding: escaped, as: UTF8.self).debugDescription) decodes differently")
  // Anything at all decodes to at most as many bytes as it has.
  require(PostgresBytea.decode(raw).count <= raw.count, "bytea text \(raw) decodes to more bytes than it has")
}

func hex(_ b: UInt8, upper: Bool) -> [UInt8] {
  let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
  return [digits[Int(b >> 4)], digits[Int(b & 15)]]
}

/// A float as PostgreSQL (12 and later) writes it: the shortest text that reads
/// back exactly, `NaN`, `Infinity`, `-Infinity`.
func postgresFloatText(_ value: Double, single: Bool) -> String {
  if value.isNaN { return "NaN" }
  if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
  var text = single ? "\(Float(value))" : "\(value)"
  if text.hasSuffix(".0") { text.removeLast(2) }
  return text
}
