import TestSupport
import Testing
import WaterfallLayout
@testable import WaterfallApp

@Suite struct JSONParserTests {
  @Test func keepsMemberOrderAndNumberText() throws {
    let value = try JSONParser.parse(Array(#"{"b": 1.50, "a": [true, null, -2e3], "c": {"x": "y"}}"#.utf8))
    #expect(value.members.map(\.key) == ["b", "a", "c"])
    #expect(value["b"] == .number("1.50"))
    #expect(value["a"] == .array([.bool(true), .null, .number("-2e3")]))
  }

  @Test func escapesAndSurrogates() throws {
    let value = try JSONParser.parse(Array(#""a\n\u00e9\ud83d\ude00\ud800x\/""#.utf8))
    #expect(value == .string("a\né😀\u{FFFD}x/"))
  }

  @Test func invalidUTF8BecomesReplacementCharacters() throws {
    let value = try JSONParser.parse([0x22, 0x61, 0xFF, 0x62, 0x22])
    #expect(value == .string("a\u{FFFD}b"))
  }

  @Test(arguments: [
    ("{\"a\" 1}", "expected ':' after the key, found '1'", 5),
    ("[1, 2", "expected ',' or ']' in the array, found end of input", 5),
    ("{\"a\": tru}", "invalid literal, expected 'true'", 6),
    ("\"abc", "unterminated string", 0),
    ("[01]", "expected ',' or ']' in the array, found '1'", 2),
    ("1 2", "unexpected '2' after the JSON value", 2),
    ("\"a\tb\"", "control character in a string (escape it as \\u0009)", 2),
  ])
  func syntaxErrorsSayWhatAndWhere(text: String, message: String, offset: Int) {
    #expect(throws: JSONSyntaxError(message, at: offset)) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test func deepNestingIsRefusedNotCrashedOn() {
    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(throws: JSONSyntaxError("nesting deeper than 512 levels", at: 512)) { try JSONParser.parse(Array(deep.utf8)) }
  }

  @Test func locationsCountLinesAndCharacters() {
    let bytes = Array("ab\n价c\nd".utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(TextLocation.of(offset: 0, in: buffer) == TextLocation(line: 1, column: 1))
      #expect(TextLocation.of(offset: 3, in: buffer) == TextLocation(line: 2, column: 1))
      #expect(TextLocation.of(offset: 6, in: buffer) == TextLocation(line: 2, column: 2))
      #expect(TextLocation.of(offset: 8, in: buffer) == TextLocation(line: 3, column: 1))
    }
  }
}

@Suite struct PageParserTests {
  @Test func arrayItemsKeepTheirOriginalText() {
    let text = "[\n  {\"a\": 1},\n  {\"b\": [2, 3]}\n]\n"
    let page = PageParser.parse(Array(text.utf8), path: "x.json")
    #expect(page.error == nil)
    #expect(page.items.map { String(decoding: $0.json ?? [], as: UTF8.self) } == ["{\"a\": 1}", "{\"b\": [2, 3]}"])
  }

  @Test(arguments: [
    ("[{\"a\":1},\n{\"a\":2}", "x.json:2:8: unexpected end of input: the array is not closed (expected ',' or ']')", 2),
    ("[{\"a\":1}] x", "x.json:1:11: unexpected 'x' after the array", 1),
    ("[{\"a\":1},\n {\"a\" 2}]", "x.json:2:7: expected ':' after the key, found '2'", 1),
    ("[1,]", "x.json:1:4: unexpected ']', expected a value", 1),
  ])
  func arraySyntaxErrorsNameFileLineAndColumn(text: String, message: String, kept: Int) {
    let page = PageParser.parse(Array(text.utf8), path: "x.json")
    #expect(page.error?.description == message)
    #expect(page.items.count == kept, "the items before the error are kept")
  }

  @Test func badJSONLinesAreSkippedAndCounted() {
    let text = "{\"a\":1}\n{oops}\n\n{\"a\":2}\r\n[1,\n{\"a\":3}"
    let page = PageParser.parse(Array(text.utf8), path: "n.jsonl")
    #expect(page.items.count == 3)
    #expect(page.skipped.listed.map(\.description) == [
      "n.jsonl:2:2: expected a string key, found 'o' (line skipped)",
      "n.jsonl:5:4: unexpected end of input, expected a value (line skipped)",
    ])
  }

  @Test func byteOrderMarkAndEmptyInput() {
    #expect(PageParser.parse([0xEF, 0xBB, 0xBF] + Array("[{\"a\":1}]".utf8), path: "b.json").items.count == 1)
    let empty = PageParser.parse(Array("  \n".utf8), path: "e.json")
    #expect(empty.items.isEmpty && empty.error == nil && empty.skipped.isEmpty)
  }
}

@Suite struct CardContentTests {
  func card(_ json: String) throws -> CardContent {
    CardContent(value: try JSONParser.parse(Array(json.utf8)), roles: FieldRoles())
  }

  @Test func defaultRoles() throws {
    let c = try card(#"{"name":"Mug","price":"$9","img":"a/b.png","width":"300","height":400,"tags":["x","y"],"body":"hi"}"#)
    #expect(c == CardContent(title: "Mug", subtitle: "$9", image: "a/b.png", aspect: .init(width: 300, height: 400), tags: ["x", "y"], text: "hi"))
  }

  @Test func wrongTypesLeaveWhatTheCardHas() throws {
    let c = try card(#"{"title":42,"price":null,"w":"wide","h":3,"tags":"solo","description":{"x":1}}"#)
    #expect(c.title == "42")
    #expect(c.subtitle == nil)
    #expect(c.aspect == nil)
    #expect(c.tags == ["solo"])
    #expect(c.text == nil)
    #expect(try card("\"just text\"").title == "just text")
    #expect(try card("[1,2]").title == "")
  }

  @Test(arguments: ["0", "-5", "1e999", "\"NaN\""])
  func badSizesMeanNoPicture(width: String) throws {
    #expect(try card(#"{"w":\#(width),"h":100}"#).aspect == nil)
  }

  @Test func extremeRatiosAreClamped() throws {
    let tall = try #require(try card(#"{"w":1,"h":1e300}"#).aspect)
    #expect(tall.height / tall.width == 16)
    let wide = try #require(try card(#"{"w":1e9,"h":1}"#).aspect)
    #expect(wide.height / wide.width == 1.0 / 16)
  }
}

@Suite struct CardPlanTests {
  @Test func pictureFollowsTheAspectRatioHalvedAndClamped() {
    // 24 inner columns, 300x400: floor(400 * 24 / 300 * 0.5) = 16 rows.
    let plan = CardPlan(content: CardContent(title: "Mug", subtitle: "$9", aspect: .init(width: 300, height: 400), tags: ["a"]), width: 26)
    #expect(plan.imageRows == 16)
    #expect(plan.height == 2 + 16 + 1 + 1 + 1)
    let flat = CardPlan(content: CardContent(title: "x", aspect: .init(width: 1000, height: 10)), width: 26)
    #expect(flat.imageRows == 2)
    let tall = CardPlan(content: CardContent(title: "x", aspect: .init(width: 10, height: 1000)), width: 26)
    #expect(tall.imageRows == 20)
  }

  @Test func titleWrapsToThreeLinesAndTextCardsShowText() {
    let long = CardContent(title: "one two three four five six seven eight nine ten", text: "ignored? no: shown")
    let plan = CardPlan(content: long, width: 12)
    #expect(plan.title.count == 3)
    #expect(plan.title.last?.hasSuffix("…") == true)
    #expect(plan.text == ["ignored?", "no: shown"])
  }

  @Test func emptyItemsStillHaveARow() {
    #expect(CardPlan(content: CardContent(title: ""), width: 10).height == 3)
  }

  @Test func gridPlansFitTheirSize() {
    let content = CardContent(title: "A long title that wraps", subtitle: "$1", image: "x.png", tags: ["t"])
    for height in 2...16 {
      let plan = CardPlan(content: content, size: Size(width: 18, height: height))
      #expect(plan.height <= max(height, 2), "height \(height)")
    }
  }
}

@Suite struct NaturalOrderTests {
  @Test func numbersCompareByValue() {
    #expect(["10.json", "2.json", "1.json", "1a.json", "01.jsonl"].sorted(by: NaturalOrder.less) == ["1.json", "01.jsonl", "1a.json", "2.json", "10.json"])
    #expect(NaturalOrder.sorted(["pic-10.png", "pic-9.png", "Pic-1.png", "pic-009b.png", "ü-1.png", "u-2.png"])
      == ["Pic-1.png", "pic-9.png", "pic-009b.png", "pic-10.png", "u-2.png", "ü-1.png"])
  }

  /// The comparison that allocated a string for each run of digits, kept here
  /// as the reference the byte comparison must agree with.
  static func reference(_ a: String, _ b: String) -> Bool {
    var i = a.unicodeScalars.makeIterator()
    var j = b.unicodeScalars.makeIterator()
    var x = i.next()
    var y = j.next()
    while let p = x, let q = y {
      if Self.isDigit(p), Self.isDigit(q) {
        var m = ""
        var n = ""
        while let c = x, Self.isDigit(c) { m.unicodeScalars.append(c); x = i.next() }
        while let c = y, Self.isDigit(c) { n.unicodeScalars.append(c); y = j.next() }
        let mm = m.drop { $0 == "0" }
        let nn = n.drop { $0 == "0" }
        if mm.count != nn.count { return mm.count < nn.count }
        if mm != nn { return mm < nn }
        continue
      }
      if p != q { return p.value < q.value }
      x = i.next()
      y = j.next()
    }
    return x == nil && y != nil
  }

  static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

  @Test func theByteComparisonAgreesWithTheReferenceOnRandomNames() {
    var rng = SeededGenerator(seed: 5)
    let parts = ["0", "00", "1", "7", "10", "0042", "a", "B", "-", ".", "é", "茶", "z", "9", "", "123456789012345678901234"]
    let names = (0..<400).map { _ in (0..<Int.random(in: 0...5, using: &rng)).map { _ in parts.randomElement(using: &rng)! }.joined() }
    for a in names.prefix(120) {
      for b in names.prefix(120) {
        #expect(NaturalOrder.less(a, b) == Self.reference(a, b), "\(a) < \(b)")
      }
    }
    let sorted = NaturalOrder.sorted(names)
    for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(!Self.reference(b, a), "\(a) before \(b)") }
    #expect(sorted.count == names.count && Set(sorted) == Set(names))
  }
}
