import Testing

@testable import WaterfallApp

/// Pages read as their bytes arrive, and the compact store they go into.
@Suite struct StreamingTests {
  /// What a reader made of a page: comparable, whatever the chunks were.
  struct Outcome: Equatable, CustomStringConvertible {
    var titles: [String]
    var offsets: [Int]
    var texts: [String]
    var skipped: [String]
    var error: String?

    var description: String { "\(titles) \(offsets) skipped \(skipped) error \(error ?? "none")" }
  }

  /// Feeds `text` to `reader` in chunks cut at `splits`, then finishes it.
  static func feed(_ text: String, to reader: inout PageReader, splits: [Int]) -> [ScannedItem] {
    let bytes = Array(text.utf8)
    var items: [ScannedItem] = []
    var start = 0
    for split in splits + [bytes.count] where split >= start {
      reader.feed(Array(bytes[start..<split]), into: &items)
      start = split
    }
    reader.finish(into: &items)
    return items
  }

  /// Feeds `bytes` to `reader` in chunks of `size` bytes, as a pipe brings
  /// them, calling `fed` after each chunk, then finishes it.
  static func feed(
    _ bytes: [UInt8], to reader: inout PageReader, chunksOf size: Int = 4096, fed: (PageReader) -> Void = { _ in }
  ) -> [ScannedItem] {
    var items: [ScannedItem] = []
    var start = 0
    while start < bytes.count {
      let end = min(bytes.count, start + size)
      reader.feed(Array(bytes[start..<end]), into: &items)
      fed(reader)
      start = end
    }
    reader.finish(into: &items)
    return items
  }

  static func read(_ text: String, path: String = "p.json", splits: [Int]) -> Outcome {
    var reader = PageReader(path: path, scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true)
    let items = feed(text, to: &reader, splits: splits)
    return Outcome(
      titles: items.map(\.content.title), offsets: items.map(\.offset),
      texts: items.map { String(decoding: $0.json ?? [], as: UTF8.self) },
      skipped: reader.skipped.listed.map(\.description), error: reader.error?.description)
  }

  static let pages: [(String, String)] = [
    ("a.json", "[\n  {\"title\": \"Mug\", \"n\": 12},\n  {\"title\": \"茶壶 ☕\", \"tags\": [\"a\", \"b\"]},\n  42, \"x\", true\n]\n"),
    ("b.json", "\u{FEFF}[{\"title\":\"bom\"}]"),
    ("c.json", "[{\"title\":\"one\"},\n {\"title\" 2}, {\"title\":\"never\"}]"),
    ("d.json", "[{\"title\":\"a\"}] trailing"),
    ("e.json", "[{\"title\":\"open\"},\n{\"title\":\"cut"),
    ("f.json", "[1,]"),
    ("g.jsonl", "{\"title\":\"l1\"}\n{oops}\n\n{\"title\":\"l3\"}\r\n[1,\n{\"title\":\"l5\"}"),
    ("h.jsonl", "  {\"title\": \"spaced\"}  \n12345\n\"str\\u00e9\"\n"),
    ("i.json", "[]"),
    ("j.json", "   \n"),
  ]

  @Test(arguments: pages)
  func everySplitGivesWhatTheWholePageGives(path: String, text: String) {
    let whole = Self.read(text, path: path, splits: [])
    let count = text.utf8.count
    for split in 0...count {
      #expect(Self.read(text, path: path, splits: [split]) == whole, "split at \(split)")
    }
    // And byte by byte, as a slow pipe delivers it.
    #expect(Self.read(text, path: path, splits: Array(0...count)) == whole)
  }

  @Test func wholePagesReadAsTheyShould() {
    let a = Self.read(Self.pages[0].1, path: "a.json", splits: [])
    #expect(a.titles == ["Mug", "茶壶 ☕", "42", "x", "true"])
    #expect(a.texts[0] == #"{"title": "Mug", "n": 12}"#)
    #expect(a.error == nil)
    #expect(Self.read(Self.pages[1].1, path: "b.json", splits: []).titles == ["bom"])
    let c = Self.read(Self.pages[2].1, path: "c.json", splits: [])
    #expect(c.titles == ["one"])
    #expect(c.error == "c.json:2:11: expected ':' after the key, found '2'")
    #expect(Self.read(Self.pages[3].1, path: "d.json", splits: []).error == "d.json:1:17: unexpected 't' after the array")
    let e = Self.read(Self.pages[4].1, path: "e.json", splits: [])
    #expect(e.titles == ["open"])
    #expect(e.error == "e.json:2:10: unterminated string")
    #expect(Self.read(Self.pages[5].1, path: "f.json", splits: []).error == "f.json:1:4: unexpected ']', expected a value")
    let g = Self.read(Self.pages[6].1, path: "g.jsonl", splits: [])
    #expect(g.titles == ["l1", "l3", "l5"])
    #expect(g.skipped == [
      "g.jsonl:2:2: expected a string key, found 'o' (line skipped)",
      "g.jsonl:5:4: unexpected end of input, expected a value (line skipped)",
    ])
    let h = Self.read(Self.pages[7].1, path: "h.jsonl", splits: [])
    #expect(h.titles == ["spaced", "12345", "stré"])
    #expect(h.offsets == [2, 24, 30])
    #expect(Self.read(Self.pages[8].1, path: "i.json", splits: []) == Outcome(titles: [], offsets: [], texts: [], skipped: [], error: nil))
    #expect(Self.read(Self.pages[9].1, path: "j.json", splits: []).titles.isEmpty)
  }

  @Test func linesArrivingInPiecesAppearAsEachLineCompletes() {
    var reader = PageReader(path: "stdin", scanner: ItemScanner(roles: FieldRoles()), keepsBytes: true)
    var items: [ScannedItem] = []
    reader.feed(Array(#"{"title":"fir"#.utf8), into: &items)
    #expect(items.isEmpty, "half a line is not an item yet")
    reader.feed(Array("st\"}\n{\"title\":".utf8), into: &items)
    #expect(items.map(\.content.title) == ["first"])
    reader.feed(Array("\"second\"}\n".utf8), into: &items)
    #expect(items.map(\.content.title) == ["first", "second"])
    reader.feed(Array(#"{"title":"last, no newline"}"#.utf8), into: &items)
    #expect(items.count == 2, "a line is whole only at its newline or the end")
    reader.finish(into: &items)
    #expect(items.map(\.content.title) == ["first", "second", "last, no newline"])
  }

  @Test func theBufferHoldsOnlyTheElementCutOffByAChunk() {
    // Many small elements in 4 KiB chunks: after each chunk the reader keeps at
    // most the one element a chunk cut in two, never the page so far.
    var text = "["
    for i in 0..<20_000 { text += (i > 0 ? ",\n" : "") + #"{"title":"item \#(i)","w":3,"h":4}"# }
    let bytes = Array((text + "]").utf8)
    var reader = PageReader(path: "many.json", scanner: ItemScanner(roles: FieldRoles()))
    var largest = 0
    let items = Self.feed(bytes, to: &reader) { largest = max(largest, $0.buffer.count) }
    #expect(items.count == 20_000)
    #expect(largest < 4096 + 100, "the reader kept \(largest) bytes")
  }

  @Test func aNumberAtTheEndOfAChunkWaitsForTheRest() {
    var reader = PageReader(path: "n.json", scanner: ItemScanner(roles: FieldRoles()))
    var items: [ScannedItem] = []
    reader.feed(Array("[12".utf8), into: &items)
    #expect(items.isEmpty)
    reader.feed(Array("34]".utf8), into: &items)
    #expect(items.map(\.content.title) == ["1234"])
  }

  @Test func aLongLineIsSearchedForItsEndOnceHoweverManyChunksBringIt() {
    // A short line, then one of 4 MiB arriving in 4 KiB chunks, as a pipe
    // brings it: the newline search goes on where the last chunk left it, so the
    // bytes searched are the page's, not a thousand times the line's.
    let long = #"{"title":"big","text":""# + String(repeating: "x", count: 4 << 20) + "\"}\n"
    let bytes = Array((#"{"title":"small"}"# + "\n" + long + #"{"title":"after"}"# + "\n").utf8)
    var reader = PageReader(path: "stdin", scanner: ItemScanner(roles: FieldRoles()))
    let items = Self.feed(bytes, to: &reader)
    #expect(items.map(\.content.title) == ["small", "big", "after"])
    let searched = (reader.itemReader as? JSONLinesReader)?.searchedBytes ?? .max
    #expect(searched <= bytes.count, "searched \(searched) bytes of \(bytes.count)")
    #expect(items[1].offset == 18 && items[1].length == long.utf8.count - 1)
  }

  @Test func aHugeElementIsNotReadAgainForEveryChunk() {
    // One element of 4 MiB arriving in 4 KiB chunks: with doubling, the reader
    // tries it about log2(1024) times, not 1024 times.
    let body = String(repeating: "x", count: 4 << 20)
    let bytes = Array("[\"\(body)\"]".utf8)
    var reader = PageReader(path: "big.json", scanner: ItemScanner(roles: FieldRoles()))
    var attempts = 0
    var retryAt = reader.buffer.retryAt
    let items = Self.feed(bytes, to: &reader) { fed in
      if fed.buffer.retryAt != retryAt { attempts += 1 }
      retryAt = fed.buffer.retryAt
    }
    #expect(items.count == 1)
    #expect(items[0].content.title.utf8.count == ItemScanner.cardTextLimit + "…".utf8.count, "a card keeps 4 KiB of a title")
    #expect(attempts < 20)
  }
}

@Suite struct ItemStoreTests {
  @Test func packedContentRoundTrips() {
    let cards = [
      CardContent(title: ""),
      CardContent(title: "Mug", subtitle: "$9", image: "a.png", aspect: .init(width: 367, height: 551), tags: ["x", "茶"], text: "hi"),
      CardContent(title: String(repeating: "é", count: 300), tags: Array(repeating: "t", count: 200)),
    ]
    for card in cards {
      var bytes: [UInt8] = []
      card.pack(into: &bytes)
      bytes.withUnsafeBufferPointer {
        #expect(CardContent(unpacking: $0) == card)
        #expect(CardContent.packedLength(in: $0) == bytes.count)
      }
    }
  }

  /// A picture's size in whole pixels packs as two counts (a few bytes, not
  /// two 64-bit floats); any other size as floats; both read back the same,
  /// and the card's height and packed length read past either.
  @Test func wholeAspectsPackSmall() {
    func packed(_ aspect: CardContent.Aspect?) -> [UInt8] {
      var bytes: [UInt8] = []
      CardContent(title: "Mug", image: "a.png", aspect: aspect, tags: ["x"]).pack(into: &bytes)
      return bytes
    }
    let none = packed(nil).count
    #expect(packed(.init(width: 490, height: 720)).count == none + 4)
    #expect(packed(.init(width: 20_000, height: 30_000)).count == none + 6)
    #expect(packed(.init(width: 4.5, height: 3)).count == none + 16)
    #expect(packed(.init(width: 1e12, height: 1e12)).count == none + 16, "past 2^32: floats")
    for aspect: CardContent.Aspect? in [.init(width: 490, height: 720), .init(width: 4.5, height: 3), .init(width: 1, height: 4_294_967_295)] {
      let card = CardContent(title: "Mug", subtitle: "$9", image: "a.png", aspect: aspect, tags: ["x"], text: "hi", fields: ["a: b"])
      var bytes: [UInt8] = []
      card.pack(into: &bytes)
      bytes.withUnsafeBufferPointer {
        #expect(CardContent(unpacking: $0) == card)
        #expect(CardContent.packedLength(in: $0) == bytes.count)
        #expect(CardContent.packedHeight(in: $0, width: 30) == CardPlan(content: card, width: 30).height)
      }
    }
  }

  @Test func arenaKeepsOffsetsAcrossBlocks() {
    var arena = ByteArena()
    var offsets: [Int] = []
    for i in 0..<3000 { offsets.append(arena.append(Array(repeating: UInt8(i % 251), count: 700))) }
    let big = arena.append(Array(repeating: 7, count: ByteArena.blockSize * 2))
    for (i, offset) in offsets.enumerated() {
      #expect(arena.bytes(at: offset, count: 700).allSatisfy { $0 == UInt8(i % 251) })
    }
    #expect(arena.bytes(at: big, count: ByteArena.blockSize * 2).count == ByteArena.blockSize * 2)
    #expect(arena.count == 3000 * 700 + ByteArena.blockSize * 2)
  }

  /// A store of a few items reserved two whole blocks (2 MiB) before: under ASan
  /// every fuzz input paid for mapping and poisoning them.
  @Test func aSmallArenaReservesKilobytesAndGrowsIntoBlocks() {
    var arena = ByteArena()
    let first = arena.append(Array("hello".utf8))
    #expect(arena.reservedBytes < ByteArena.blockSize / 16)
    var offsets: [Int] = [first]
    for i in 0..<2000 { offsets.append(arena.append(Array(repeating: UInt8(i % 251), count: 1000))) }
    #expect(Array(arena.bytes(at: first, count: 5)) == Array("hello".utf8))
    for (i, offset) in offsets.dropFirst().enumerated() {
      #expect(arena.bytes(at: offset, count: 1000).allSatisfy { $0 == UInt8(i % 251) })
      arena.withBytes(from: offset) { #expect($0.count >= 1000) }
    }
    #expect(arena.count == 5 + 2000 * 1000)
    #expect(arena.reservedBytes < 3 * ByteArena.blockSize)
  }

  @Test func storeGivesBackContentTextAndId() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"id":"a1","title":"Mug","extra":{"deep":[1,2,3]}}"#.utf8))
    try store.append(json: Array(#"{"title":"no id"}"#.utf8))
    #expect(store.count == 2)
    #expect(store.content(at: 0).title == "Mug")
    #expect(store.id(at: 0) == "a1")
    #expect(store.id(at: 1) == nil)
    #expect(String(decoding: store.json(at: 0), as: UTF8.self) == #"{"id":"a1","title":"Mug","extra":{"deep":[1,2,3]}}"#)
    #expect(store.value(at: 0)["extra"]?["deep"] == .array([.number("1"), .number("2"), .number("3")]))
  }

  @Test func aCardCostsItsTextAndAFewBytes() throws {
    let store = ItemStore(roles: FieldRoles())
    let page = store.addMemoryPage(path: "m.jsonl")
    var items: [ScannedItem] = []
    for i in 0..<1000 {
      let json = #"{"id":\#(i),"title":"Linen rug \#(i)","price":"$12.50","img":"img/rug.png","w":300,"h":400,"tags":["home","new"],"description":"\#(String(repeating: "words ", count: 17))"}"#
      items.append(try json.utf8.withContiguousStorageIfAvailable { try ItemScanner(roles: FieldRoles()).scan($0, offset: 0) }!)
    }
    store.append(items, toPage: page)
    // Title, price, image, tags and the aspect, plus a 24-byte record: well under 100 bytes.
    #expect(store.summaryBytes / store.count < 100)
  }

  @Test func rawTextSearchSkipsItemsThatCannotMatch() {
    func may(_ query: String, _ raw: String) -> Bool {
      Array(raw.utf8).withUnsafeBufferPointer { SearchQuery(query).mayMatch(raw: $0) }
    }
    #expect(may("'linen rug", "A Linen RUG"))
    #expect(!may("'linen rug", "A Linen"))
    #expect(!may("'abc", "ab"))
  }

  @Test func filterMatchesStringsNotKeysAndHonoursEscapes() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"title":"Caf\u00e9"}"#.utf8))
    try store.append(json: Array(#"{"secret":"plain"}"#.utf8))
    func matches(_ item: Int, _ query: String) -> Bool {
      store.json(at: item).withUnsafeBufferPointer { SearchEngine.matches(SearchQuery(query), json: $0) }
    }
    #expect(matches(0, "CAFÉ"))
    #expect(!matches(1, "secret"), "keys are not searched")
    #expect(matches(1, "PLAIN"))
  }
}
