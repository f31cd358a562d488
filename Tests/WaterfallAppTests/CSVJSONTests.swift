import Testing
import TestSupport

@testable import WaterfallApp

/// A CSV record's JSON written in one pass (``CSVTable/writeJSON(record:into:)``)
/// is byte for byte what the field-by-field road (``CSVTable/appendJSON(record:to:)``,
/// `JSONValue`'s escaping) makes, over random records full of what is hard:
/// quotes, `""`, delimiters and line breaks inside quotes, control bytes, DEL,
/// backslashes, ill-formed and cut-off UTF-8, numbers and things that look like
/// them, missing and extra fields, text after a closing quote.
@Suite struct CSVJSONTests {
  /// The pieces fields are made of, some of them hard.
  static let pieces: [[UInt8]] = [
    Array("mug".utf8), Array("Tea pot, blue".utf8), Array("茶壶".utf8), Array("🎧".utf8), Array("é".utf8),
    Array("0".utf8), Array("12".utf8), Array("-3.5".utf8), Array("1e6".utf8), Array("2E-3".utf8), Array("007".utf8),
    Array("-".utf8), Array("1.".utf8), Array(".5".utf8), Array("1e".utf8), Array("+1".utf8), Array("0x1F".utf8),
    [0x22], [0x22, 0x22], [0x5C], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x00], [0x1F], [0x7F], [0x20],
    [0x80], [0xFF], [0xC3], [0xE2, 0x82], [0xE2, 0x82, 0xAC], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80],
    [0xE0, 0x80, 0x80], [0xC0, 0xAF], [0xEF, 0xBF, 0xBD], Array("abcdefghijklmnop".utf8), Array("        ".utf8),
  ]

  /// A random field: bare pieces, or quoted ones (a quote inside doubled), now
  /// and then with text after its closing quote or no closing quote at all.
  static func field(delimiter: UInt8, using rng: inout SeededGenerator) -> [UInt8] {
    var text: [UInt8] = []
    for _ in 0..<Int.random(in: 0...4, using: &rng) { text += pieces.randomElement(using: &rng)! }
    if Bool.random(using: &rng) { text += Array(repeating: pieces.randomElement(using: &rng)!.first ?? 0x61, count: Int.random(in: 0...20, using: &rng)) }
    switch Int.random(in: 0..<10, using: &rng) {
    case 0..<5:  // bare: no delimiter, and no line break that would end the record
      return text.filter { $0 != delimiter }
    case 5..<9:
      var quoted: [UInt8] = [0x22]
      for b in text {
        quoted.append(b)
        if b == 0x22 { quoted.append(0x22) }
      }
      quoted.append(0x22)
      if Int.random(in: 0..<6, using: &rng) == 0 { quoted += Array("tail\"x".utf8) }
      return quoted
    default:
      return [0x22] + text.filter { $0 != 0x22 }  // never closed
    }
  }

  static func record(columns: Int, delimiter: UInt8, using rng: inout SeededGenerator) -> [UInt8] {
    var record: [UInt8] = []
    for column in 0..<max(1, columns + Int.random(in: -2...2, using: &rng)) {
      if column > 0 { record.append(delimiter) }
      record += field(delimiter: delimiter, using: &rng)
    }
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: record.append(0x0A)
    case 1: record += [0x0D, 0x0A]
    default: break
    }
    return record
  }

  @Test(arguments: [UInt8(ascii: ","), 0x09, UInt8(ascii: ";")])
  func oneSweepWritesWhatTheFieldByFieldRoadWrites(delimiter: UInt8) throws {
    var rng = SeededGenerator(seed: UInt64(delimiter))
    let header = Array("id\u{1}title\u{1}price\u{1}\u{1}说明\u{1}\"a \"\"b\"\"\"".utf8).map { $0 == 1 ? delimiter : $0 }
    let table = CSVTable(header: header, delimiter: delimiter)
    var buffer: [UInt8] = []
    for _ in 0..<20_000 {
      let record = Self.record(columns: table.names.count, delimiter: delimiter, using: &rng)
      var expected: [UInt8] = []
      record.withUnsafeBufferPointer { table.appendJSON(record: $0, to: &expected) }
      let count = record.withUnsafeBufferPointer { table.writeJSON(record: $0, into: &buffer) }
      let written = Array(buffer[..<count])
      try #require(
        written == expected,
        "record \(record): \(String(decoding: written, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
      try written.withUnsafeBufferPointer { bytes in
        var parser = JSONParser(bytes: bytes)
        _ = try parser.parseValue(depth: 0)
        #expect(parser.isAtEnd)
      }
    }
  }

  /// The roles a CSV file's cards are packed by in the tests below.
  static var roleSets: [FieldRoles] {
    var titled = FieldRoles()
    titled.title = ["price"]
    titled.text = ["说明"]
    titled.showsRest = true
    var grouped = FieldRoles()
    grouped.group = ["id"]
    grouped.tags = ["a \"b\""]
    var none = FieldRoles()
    none.title = ["absent"]
    return [FieldRoles(), titled, grouped, none, InferredFieldsTests.inferring]
  }

  /// A record's card packed from the places its writing noted is the card the
  /// scanner makes of the JSON text, over random records and several roles
  /// (inferred ones too), measured at a width too.
  @Test(arguments: 0..<5)
  func membersWhereTheWritingPutThemScanAsTheTextDoes(roleSet: Int) throws {
    var rng = SeededGenerator(seed: 99 + UInt64(roleSet))
    let delimiter = UInt8(ascii: ",")
    let header = Array("id,title,price,w,h,img,tags,说明,\"a \"\"b\"\"\"".utf8)
    let table = CSVTable(header: header, delimiter: delimiter)
    var scanner = ItemScanner(roles: Self.roleSets[roleSet])
    if roleSet == 1 { scanner.measuring = MeasuringWidth(30) }
    var json: [UInt8] = []
    var values: [Int] = []
    var columns = MemberColumns(names: table.nameBytes)
    var placed = 0
    var inPlace = 0
    for _ in 0..<5_000 {
      var record = Self.record(columns: table.names.count, delimiter: delimiter, using: &rng)
      if Bool.random(using: &rng) {  // a well-formed record, as most are
        record = Array("\(Int.random(in: 0...99, using: &rng)),Mug \(placed),12.5,\(Int.random(in: 1...900, using: &rng)),40,a.png,\"x, y\",茶,z".utf8)
      }
      let (count, members) = record.withUnsafeBufferPointer { table.writeJSON(record: $0, into: &json, values: &values) }
      guard members > 0 else { continue }
      placed += 1
      let (fast, text) = try json.withUnsafeBufferPointer { (json) throws(JSONSyntaxError) in
        let object = UnsafeBufferPointer(rebasing: json[..<count])
        let fast = try values.withUnsafeBufferPointer { (values) throws(JSONSyntaxError) in
          try scanner.scan(object: object, columns: &columns, values: values, members: members, offset: 0)
        }
        return (fast, try scanner.scan(object, offset: 0))
      }
      let same =
        fast.packed == text.packed && fast.fieldsSeen == text.fieldsSeen && fast.length == text.length
        && fast.height == text.height && fast.heightWidth == text.heightWidth
      try #require(same, "\(String(decoding: json[..<count], as: UTF8.self))")
      // A reading that lets the card go measures it in place: the same height.
      var measuring = scanner
      measuring.measuring = MeasuringWidth(30)
      var dropping = measuring
      dropping.dropsCards = true
      let (dropped, measured) = try json.withUnsafeBufferPointer { (json) throws(JSONSyntaxError) in
        let object = UnsafeBufferPointer(rebasing: json[..<count])
        let dropped = try values.withUnsafeBufferPointer { (values) throws(JSONSyntaxError) in
          try dropping.scan(object: object, columns: &columns, values: values, members: members, offset: 0)
        }
        return (dropped, try measuring.scan(object, offset: 0))
      }
      try #require(
        dropped.height == measured.height && dropped.heightWidth == measured.heightWidth && measured.heightWidth == 30,
        "measured in place: \(String(decoding: json[..<count], as: UTF8.self))")
      if dropped.packed.isEmpty { inPlace += 1 }
    }
    #expect(placed > 2_500)
    if Self.roleSets[roleSet].group.isEmpty {
      #expect(inPlace > 1_000, "most records are measured without their card")
    } else {
      #expect(inPlace == 0, "a grouped record keeps its card")
    }
  }

  @Test func anEmptyRecordIsOneEmptyField() {
    let table = CSVTable(header: Array("title,w".utf8), delimiter: UInt8(ascii: ","))
    #expect(String(decoding: table.json(record: []), as: UTF8.self) == #"{"title":""}"#)
    #expect(String(decoding: table.json(record: Array("\"a\"\"b\",40\r\n".utf8)), as: UTF8.self) == #"{"title":"a\"b","w":40}"#)
  }
}
