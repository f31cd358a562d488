import Testing

@testable import WaterfallApp

/// A top-level array anywhere in a stream of values or in JSON Lines told from
/// content is a page whose elements are items; values one after another on a
/// line are a stream (issue 27, `{…}\n[…]{…}`). Declared JSON Lines keeps a row
/// a line, arrays too.
@Suite struct PagesAmongValuesTests {
  struct Page: Sendable, CustomTestStringConvertible {
    var path: String
    var text: String
    var options = ReadOptions()
    /// Each item's text, as it lies in the page.
    var texts: [String]
    var skipped: [String] = []
    var error: String? = nil

    var testDescription: String { "\(path) \(text.debugDescription)" }
  }

  static let pages: [Page] = [
    // The two shapes of the report: an array on line 2, with an object after it on its line or on the next.
    Page(path: "stdin", text: "{\"n\":1}\n[{\"n\":2},{\"n\":3}]{\"n\":4}", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#, #"{"n":4}"#]),
    Page(path: "stdin", text: "{\"n\":1}\n[{\"n\":2},{\"n\":3}]\n{\"n\":4}\n", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#, #"{"n":4}"#]),
    // Spaces and CRLF around the values: each item is exactly its own bytes.
    Page(
      path: "stdin", text: "{ \"n\": 1 }\r\n  [ { \"n\": 2 } ,\t{ \"n\": 3 } ]  { \"n\": 4 } 5 \r\n\r\n[]\n\"six\"\n",
      texts: [#"{ "n": 1 }"#, #"{ "n": 2 }"#, #"{ "n": 3 }"#, #"{ "n": 4 }"#, "5", #""six""#]),
    // A pretty-printed stream (as jq writes it) with an array among its objects.
    Page(path: "stdin", text: "{\n  \"n\": 1\n}\n[\n  {\"n\": 2},\n  {\"n\": 3}\n]\n{\n  \"n\": 4\n}\n", texts: ["{\n  \"n\": 1\n}", #"{"n": 2}"#, #"{"n": 3}"#, "{\n  \"n\": 4\n}"]),
    // A page that starts with `[`: arrays back to back, and bare values after them.
    Page(path: "stdin", text: #"[{"n":1}][{"n":2}]{"n":3} 4"#, texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#, "4"]),
    // A first line that is a scalar: JSON Lines told from content too.
    Page(path: "stdin", text: "0\n[1, 2]\n", texts: ["0", "1", "2"]),
    // Rows as arrays: told from content, each array is a page (as a page starting with `[` always was)…
    Page(path: "rows.json", text: "[1,\"a\"]\n[2,\"b\"]\n", texts: ["1", #""a""#, "2", #""b""#]),
    Page(path: "rows.txt", text: "{\"h\":1}\n[1,\"a\"]\n", texts: [#"{"h":1}"#, "1", #""a""#]),
    // … declared JSON Lines keeps a row a line, by its name or by --format.
    Page(path: "rows.jsonl", text: "[1,\"a\"]\n[2,\"b\"]\n", texts: [#"[1,"a"]"#, #"[2,"b"]"#]),
    Page(path: "stdin", text: "{\"h\":1}\n[1,\"a\"]\n", options: ReadOptions(format: .jsonl), texts: [#"{"h":1}"#, #"[1,"a"]"#]),
    Page(
      path: "rows.ndjson", text: "{\"n\":1}\n[{\"n\":2}]{\"n\":3}\n", texts: [#"{"n":1}"#],
      skipped: ["rows.ndjson:2:10: unexpected '{' after the JSON value (line skipped)"]),
    // Errors in JSON Lines: the rest of the bad line is skipped and said where; every good value is kept.
    Page(
      path: "stdin", text: "{\"n\":1}\n[{\"n\":2},oops]{\"n\":9}\n{\"n\":4}\n", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":4}"#],
      skipped: ["stdin:2:10: unexpected 'o', expected a value (line skipped)"]),
    Page(
      path: "stdin", text: "{\"n\":1}\n[{\"n\":2}\n{\"n\":4}\n", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":4}"#],
      skipped: ["stdin:2:9: unexpected end of input: the array is not closed (expected ',' or ']') (line skipped)"]),
    Page(
      path: "stdin", text: "{\"n\":1}\n{\"n\":2} x\n[{\"n\":3}] tru\n{oops}\n", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#],
      skipped: [
        "stdin:2:9: unexpected 'x' after the JSON value (line skipped)", "stdin:3:11: unexpected 't' after the array (line skipped)",
        "stdin:4:2: expected a string key, found 'o' (line skipped)",
      ]),
    // Errors in a stream stop the page, keeping what came before.
    Page(path: "stdin", text: "[{\"n\":1}]\n{\"n\":2}\n[{\"n\":3},]", texts: [#"{"n":1}"#, #"{"n":2}"#, #"{"n":3}"#], error: "stdin:3:10: unexpected ']', expected a value"),
    Page(path: "stdin", text: "{\n\"n\":1\n}\n[{\"n\":2}", texts: ["{\n\"n\":1\n}", #"{"n":2}"#], error: "stdin:4:9: unexpected end of input: the array is not closed (expected ',' or ']')"),
    // --path: every document holds its items there; a document without them is an error.
    Page(
      path: "stdin", text: "{\"items\":[{\"n\":1}]}\n{\"items\":[{\"n\":2}]}\n[{\"n\":3}]\n", options: ReadOptions(path: try! JSONPath(".items")),
      texts: [#"{"n":1}"#, #"{"n":2}"#], error: "stdin:3:1: this document has no array at /items, as the ones before it had"),
  ]

  /// What a page read in chunks cut at `splits` gave: the items' texts, checked
  /// against the page's bytes at their offsets, as `--print` and the details read them again.
  struct Outcome: Equatable {
    var texts: [String]
    var skipped: [String]
    var error: String?
  }

  static func read(_ page: Page, splits: [Int]) -> Outcome {
    var reader = PageReader(path: page.path, scanner: ItemScanner(roles: FieldRoles()), options: page.options, keepsBytes: true)
    let items = StreamingTests.feed(page.text, to: &reader, splits: splits)
    let bytes = Array(page.text.utf8)
    for item in items {
      let kept = item.json ?? []
      let range = item.offset..<(item.offset + item.length)
      #expect(range.upperBound <= bytes.count && Array(bytes[range]) == kept, "the page's bytes at \(range) are the item's")
    }
    return Outcome(
      texts: items.map { String(decoding: $0.json ?? [], as: UTF8.self) },
      skipped: reader.skipped.listed.map(\.description), error: reader.error?.description)
  }

  @Test(arguments: pages)
  func readsAsItShould(_ page: Page) {
    #expect(Self.read(page, splits: []) == Outcome(texts: page.texts, skipped: page.skipped, error: page.error))
  }

  @Test(arguments: pages)
  func everySplitGivesWhatTheWholePageGives(_ page: Page) {
    let whole = Self.read(page, splits: [])
    let count = page.text.utf8.count
    for split in 0...count {
      #expect(Self.read(page, splits: [split]) == whole, "split at \(split)")
    }
    #expect(Self.read(page, splits: Array(0...count)) == whole, "byte by byte")
  }

  @Test func theFormatIsToldAsTheRuleSays() throws {
    func sniff(_ text: String, path: String = "stdin", options: ReadOptions = ReadOptions()) throws -> FormatSniffer.Format? {
      var sniffer = FormatSniffer(path: path, options: options)
      let bytes = Array(text.utf8)
      return try bytes.withUnsafeBufferPointer { (pointer) throws(LoadError) in
        try sniffer.sniff(Chunk(bytes: pointer, start: 0, location: TextLocation(line: 1, column: 1), atEnd: true, path: path)).format
      }
    }
    #expect(try sniff("[1,2]\n[3,4]\n") == .stream)
    #expect(try sniff("[1,2]\n[3,4]\n", path: "rows.jsonl") == .lines(.rows))
    #expect(try sniff("[1,2]\n", options: ReadOptions(format: .jsonl)) == .lines(.rows))
    #expect(try sniff("[1,2]\n", options: ReadOptions(format: .json)) == .stream)
    #expect(try sniff("[1,2]\n", options: ReadOptions(path: try JSONPath(".a"))) == .outline)
    #expect(try sniff("1\n[2]\n") == .lines(.values))
    #expect(try sniff("{\"a\":1}\n") == .outline)
  }

  /// A chunk that ends inside the array on line 2: its elements so far are
  /// items already, the buffer keeps only the element cut off, and the next
  /// chunk resumes inside the array.
  @Test func aChunkEndingInsideTheArrayOnLineTwoResumesThere() {
    var reader = PageReader(path: "stdin", scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true)
    var items: [ScannedItem] = []
    reader.feed(Array("{\"n\":1}\n[{\"n\":2},{\"n\":3},{\"n".utf8), into: &items)
    #expect(items.map(\.offset) == [0, 9, 17])
    #expect(reader.buffer.count == 3, "only the element cut off is kept: \(reader.buffer.count) bytes")
    #expect(reader.buffer.start == 25)
    reader.feed(Array("\":4}]{\"n\":5}\n{\"n\":6}".utf8), into: &items)
    #expect(items.count == 5)
    reader.finish(into: &items)
    #expect(items.map { String(decoding: $0.json ?? [], as: UTF8.self) } == (1...6).map { #"{"n":\#($0)}"# })
    #expect(reader.error == nil && reader.skipped.isEmpty)
  }

  /// A page of 20,000 elements on one line of JSON Lines, arriving in 4 KiB
  /// chunks: it streams as an array does (the buffer never holds more than a
  /// chunk and an element), and its newline is searched for once.
  @Test func aHugeLineStreamsItsArray() {
    var text = "{\"title\":\"first\"}\n["
    for i in 0..<20_000 { text += (i > 0 ? "," : "") + #"{"title":"item \#(i)","w":3,"h":4}"# }
    text += "]{\"title\":\"after\"}\n{\"title\":\"last\"}\n"
    let bytes = Array(text.utf8)
    var reader = PageReader(path: "stdin", scanner: ItemScanner(roles: FieldRoles()))
    var largest = 0
    let items = StreamingTests.feed(bytes, to: &reader) { largest = max(largest, $0.buffer.count) }
    #expect(reader.error == nil && reader.skipped.isEmpty)
    #expect(items.count == 20_003)
    #expect(items.first?.content.title == "first")
    #expect(items[20_000].content.title == "item 19999")
    #expect(items.suffix(2).map(\.content.title) == ["after", "last"])
    #expect(largest < 4096 + 100, "the reader kept \(largest) bytes")
    let searched = (reader.itemReader as? JSONLinesReader)?.searchedBytes ?? .max
    #expect(searched <= bytes.count, "searched \(searched) bytes of \(bytes.count)")
  }
}
