import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// Sorting: keys, stability both ways, and the browser's `s`, `S` and `--sort`.
@Suite struct SortTests {
  @Test(arguments: [
    ("¥224.50", SortKey.number(224.5)), ("$1,299.00", .number(1299)), ("12 kg", .number(12)), ("-3", .number(-3)),
    ("US$ 7", .number(7)), ("Oak", .text("oak")), ("Item 3", .text("item 3")), ("2026-11-23", .text("2026-11-23")),
    ("", .missing),
  ])
  func keysReadNumbersAndPrices(text: String, key: SortKey) {
    #expect(SortKey(text: text) == key)
  }

  static func store(_ prices: [String?]) -> ItemStore {
    let store = ItemStore(roles: FieldRoles())
    for (i, price) in prices.enumerated() {
      let field = price.map { #","price":\#($0)"# } ?? ""
      try! store.append(json: Array(#"{"id":\#(i),"title":"t\#(i)"\#(field)}"#.utf8))
    }
    return store
  }

  @Test func numbersThenTextsThenNothingAndTiesKeepTheDataOrder() {
    let store = Self.store([#""$5""#, "3", #""oak""#, nil, #""¥3.00""#, "null", #""Ash""#, "5", #""$5""#])
    let up = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price"))
    #expect(up == [1, 4, 0, 7, 8, 6, 2, 3, 5])
    let down = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price", descending: true))
    #expect(down == [2, 6, 0, 7, 8, 1, 4, 3, 5], "ties keep the data's order; missing last both ways")
    #expect(Sorter.sorted(store.itemTexts, by: SortOrder(field: nil, descending: true)) == Array((0..<9).reversed()))
  }

  @Test func aSortIsStableForRandomKeys() {
    var rng = SeededGenerator(seed: 5)
    let prices: [String?] = (0..<3_000).map { _ in
      [nil, "\(Int.random(in: 0..<20, using: &rng))", #""$\#(Int.random(in: 0..<20, using: &rng)).50""#, #""w\#(Int.random(in: 0..<5, using: &rng))""#]
        .randomElement(using: &rng)!
    }
    let store = Self.store(prices)
    for descending in [false, true] {
      let order = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price", descending: descending))!
      #expect(order.sorted() == Array(0..<store.count), "a permutation")
      let keys = order.map { item in store.json(at: item).withUnsafeBufferPointer { Sorter.key(of: $0, field: "price") } }
      for i in 1..<order.count {
        let (a, b) = (keys[i - 1], keys[i])
        let rank = { (k: SortKey) -> Int in
          switch k {
          case .number: return descending ? 1 : 0
          case .text: return descending ? 0 : 1
          case .missing: return 2
          }
        }
        #expect(rank(a) <= rank(b))
        guard rank(a) == rank(b) else { continue }
        switch (a, b) {
        case (.number(let x), .number(let y)):
          #expect(descending ? x >= y : x <= y)
          if x == y { #expect(order[i - 1] < order[i], "stable") }
        case (.text(let x), .text(let y)):
          #expect(descending ? x >= y : x <= y)
          if x == y { #expect(order[i - 1] < order[i], "stable") }
        default: #expect(order[i - 1] < order[i], "stable")
        }
      }
    }
  }

  @Test func sPicksAFieldAndSReversesKeepingTheSelection() {
    let store = Self.store(["3", "1", "2", "5", "4"])
    let b = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    for c in "sid" { _ = b.handle(.key(.character(c))) }
    #expect(b.mode == .picking)
    _ = b.handle(.key(.enter))
    #expect(b.mode == .browsing && b.sortOrder == SortOrder(field: "id"))
    for c in "spr" { _ = b.handle(.key(.character(c))) }
    _ = b.handle(.key(.enter))
    #expect(b.sortOrder == SortOrder(field: "price"))
    #expect(b.selectedItem == 1, "a sort picked opens at the top of its order, as --sort does")
    for _ in 0..<2 { _ = b.handle(.key(.down)) }
    let selected = b.selectedItem
    #expect(b.collectionView.visibleCells.count == 5)
    var screen = CellBuffer(width: 80, height: 24)
    b.draw(in: screen)
    #expect(screen.lines.last!.contains("price ↑"))
    _ = b.handle(.key(.character("S")))
    #expect(b.sortOrder == SortOrder(field: "price", descending: true))
    #expect(b.selectedItem == selected, "S keeps the selection on its item")
    _ = b.handle(.key(.home))
    #expect(b.selectedItem == 3, "the dearest first")
    // The picker's first row is the data's own order.
    _ = b.handle(.key(.character("s")))
    _ = b.handle(.key(.home))
    _ = b.handle(.key(.enter))
    #expect(b.sortOrder == nil)
    screen = CellBuffer(width: 80, height: 24)
    b.draw(in: screen)
    #expect(!screen.lines.last!.contains("↑"))
  }

  @Test func aBackgroundSortEqualsASortHereAndSearchesKeepItsOrder() {
    let store = SearchEngineTests.store(3_000)
    var options = Browser.Options()
    options.sort = SortOrder(field: "shop", descending: true)
    let b = SearchEngineTests.stepped(store, options: options)
    #expect(b.pendingSort == options.sort, "sorted on the worker")
    b.runPendingWork()
    #expect(b.selectedItem == Sorter.sorted(store.itemTexts, by: options.sort!)!.first)
    for c in "stags" { _ = b.handle(.key(.character(c))) }
    b.runPendingWork()  // the fields, surveyed on the worker
    _ = b.handle(.key(.enter))
    #expect(b.pendingSort == SortOrder(field: "tags"))
    SortAtScaleTests.waitForSort(b)
    #expect(b.sortOrder == SortOrder(field: "tags"))
    let sorted = Sorter.sorted(store.itemTexts, by: SortOrder(field: "tags"))!
    _ = b.handle(.key(.character("/")))
    SearchEngineTests.type("mug", into: b)
    let matches = Set(SearchEngineTests.bruteForce(SearchQuery("mug"), store))
    _ = b.handle(.key(.enter))
    _ = b.handle(.key(.home))
    #expect(b.selectedItem == sorted.first { matches.contains($0) })
    #expect(b.counts.shown == matches.count)
  }

  /// A random JSON value for the sort field: numbers of every shape, prices,
  /// words, escapes, text beyond ASCII, and what is no number or text.
  static func randomValue(_ rng: inout SeededGenerator, depth: Int = 0) -> String {
    func digits(_ n: Int) -> String { String((0..<n).map { _ in "0123456789".randomElement(using: &rng)! }) }
    let pieces = ["¥", "$", "US$", "€", " ", "kg", ",", ".", "-", "a", "Z", "é", "É", "\\u00e9", "\\\"", "İ", "K", "ß", "\\n", "x y", "1", "12", "0"]
    switch Int.random(in: 0..<12, using: &rng) {
    case 0: return "\(Int.random(in: -5_000...5_000, using: &rng))"
    case 1: return "\(Bool.random(using: &rng) ? "-" : "")\(Int.random(in: 0...999, using: &rng)).\(digits(Int.random(in: 1...4, using: &rng)))"
    case 2: return "\(Int.random(in: 1...9, using: &rng))\(digits(Int.random(in: 0...25, using: &rng)))\(Bool.random(using: &rng) ? "e\(Int.random(in: -30...30, using: &rng))" : "")"
    case 3: return "0.\(digits(Int.random(in: 1...24, using: &rng)))"
    case 4:
      let price = "\(Int.random(in: 0...99_999, using: &rng))".reversed().enumerated().map { i, c in i > 0 && i % 3 == 0 ? "\(c)," : "\(c)" }.reversed().joined()
      return "\"\(["¥", "$", "€", "US$ ", ""].randomElement(using: &rng)!)\(price)\(Bool.random(using: &rng) ? ".\(digits(2))" : "")\(["", " kg", "€", ",", "."].randomElement(using: &rng)!)\""
    case 5, 6:
      return "\"" + (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined() + "\""
    case 7: return ["true", "false", "null", "{}", "[]", "{\"price\":3}"].randomElement(using: &rng)!
    case 8: return depth > 1 ? "1" : "[" + (0..<Int.random(in: 0...2, using: &rng)).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
    case 9: return "\"\(digits(Int.random(in: 1...22, using: &rng))).\(digits(Int.random(in: 0...3, using: &rng)))\""
    case 10: return "\"-.\(digits(2))\""
    default: return "\"\(["1.2.3", "5..", "1,,2", "--3", ".5 kg", "Item 3", "2026-11-23", "oak", "Oak", "OAK"].randomElement(using: &rng)!)\""
    }
  }

  @Test func theFastKeyReaderEqualsParsingTheObject() {
    var rng = SeededGenerator(seed: 13)
    var kinds = [0, 0, 0]
    let names = ["price", "pr\\u0069ce", "Price", "prices", "\\u212A", "K", "é", "e\\u0301"]
    for round in 0..<8_000 {
      var members: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        let name = Bool.random(using: &rng) ? "price" : names.randomElement(using: &rng)!
        let value = Int.random(in: 0..<5, using: &rng) == 0 ? "{\"price\":\(Self.randomValue(&rng))}" : Self.randomValue(&rng)
        members.append("\"\(name)\"\([":", " : ", ":\n"].randomElement(using: &rng)!)\(value)")
      }
      let json = Array((Bool.random(using: &rng) ? " {" : "{") + members.joined(separator: Bool.random(using: &rng) ? "," : " , ") + "}")
      let text = Array(String(json).utf8)
      for field in ["price", "K", "\u{212A}", "é"] {
        let fast = text.withUnsafeBufferPointer { Sorter.key(of: $0, field: field) }
        let parsed = text.withUnsafeBufferPointer { Sorter.parsedKey(of: $0, field: field) }
        #expect(fast == parsed, "round \(round), field \(field): \(String(json))")
        if fast != parsed { return }
        switch fast {
        case .number: kinds[0] += 1
        case .text: kinds[1] += 1
        case .missing: kinds[2] += 1
        }
      }
    }
    #expect(kinds.allSatisfy { $0 > 1_000 }, "numbers, texts and missing keys all tried: \(kinds)")
    // Not an object at all.
    for text in ["[1]", "3", "\"price\"", "", " "] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer { Sorter.key(of: $0, field: "price") } == .missing)
    }
  }

  @Test func compactKeysSortAsTheKeysDo() {
    // Numbers by their 8 bytes: negative, zero both signs, tiny, huge, infinite.
    let values: [Double] = [-.infinity, -1e300, -2, -0.5, -1e-300, -0.0, 0, 1e-300, 0.5, 2, 1e300, .infinity]
    for descending in [false, true] {
      let keys = values.enumerated().map { Sorter.NumberKey($1, item: $0, descending: descending).key }
      for i in 1..<keys.count where !(values[i - 1] == values[i]) {
        #expect(descending ? keys[i - 1] > keys[i] : keys[i - 1] < keys[i], "\(values[i - 1]) before \(values[i])")
      }
    }
    #expect(Sorter.NumberKey(-0.0, item: 0, descending: false).key == Sorter.NumberKey(0, item: 0, descending: false).key)
    // Texts beyond 8 bytes, texts with a common prefix, texts beyond ASCII.
    let words = ["oak", "oak tree", "oak trees", "oak treet", "oaken", "é", "e", "z", "ø", "oak\u{0}", "", "a\u{301}", "á", "abcdefgh", "abcdefghi", "abcdefgg"]
    let store = Self.store(words.map { "\"\($0.replacingOccurrences(of: "\u{0}", with: "\\u0000"))\"" } + Array(repeating: "\"oak tree\"", count: 21_000))
    for descending in [false, true] {
      let order = Sorter.sorted(store.itemTexts, by: SortOrder(field: "price", descending: descending))!
      let keys = (0..<store.count).map { store.json(at: $0).withUnsafeBufferPointer { Sorter.parsedKey(of: $0, field: "price") } }
      let expected = (0..<store.count).sorted { a, b in
        switch (keys[a], keys[b]) {
        case (.text(let p), .text(let q)) where p != q: return descending ? p > q : p < q
        case (.missing, .text): return false
        case (.text, .missing): return true
        default: return a < b
        }
      }
      #expect(order == expected)
    }
  }
}
