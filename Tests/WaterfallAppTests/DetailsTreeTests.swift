import Testing

@testable import WaterfallApp

/// The details' tree: one row per field, nested values indented under theirs,
/// folding, and text that never confuses one value for another.
@Suite struct DetailsTreeTests {
  static func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
  }

  @Test func nestedValuesAreRowsOneLevelDeeper() throws {
    let value = try Self.parse(#"{"title": "Mug", "tags": ["", "B", 2], "size": {"w": 3, "h": [] }, "none": {}}"#)
    let rows = DetailsTree().rows(of: value)
    #expect(rows.map(\.depth) == [0, 0, 1, 1, 1, 0, 1, 1, 0])
    #expect(rows.map(\.key) == ["title", "tags", "", "", "", "size", "w", "h", "none"])
    #expect(rows.map(\.text) == ["Mug", "▾ [3]", #""""#, "B", "2", "▾ {2}", "3", "[]", "{}"])
    #expect(rows.map(\.folds) == [false, true, false, false, false, true, false, false, false])
    #expect(rows[3].path == [1, 1])
  }

  /// `["","B",2]` is never `, B, 2`; `""` and `[]` and `{}` differ; a string
  /// that reads as another value is quoted, one that cannot is not.
  @Test(arguments: [
    ("", #""""#), ("B", "B"), ("2", #""2""#), ("-1.5e3", #""-1.5e3""#), ("true", #""true""#), ("null", #""null""#),
    (" padded", #"" padded""#), ("[1]", #""[1]""#), ("\"quoted\"", #""\"quoted\"""#), ("2 mugs", "2 mugs"),
    ("Hand-thrown mug", "Hand-thrown mug"), ("nullable", "nullable"), ("茶具", "茶具"),
  ])
  func stringsAreQuotedOnlyWhenTheyWouldBeAmbiguous(_ string: String, _ shown: String) {
    #expect(DetailsTree.scalarText(.string(string)) == shown)
  }

  @Test func emptyValuesAreDistinct() {
    let texts = [JSONValue.string(""), .array([]), .object([]), .null, .number("0"), .string("0")].map(DetailsTree.scalarText)
    #expect(texts == [#""""#, "[]", "{}", "null", "0", #""0""#])
    #expect(Set(texts).count == texts.count)
  }

  @Test func foldingHidesTheChildrenAndShowsTheValueOnOneLine() throws {
    let value = try Self.parse(#"{"tags": ["", "B", 2], "size": {"w": 3}}"#)
    var tree = DetailsTree()
    let rows = tree.rows(of: value)
    let foldedTags = tree.setFolded(true, at: [0], in: rows)
    let foldedString = tree.setFolded(true, at: [0, 1], in: rows)
    #expect(foldedTags)
    #expect(!foldedString, "a string does not fold")
    let folded = tree.rows(of: value)
    #expect(folded.map(\.text) == [#"▸ [3] ["","B",2]"#, "▾ {1}", "3"])
    #expect(folded[0].folded)
    tree.setFolded(false, at: [0], in: folded)
    #expect(tree.rows(of: value) == rows)
  }

  @Test func aValueThatIsNotAnObjectIsOneField() throws {
    #expect(DetailsTree().rows(of: try Self.parse(#"[1, 2]"#)).map(\.text) == ["▾ [2]", "1", "2"])
    #expect(DetailsTree().rows(of: .string("")).map(\.key) == ["value"])
  }

  @Test func rowsStopAtTheLimit() throws {
    let value = try Self.parse("[" + (0..<100).map(String.init).joined(separator: ",") + "]")
    #expect(DetailsTree().rows(of: value, limit: 10).count == 10)
  }
}
