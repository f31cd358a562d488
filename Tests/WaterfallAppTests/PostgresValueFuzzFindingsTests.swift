import Testing

@testable import WaterfallApp

/// What `FuzzPostgresValue` found (Fuzz/Seeds/FuzzPostgresValue/finding-*): a
/// `json` value nested as deep as the parser takes (512 levels, which the server
/// accepts) became a row nested one level deeper, which the scanner refused, and
/// the reader left the row out without a word.
@Suite struct PostgresValueFuzzFindingsTests {
  /// One row of one column of type `type` holding `value`, encoded.
  static func row(_ value: String, type: UInt32 = 3802) -> [UInt8] {
    let bytes = Array(value.utf8)
    let result = PostgresResult(
      columns: [PostgresResult.Column(name: "meta", type: type)], rowCount: 1, commandTag: "SELECT 1", memorySize: 0,
      bytes: bytes, ends: [bytes.count], nulls: [false])
    var json: [UInt8] = []
    PostgresRowEncoder(columns: [PostgresColumn(name: "meta", type: type)], bytesPrefixed: false, roles: nil)
      .appendJSON(row: 0, of: result, key: [], to: &json)
    return json
  }

  @Test(arguments: [1, 100, 511, 512, 600])
  func aDeeplyNestedJSONValueKeepsItsRow(depth: Int) throws {
    let value = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let json = Self.row(value)
    let scanner = ItemScanner(roles: FieldRoles())
    let item = json.withUnsafeBufferPointer { try? scanner.scan($0, offset: 0) }
    #expect(item != nil, "a row with a json value \(depth) deep is refused")
    let parsed = try JSONParser.parse(json)
    // Nested as it is while the row stays within the parser's limit, else its text.
    let expected = depth < JSONParser.maximumDepth ? try JSONParser.parse(Array(value.utf8)) : JSONValue.string(value)
    #expect(parsed["meta"] == expected)
  }

  /// A SQL_ASCII database sends json as it was stored, ill-formed UTF-8 too:
  /// the row is UTF-8 all the same (U+FFFD for each ill-formed run).
  @Test func jsonThatIsNotUTF8MakesAUTF8Row() throws {
    let bytes: [UInt8] = Array(#"{"c"#.utf8) + [0xFF] + Array(#"olor":"r"}"#.utf8)
    let result = PostgresResult(
      columns: [PostgresResult.Column(name: "meta", type: 3802)], rowCount: 1, commandTag: "SELECT 1", memorySize: 0,
      bytes: bytes, ends: [bytes.count], nulls: [false])
    var json: [UInt8] = []
    PostgresRowEncoder(columns: [PostgresColumn(name: "meta", type: 3802)], bytesPrefixed: false, roles: nil)
      .appendJSON(row: 0, of: result, key: [], to: &json)
    #expect(ItemScanner.isValidUTF8(json))
    #expect(try JSONParser.parse(json)["meta"]?["c\u{FFFD}olor"] == .string("r"))
  }

  @Test(arguments: [
    (#"{"a":[1,"]]]"]}"#, 2), (#""[[[""#, 0), (#"[{"\"[":{}}]"#, 3), ("5", 0),
  ])
  func nestingCountsBracketsOutsideStrings(value: String, depth: Int) {
    #expect(PostgresRowEncoder.nesting(of: Array(value.utf8)) == depth)
  }
}
