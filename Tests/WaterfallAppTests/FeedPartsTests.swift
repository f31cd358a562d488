import Testing

@testable import WaterfallApp

/// The small parts of a feed: query parameters set in its URL, the value at a
/// pointer found in a body without building the rest, the format a response
/// names.
@Suite struct FeedPartsTests {
  @Test func queryParametersAreSetInPlaceOrAdded() {
    #expect(FeedURL.setting("page", to: "2", in: "https://h/items?per=5&page=1#top") == "https://h/items?per=5&page=2#top")
    #expect(FeedURL.setting("page", to: "2", in: "https://h/items") == "https://h/items?page=2")
    #expect(FeedURL.setting("after", to: "a b/c&d=é", in: "https://h/i?x=1") == "https://h/i?x=1&after=a%20b%2Fc%26d%3D%C3%A9")
    #expect(FeedURL.setting("p", to: "3", in: "https://h/i?p=1&q=2&p=9") == "https://h/i?p=3&q=2")
    #expect(FeedURL.setting("page size", to: "3", in: "https://h/i?page%20size=1") == "https://h/i?page%20size=3")
    #expect(FeedURL.value(of: "page", in: "https://h/i?per=5&page=7#x") == "7")
    #expect(FeedURL.value(of: "after", in: "https://h/i?after=a%20b") == "a b")
    #expect(FeedURL.value(of: "page", in: "https://h/i") == nil)
  }

  @Test func theValueAtAPointerIsFoundWithoutBuildingTheRest() throws {
    let body = Array(#"{"items": [{"id": 1}, {"id": 2, "deep": [null, {"x": "y"}]}], "paging": {"next": "c2", "n": 12.50}, "next": null}"#.utf8)
    #expect(try JSONPointerLookup.value(at: JSONPath("/paging/next"), in: body) == .string("c2"))
    #expect(try JSONPointerLookup.value(at: JSONPath(".paging.n"), in: body) == .number("12.50"))
    #expect(try JSONPointerLookup.value(at: JSONPath("/items/1/deep/1/x"), in: body) == .string("y"))
    #expect(try JSONPointerLookup.value(at: JSONPath("/items/0"), in: body) == .object([JSONMember(key: "id", value: .number("1"))]))
    #expect(try JSONPointerLookup.value(at: JSONPath("/next"), in: body) == .null)
    #expect(try JSONPointerLookup.value(at: JSONPath("/missing"), in: body) == nil)
    #expect(try JSONPointerLookup.value(at: JSONPath("/items/7"), in: body) == nil)
    #expect(try JSONPointerLookup.value(at: JSONPath("/paging/next/deeper"), in: body) == nil)
    // JSON Lines: the first value only.
    #expect(try JSONPointerLookup.value(at: JSONPath("/a"), in: Array("{\"a\": 1}\n{\"a\": 2}\n".utf8)) == .number("1"))
    // A syntax error anywhere in the value is one.
    #expect(throws: JSONSyntaxError.self) { try JSONPointerLookup.value(at: JSONPath("/a"), in: Array(#"{"a": 1, "b": [1 2]}"#.utf8)) }
  }
}
