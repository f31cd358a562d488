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

  @Test func sCyclesTheFieldsAndSReversesKeepingTheSelection() {
    let store = Self.store(["3", "1", "2", "5", "4"])
    let b = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    #expect(store.fieldNames() == ["id", "title", "price"])
    for _ in 0..<2 { _ = b.handle(.key(.down)) }
    let selected = b.selectedItem
    _ = b.handle(.key(.character("s")))  // id
    #expect(b.sortOrder == SortOrder(field: "id"))
    _ = b.handle(.key(.character("s")))  // title
    _ = b.handle(.key(.character("s")))  // price
    #expect(b.sortOrder == SortOrder(field: "price"))
    #expect(b.selectedItem == selected, "the selection stays on its item")
    #expect(b.collectionView.visibleCells.count == 5)
    var screen = CellBuffer(width: 80, height: 24)
    b.draw(in: screen)
    #expect(screen.lines.last!.contains("price ↑"))
    _ = b.handle(.key(.character("S")))
    #expect(b.sortOrder == SortOrder(field: "price", descending: true))
    _ = b.handle(.key(.home))
    #expect(b.selectedItem == 3, "the dearest first")
    _ = b.handle(.key(.character("s")))  // back to the data's order
    #expect(b.sortOrder == nil)
    screen = CellBuffer(width: 80, height: 24)
    b.draw(in: screen)
    #expect(!screen.lines.last!.contains("↑"))
  }

  @Test func aBackgroundSortEqualsASortHereAndSearchesKeepItsOrder() {
    let store = SearchEngineTests.store(3_000)
    var options = Browser.Options()
    options.sort = SortOrder(field: "shop", descending: true)
    let b = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    #expect(b.selectedItem == Sorter.sorted(store.itemTexts, by: options.sort!)!.first)
    b.searchInBackground(wake: {})
    _ = b.handle(.key(.character("s")))  // after shop: tags
    #expect(b.pendingSort == SortOrder(field: "tags") || b.sortOrder == SortOrder(field: "tags"))
    let deadline = Date().addingTimeInterval(60)
    while b.pendingSort != nil, Date() < deadline { if !b.takeSortResult() { usleep(500) } }
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
}
