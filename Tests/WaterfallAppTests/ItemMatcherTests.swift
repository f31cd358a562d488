import TestSupport
import Testing

@testable import WaterfallApp

/// ``ItemMatcher`` on the tricky items of ``SearchTextBuilderTests``: on those
/// the parser reads, it answers as the parsed values do; on text that is not
/// JSON, it answers as pinned (no match, unless every term was found before the
/// bad text and none is negated).
@Suite struct ItemMatcherTests {
  static let queries = [
    "wool", "'\"throw\"", "title:wool", "😀", "é", "i̇", "e:'x", "^\\", "a.b.c:1", "a.b.c.d:x", "a:x", "c:1", "d:x",
    "e:y", "😀k:z", "key.k:1", "key:1", "-1.5e+3", "'e-7", "1234567890", "true", "null", "^$", "'b", "茶", "σας", "ǆ",
    "ß", "k", "!wool", "!x", "deep", "a", "!b", "zz | a", "a !a",
  ]

  @Test func trickyItemsAnswerAsTheirParsedValues() {
    var checked = 0
    for item in SearchTextBuilderTests.trickyItems {
      guard let value = try? JSONParser.parse(item) else { continue }
      for text in Self.queries {
        let query = SearchQuery(text)
        var matcher = ItemMatcher(query)
        let got = item.withUnsafeBufferPointer { matcher.matches(json: $0) }
        #expect(got == query.matches(SearchFields(value)), "\(text) on \(String(decoding: item, as: UTF8.self))")
        checked += 1
      }
    }
    #expect(checked >= 8 * Self.queries.count)
  }

  @Test func textThatIsNotJSONMatchesOnlyWhenEveryTermIsFoundBeforeIt() {
    let cases: [(json: String, query: String, matches: Bool)] = [
      (#"{"t":"a"} x"#, "a", true),
      (#"{"t":"a"} x"#, "a !b", false),
      (#"{"t":"a"} x"#, "b", false),
      (#"{"t":"a","#, "a", true),
      (#"{"t":"a","#, "!b", false),
      (#"{"t":"\uZZZZ"}"#, "a", false),
      (#"{"\uZZZZ":"a"}"#, "a", true),
      (#"{"\uZZZZ":"a"}"#, "t:a", false),
      (#"{"t" "a"}"#, "a", false),
      (#"["a""#, "a", true),
      (#"["a""#, "!b", false),
    ]
    for (json, text, expected) in cases {
      var matcher = ItemMatcher(SearchQuery(text))
      let got = Array(json.utf8).withUnsafeBufferPointer { matcher.matches(json: $0) }
      #expect(got == expected, "\(text) on \(json)")
    }
  }

  @Test func nestingPastTheLimitMatchesNothing() {
    var matcher = ItemMatcher(SearchQuery("deep"))
    #expect(SearchTextBuilderTests.nested(512).withUnsafeBufferPointer { matcher.matches(json: $0) })
    #expect(!SearchTextBuilderTests.nested(513).withUnsafeBufferPointer { matcher.matches(json: $0) })
  }

  /// An escape may spell any letter: the raw prefilter lets such items through to the walk.
  @Test func aLetterSpelledByAnEscapeIsFound() {
    let json = Array(#"{"title":"\u0057ool"}"#.utf8)
    for text in ["'wool", "^wool$", "title:'wool"] {
      #expect(json.withUnsafeBufferPointer { SearchQuery(text).mayMatch(raw: $0) }, "\(text)")
      var matcher = ItemMatcher(SearchQuery(text))
      #expect(json.withUnsafeBufferPointer { matcher.matches(json: $0) }, "\(text)")
    }
  }
}
