import TestSupport
import Testing

@testable import WaterfallApp

/// Every format a page can be in, read whole and at every chunk split: JSON
/// documents holding their items, maps, streams of values, CSV and TSV.
@Suite struct SourceFormatsTests {
  struct Page: Sendable, CustomTestStringConvertible {
    var path: String
    var text: String
    var options = ReadOptions()
    /// The titles the page gives, the text of its first item as `json(at:)` gives it,
    /// its note, and its error.
    var titles: [String]
    var firstJSON: String? = nil
    var note: String? = nil
    var error: String? = nil

    var testDescription: String { path }
  }

  static let pages: [Page] = [
    Page(
      path: "iso.json", text: "{\n  \"3166-1\": [\n    {\"name\": \"Aruba\"},\n    {\"name\": \"Angola\"}\n  ]\n}\n",
      titles: ["Aruba", "Angola"], firstJSON: #"{"name": "Aruba"}"#,
      note: "items from /3166-1 (the largest array of objects; --path chooses another)"),
    Page(
      path: "geo.json",
      text: #"{"type": "FeatureCollection", "bbox": [1, 2], "features": [{"name": "a", "geometry": {"coordinates": [[1, 2]]}}, {"name": "b"}], "meta": [{"name": "m"}]}"#,
      titles: ["a", "b"], note: "items from /features (the largest array of objects; --path chooses another)"),
    Page(
      path: "pointer.json", text: #"{"a": [{"title": "no"}, {"title": "no"}], "b": {"c": [{"title": "yes"}]}}"#,
      options: ReadOptions(path: try! JSONPath("/b/c")), titles: ["yes"], note: "items from /b/c"),
    Page(
      path: "jq.json", text: #"{"x": 1, "3166-1": [{"name": "Aruba"}]}"#,
      options: ReadOptions(path: try! JSONPath(#".["3166-1"]"#)), titles: ["Aruba"], note: "items from /3166-1"),
    Page(
      path: "missing.json", text: #"{"a": [{"title": "x"}]}"#, options: ReadOptions(path: try! JSONPath(".nope")),
      titles: [], error: "missing.json: --path /nope is not in the document (items could come from /a)"),
    Page(
      path: "map.json", text: "{\"alice\": {\"age\": 3}, \"bob\": {\"age\": 5}}",
      titles: ["alice", "bob"], firstJSON: #"{"alice": {"age": 3}}"#,
      note: "items from / (the largest map of objects, a card per key; --path chooses another)"),
    Page(
      path: "stream.json", text: "{\n  \"title\": \"one\"\n}\n{\n  \"title\": \"two\",\n  \"tags\": [\n    \"x\"\n  ]\n}\n\"three\"\n",
      titles: ["one", "two", "three"], firstJSON: "{\n  \"title\": \"one\"\n}"),
    Page(path: "stream-bad.json", text: "{\n  \"title\": \"one\"\n}\n{\n  \"title\" 2\n}\n", titles: ["one"], error: "stream-bad.json:5:11: expected ':' after the key, found '2'"),
    Page(path: "lines.json", text: "{\"title\": \"a\"}\n{\"title\": \"b\"}\n", titles: ["a", "b"]),
    Page(path: "one.json", text: "{\"title\": \"alone\"}", titles: ["alone"]),
    Page(path: "cut.json", text: "{\"items\": [{\"title\": \"kept\"}, {\"title\": ", titles: ["kept"],
      note: "items from /items (the array of objects; --path chooses another)", error: "cut.json:1:41: unexpected end of input, expected a value"),
    Page(
      path: "shop.csv", text: "\u{FEFF}title,price,w,h,note\r\n\"Mug, blue\",12.5,40,30,\"two\nlines\"\r\nLamp,007,,,\"say \"\"hi\"\"\"\r\n\r\n",
      titles: ["Mug, blue", "Lamp"], firstJSON: #"{"title":"Mug, blue","price":12.5,"w":40,"h":30,"note":"two\nlines"}"#),
    Page(path: "people.tsv", text: "name\tcity\nAda\tLondon\nBo\tOslo", titles: ["Ada", "Bo"], firstJSON: #"{"name":"Ada","city":"London"}"#),
    Page(path: "semi.txt", text: "title;price\nA;1\nB;2\nC;3\n", titles: ["A", "B", "C"], firstJSON: #"{"title":"A","price":1}"#),
    Page(path: "forced", text: "title|n\nA|1\n", options: ReadOptions(format: .csv), titles: ["A"]),
    Page(path: "ragged.csv", text: "title,n\nA\nB,2,extra\n", titles: ["A", "B"], firstJSON: #"{"title":"A"}"#),
    Page(path: "open.csv", text: "title\n\"never closed\nA\n", titles: [], error: "open.csv:2:1: a quoted field is not closed: it runs to the end of the file"),
    Page(path: "doc.json", text: "%PDF-1.7\n%\n", titles: [], error: "doc.json: looks like a PDF document, not data"),
    // Excel's "CSV (Macintosh)": a CR alone ends each record (issue 30).
    Page(path: "mac.csv", text: "title,n\rMug,2\rLamp,\"a\rb\"\r\r", titles: ["Mug", "Lamp"], firstJSON: #"{"title":"Mug","n":2}"#),
    Page(path: "mac.txt", text: "title;n\rA;1\rB;2\rC;3", titles: ["A", "B", "C"], firstJSON: #"{"title":"A","n":1}"#),
    // Pages back to back, as `gh api --paginate` and `jq` print them: one stream of items (issue 27).
    Page(path: "pages.json", text: #"[{"title":"a"},{"title":"b"}][{"title":"c"}][]"#, titles: ["a", "b", "c"]),
    Page(path: "pages-lines.json", text: "[\n  {\"title\": \"a\"}\n]\n[\n  {\"title\": \"b\"}\n]\n", titles: ["a", "b"], firstJSON: #"{"title": "a"}"#),
    // A bare value after the arrays is an item; what is not a value stops the page.
    Page(
      path: "pages-then.json", text: #"[{"title":"a"}][{"title":"b"}] {"title":"c"} trailing"#, titles: ["a", "b", "c"],
      error: "pages-then.json:1:46: unexpected 't' after the JSON value"),
    Page(
      path: "search.json",
      text: "{\n  \"total_count\": 3,\n  \"items\": [\n    {\"title\": \"a\"},\n    {\"title\": \"b\"}\n  ]\n}{\n  \"total_count\": 3,\n  \"items\": [\n    {\"title\": \"c\"}\n  ]\n}\n",
      titles: ["a", "b", "c"], firstJSON: #"{"title": "a"}"#,
      note: "items from /items of each document (the largest array of objects; --path chooses another)"),
    Page(
      path: "compact.json", text: #"{"n":2,"items":[{"title":"a"},{"title":"b"}]}{"n":1,"items":[{"title":"c"}]}"#,
      titles: ["a", "b", "c"], note: "items from /items of each document (the largest array of objects; --path chooses another)"),
    Page(
      path: "named.json", text: "{\"items\": [{\"title\": \"a\"}], \"next\": \"x\"}\n{\"items\": [{\"title\": \"b\"}]}\n",
      options: ReadOptions(path: try! JSONPath(".items")), titles: ["a", "b"], note: "items from /items"),
    Page(
      path: "rate.json", text: #"{"items":[{"title":"a"},{"title":"b"}]}{"message":"rate limited"}"#, titles: ["a", "b"],
      note: "items from /items of each document (the largest array of objects; --path chooses another)",
      error: "rate.json:1:40: this document has no array at /items, as the ones before it had"),
    // Items that hold a small array of objects stay items, in a stream and in JSON Lines.
    Page(
      path: "issues.json",
      text: "{\n  \"title\": \"one\",\n  \"body\": \"a long enough body of text\",\n  \"labels\": [{\"name\": \"bug\"}]\n}\n{\n  \"title\": \"two\",\n  \"body\": \"another body of text here\",\n  \"labels\": [{\"name\": \"ui\"}]\n}\n",
      titles: ["one", "two"]),
    Page(
      path: "orders.json", text: "{\"title\": \"o1\", \"lines\": [{\"sku\": 1}, {\"sku\": 2}]}\n{\"title\": \"o2\", \"lines\": [{\"sku\": 3}]}\n",
      titles: ["o1", "o2"]),
  ]

  /// What a reader made of a page: comparable, whatever the chunks were.
  struct Outcome: Equatable {
    var titles: [String]
    var texts: [String]
    var note: String?
    var error: String?
  }

  static func read(_ page: Page, splits: [Int]) -> Outcome {
    var reader = PageReader(path: page.path, scanner: ItemScanner(roles: FieldRoles()), options: page.options, keepsBytes: true)
    let items = StreamingTests.feed(page.text, to: &reader, splits: splits)
    let texts = items.map { String(decoding: reader.shape.json(from: $0.json ?? []), as: UTF8.self) }
    return Outcome(titles: items.map(\.content.title), texts: texts, note: reader.note, error: reader.error?.description)
  }

  @Test(arguments: pages)
  func eachFormatReadsAsItShould(_ page: Page) {
    let whole = Self.read(page, splits: [])
    #expect(whole.titles == page.titles)
    if let first = page.firstJSON { #expect(whole.texts.first == first) }
    #expect(whole.note == page.note)
    #expect(whole.error == page.error)
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

  /// Pages larger than the decision window, back to back, arriving in a pipe's
  /// chunks: every page's items, in order, as one stream (issue 27).
  @Test(arguments: [false, true])
  func largePagesBackToBackAreOneStream(wrapped: Bool) {
    func page(_ n: Int) -> String {
      let items = (0..<3_000).map { #"{"title": "p\#(n) item \#($0)"}"# }.joined(separator: ",\n")
      return wrapped ? "{\"total_count\": 9000, \"items\": [\n\(items)\n], \"next\": {\"page\": \(n + 1)}}" : "[\n\(items)\n]"
    }
    let text = page(1) + page(2) + "\n" + page(3) + "\n"
    var reader = PageReader(path: "stdin", scanner: ItemScanner(roles: FieldRoles()))
    let items = StreamingTests.feed(text, to: &reader, splits: Array(stride(from: 0, to: text.utf8.count, by: 65_536)))
    #expect(reader.error == nil)
    #expect(items.count == 9_000)
    #expect(items.first?.content.title == "p1 item 0")
    #expect(items[3_000].content.title == "p2 item 0")
    #expect(items.last?.content.title == "p3 item 2999")
    #expect(reader.note == (wrapped ? "items from /items (an array of objects; --path chooses another)" : nil))
  }

  /// A record's end read byte by byte: the rule ``CSVTable/recordEnd(in:from:atEnd:)``
  /// reads eight bytes at a time.
  static func referenceRecordEnd(_ bytes: [UInt8], from start: Int, atEnd: Bool) -> Int? {
    var inQuotes = false
    var i = start
    while i < bytes.count {
      let b = bytes[i]
      i += 1
      if b == UInt8(ascii: "\"") {
        inQuotes.toggle()
      } else if !inQuotes, b == 0x0A {
        return i
      } else if !inQuotes, b == 0x0D {
        if i < bytes.count { if bytes[i] != 0x0A { return i } } else { return atEnd ? i : nil }
      }
    }
    return atEnd && start < bytes.count ? bytes.count : nil
  }

  @Test func recordEndsAgreeWithAByteByByteReading() {
    var rng = SeededGenerator(seed: 7)
    let alphabet: [UInt8] = [0x22, 0x0A, 0x0D, 0x2C, 0x20, 0x21, 0x23, 0x09, 0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xFF, 0x61, 0x62]
    for _ in 0..<3_000 {
      let bytes = (0..<Int.random(in: 0...70, using: &rng)).map { _ in
        Int.random(in: 0..<4, using: &rng) == 0 ? alphabet.randomElement(using: &rng)! : UInt8(ascii: "x")
      }
      let start = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
      for atEnd in [false, true] {
        let fast = bytes.withUnsafeBufferPointer { CSVTable.recordEnd(in: $0, from: start, atEnd: atEnd) }
        #expect(fast == Self.referenceRecordEnd(bytes, from: start, atEnd: atEnd), "\(bytes) from \(start), at end: \(atEnd)")
      }
    }
  }

  @Test func anArrayInsideALargeObjectStreamsBeforeTheDocumentEnds() {
    // The first chunk holds far more than the decision window: the open array is
    // chosen and its items come at once, long before the object closes.
    var text = #"{"meta": {"n": 1}, "items": ["#
    for i in 0..<5_000 { text += #"{"title": "item \#(i)"},"# }
    var reader = PageReader(path: "big.json", scanner: ItemScanner(roles: FieldRoles()))
    var items: [ScannedItem] = []
    reader.feed(Array(text.utf8), into: &items)
    #expect(items.count >= 4_999)
    #expect(items.first?.content.title == "item 0")
    #expect(reader.note == "items from /items (an array of objects; --path chooses another)")
  }

  @Test func skippedLinesKeepTheFirstTwentyAndCountTheRest() {
    var text = ""
    for i in 0..<1_000 { text += i % 10 == 0 ? "{\"title\": \"ok\"}\n" : "{bad\n" }
    let page = PageParser.parse(Array(text.utf8), path: "bad.jsonl")
    #expect(page.items.count == 100)
    #expect(page.skipped.count == 900)
    #expect(page.skipped.listed.count == 20)
    #expect(page.skipped.report.count == 21)
    #expect(page.skipped.report.last == "… and 880 more lines skipped")
  }

  @Test func pathsReadInBothSpellings() throws {
    #expect(try JSONPath("/features").components == ["features"])
    #expect(try JSONPath(".features").components == ["features"])
    #expect(try JSONPath(#".["3166-1"]"#).components == ["3166-1"])
    #expect(try JSONPath(".data[0].items").components == ["data", "0", "items"])
    #expect(try JSONPath("/a~1b/~0c").components == ["a/b", "~c"])
    #expect(try JSONPath(".data[0].items").description == "/data/0/items")
    #expect(throws: JSONPath.Invalid.self) { try JSONPath("features") }
    #expect(throws: JSONPath.Invalid.self) { try JSONPath(".[x]") }
  }

  @Test func notDataIsToldByItsFirstBytes() {
    #expect(ContentSniffer.notData([0xFF, 0xD8, 0xFF, 0xE0])?.what == "a JPEG picture")
    #expect(ContentSniffer.notData([0x1F, 0x8B, 0x08])?.what == "a gzip archive")
    #expect(ContentSniffer.notData(Array("PK".utf8) + [3, 4])?.what == "a zip archive")
    var tar = [UInt8](repeating: 0, count: 512)
    tar.replaceSubrange(0..<4, with: Array("a.js".utf8))
    tar.replaceSubrange(257..<262, with: Array("ustar".utf8))
    #expect(ContentSniffer.notData(tar)?.what == "a tar archive")
    #expect(ContentSniffer.notData(Array("a,b\n1,\u{0}".utf8))?.what == "a binary file")
    #expect(ContentSniffer.notData(Array("title,price\nMug,3\n".utf8)) == nil)
    #expect(ContentSniffer.notData(Array("[{\"a\": 1}]".utf8)) == nil)
  }

  /// Random documents from JSON and CSV pieces (well formed or not), read whole and
  /// cut at random places: the same outcome every time, and no crash.
  @Test func randomDocumentsReadTheSameWhateverTheChunks() {
    let pieces = [
      "{", "}", "[", "]", "\"a\"", "\"title\"", ":", ",", "1", "-2.5", "\n", " ", "\"", ";", "\t", "null",
      "{\"title\": \"x\"}", "[{\"name\": \"y\"}]", "\"k\": {\"v\": 1}", "a,b", "\"q,\"\"\"", "\u{FEFF}", "\r\n", "é",
    ]
    var random = SeededGenerator(seed: 12)
    for round in 0..<2000 {
      var text = ""
      for _ in 0..<Int.random(in: 1...30, using: &random) { text += pieces.randomElement(using: &random)! }
      let path = ["r.json", "r.csv", "r.tsv", "r"].randomElement(using: &random)!
      var options = ReadOptions()
      if Bool.random(using: &random) { options.path = try? JSONPath(["/a", ".title", "/0", "/k"].randomElement(using: &random)!) }
      let page = Page(path: path, text: text, options: options, titles: [])
      let whole = Self.read(page, splits: [])
      let count = text.utf8.count
      let splits = (0..<3).map { _ in Int.random(in: 0...count, using: &random) }.sorted()
      #expect(Self.read(page, splits: splits) == whole, "round \(round): \(text.debugDescription) at \(splits)")
    }
  }
}
