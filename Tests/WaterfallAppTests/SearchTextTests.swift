import TestSupport
import Testing

@testable import WaterfallApp

/// The compact search text (``SearchTextBlock``) and its matcher: they must
/// answer every query exactly as ``ItemMatcher`` answers it on the JSON, and the
/// engine must give the same matches whether the blocks are built, being built
/// or over their budget.
@Suite struct SearchTextTests {
  /// A random item: ``SearchQueryTests/randomJSON(_:depth:)``'s, or one with
  /// upper case, folded letters (`İ`, the Kelvin sign, `É`), escapes for upper
  /// case (`\u0057`), Chinese, emoji and numbers with `E`.
  static func randomItem(_ rng: inout SeededGenerator) -> String {
    guard Bool.random(using: &rng) else { return SearchQueryTests.randomJSON(&rng) }
    let pieces = [
      "Wool", "WOOL", "wool", "\\u0057ool", "W", "o", "l", "İ", "\u{212A}", "K", "k", "É", "é", "羊毛", "茶",
      "😀", "\\u00C9", "\\ud83d\\ude00", " ", "-", "ΣΑΣ", "ß", "ǅ",
    ]
    func string() -> String {
      "\"" + (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() + "\""
    }
    let keys = ["title", "Shop", "tags", "size", "描述", "w"]
    var members: [String] = []
    for _ in 0..<Int.random(in: 0...5, using: &rng) {
      let key = keys.randomElement(using: &rng)!
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: members.append("\"\(key)\":[\(string()),\(string())]")
      case 1: members.append("\"\(key)\":{\"w\":\(["12", "1E3", "-2.5e1"].randomElement(using: &rng)!),\"Name\":\(string())}")
      case 2: members.append("\"\(key)\":\(["7", "1E9", "true", "null"].randomElement(using: &rng)!)")
      default: members.append("\"\(key)\":\(string())")
      }
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  static let words = [
    "w", "wo", "wool", "'wool", "^wool", "wool$", "^wool$", "!wool", "k", "i", "i̇", "é", "'é", "^é", "ék", "'ék", "σας",
    "羊", "'羊毛", "毛$", "😀", "e3", "1e", "12", "size:w", "size.w:^1", "size:1e3", "title:wo | shop:k",
    "描述:羊", "tags:^$", "^$", "!title:w", "name:é", "a", "ab", "'b1", "^c", "a$", "!b", "'\"", "ss", "ǆ",
  ]

  static func randomQuery(_ rng: inout SeededGenerator) -> SearchQuery {
    var words = Self.words
    words.shuffle(using: &rng)
    let text = words.prefix(Int.random(in: 1...3, using: &rng)).joined(separator: Bool.random(using: &rng) ? " " : " | ")
    return SearchQuery(text, exactByDefault: Int.random(in: 0..<4, using: &rng) == 0)
  }

  @Test func theCompactTextAnswersAsTheMatcherDoes() {
    var rng = SeededGenerator(seed: 31)
    let items = (0..<1_500).map { _ in Array(Self.randomItem(&rng).utf8) }
    let paths = SearchTextPaths()
    var builder = SearchTextBuilder(paths: paths)
    for item in items { item.withUnsafeBufferPointer { builder.add(json: $0) } }
    let block = builder.finish()
    #expect(block.count == items.count)
    var compared = 0
    var matched = 0
    for _ in 0..<400 {
      let query = Self.randomQuery(&rng)
      var slow = ItemMatcher(query)
      var fast = SearchTextMatcher(query, paths: paths)
      block.bytes.withUnsafeBufferPointer { bytes in
        for (i, item) in items.enumerated() where block.isReadable(i) {
          let expected = item.withUnsafeBufferPointer { slow.matches(json: $0) }
          let got = fast.matches(text: bytes, from: Int(block.starts[i]), to: Int(block.starts[i + 1]))
          #expect(got == expected, "\(query) on \(String(decoding: item, as: UTF8.self))")
          compared += 1
          if expected { matched += 1 }
        }
      }
    }
    #expect(compared > 400 * 1_400)
    #expect(matched > compared / 20 && matched < compared * 19 / 20, "the queries both match and miss")
  }

  @Test func anItemMatchedThroughUpperCaseOrAFoldedLetterIsNotRuledOut() {
    let items = [
      #"{"title":"WOOL throw"}"#, #"{"title":"\u0057ool"}"#, #"{"t":"\u212Aettle"}"#, #"{"t":"İstanbul"}"#,
      #"{"t":"ÉTÉ"}"#, #"{"Size":{"W":1E3}}"#,
    ]
    let queries = ["wool", "'wool", "^wool", "kettle", "'ket", "i̇stan", "été", "size.w:1e3", "size:^1e"]
    let expected = [
      [true, true, false, false, false, false],
      [true, true, false, false, false, false],
      [true, true, false, false, false, false],
      [false, false, true, false, false, false],
      [false, false, true, false, false, false],
      [false, false, false, true, false, false],
      [false, false, false, false, true, false],
      [false, false, false, false, false, true],
      [false, false, false, false, false, true],
    ]
    let paths = SearchTextPaths()
    var builder = SearchTextBuilder(paths: paths)
    for item in items { Array(item.utf8).withUnsafeBufferPointer { builder.add(json: $0) } }
    let block = builder.finish()
    for (q, text) in queries.enumerated() {
      var matcher = SearchTextMatcher(SearchQuery(text), paths: paths)
      let found = block.bytes.withUnsafeBufferPointer { bytes in
        (0..<block.count).map { matcher.matches(text: bytes, from: Int(block.starts[$0]), to: Int(block.starts[$0 + 1])) }
      }
      #expect(found == expected[q], "\(text)")
    }
  }

  @Test func aFuzzyNeedleIsFoundWithinOneValueOnly() {
    // Values "two", "wo", "sol": "wool" is in the three together, in no one of them.
    func text(_ values: [String]) -> [UInt8] {
      values.enumerated().flatMap { [0xFF, 0xF5 + UInt8($0.offset)] + Array($0.element.utf8) }
    }
    func found(_ needle: String, _ values: [String]) -> Bool {
      Array(needle.utf8).withUnsafeBufferPointer { n in
        text(values).withUnsafeBufferPointer { SearchTextMatcher.subsequenceInOneValue(n, in: $0) }
      }
    }
    #expect(!found("wool", ["two", "wo", "sol"]) && found("wool", ["two", "wo", "sol", "a wool"]))
    // The first value's `w` has no `l` after it; a later value's does.
    #expect(found("wol", ["w o", "xw", "wol"]) && !found("wol", ["w o", "xw", "wo"]))
    #expect(found("w", ["", "w"]) && !found("w", ["", "a"]) && !found("ab", []))
  }

  @Test func textTheMatcherCannotReadIsLeftToIt() {
    var builder = SearchTextBuilder(paths: SearchTextPaths())
    for item in [#"{"t":"a"}"#, #"{"t" "a"}"#, #"{"t":"a"} x"#, #"["a""#, "[]"] {
      Array(item.utf8).withUnsafeBufferPointer { builder.add(json: $0) }
    }
    let block = builder.finish()
    #expect((0..<5).map(block.isReadable) == [true, false, false, false, true])
    #expect(block.text(of: 0) == [0xFF, 0xF6, UInt8(ascii: "a")])
    #expect(block.text(of: 1).isEmpty && block.text(of: 4).isEmpty)
  }

  /// A store of shop-like items in every script the bench has, some items
  /// past the last whole block.
  static func store(_ count: Int) -> ItemStore {
    var rng = SeededGenerator(seed: 5)
    let store = ItemStore(roles: FieldRoles())
    var text = "["
    for i in 0..<count {
      text += (i > 0 ? "," : "") + Self.randomItem(&rng)
    }
    text += "]"
    let page = PageParser.parse(Array(text.utf8), path: "s.json")
    store.append(page.items, toPage: store.addMemoryPage(path: "s.json"))
    return store
  }

  @Test func theEngineFindsTheSameWithBlocksBuiltBeingBuiltOrOverBudget() {
    let count = 3 * SearchTextCache.blockSize + 100
    for budget in [Int.max, 1] {
      let store = Self.store(count)
      store.limitSearchTexts(toBytes: budget)
      let engine = SearchEngine(workers: 2, mode: .stepped)
      var rng = SeededGenerator(seed: 8)
      for round in 0..<12 {
        let query = Self.randomQuery(&rng)
        let expected = SearchEngineTests.bruteForce(query, store)
        engine.start(query, in: store.itemTexts, candidates: .range(0..<store.count))
        #expect(SearchEngineTests.drain(engine).flatMap(\.matches) == expected, "\(query) round \(round)")
        // A list: a narrowed search, and a sorted order (matches in its order).
        let list = Array(stride(from: 1, to: count, by: 3))
        engine.start(query, in: store.itemTexts, candidates: .list(list))
        #expect(SearchEngineTests.drain(engine).flatMap(\.matches) == expected.filter { $0 % 3 == 1 })
        let reversed = Array((0..<count).reversed())
        engine.start(query, in: store.itemTexts, candidates: .list(reversed))
        #expect(SearchEngineTests.drain(engine).flatMap(\.matches) == expected.reversed())
      }
      let cache = store.searchTexts
      // Whole blocks only, within the budget, and none by a pass's leading chunks
      // (block 0 here): the first matches never wait for a block.
      #expect(cache.itemsHeld == (budget == 1 ? 0 : 2 * SearchTextCache.blockSize))
      #expect(cache.block(0) == nil)
      #expect(cache.bytesUsed <= budget)
    }
  }
}
