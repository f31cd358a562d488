import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// Sorting many cards: the selection kept while the worker lays the new order
/// out, searches streaming their matches in the sorted order, file items read
/// right in any order, workers below the main thread.
@Suite struct SortAtScaleTests {
  /// Waits (polling) for a background sort to be taken in.
  static func waitForSort(_ b: Browser) {
    let deadline = Date().addingTimeInterval(60)
    while b.pendingSort != nil, Date() < deadline { if !b.takeSortResult() { usleep(500) } }
  }

  @Test func aSortAtScaleKeepsTheSelectionAndLaysOutOnTheWorker() {
    let store = SearchEngineTests.store(25_000)
    let b = Browser(store: store, options: Browser.Options(), size: Size(width: 120, height: 40))
    b.searchInBackground(wake: {})
    for _ in 0..<3 { _ = b.handle(.key(.down)) }
    let selected = b.selectedItem!
    let order = SortOrder(field: "price", descending: true)
    let sorted = Sorter.sorted(store.itemTexts, by: order)!
    b.requestSort(order)
    Self.waitForSort(b)
    #expect(b.sortOrder == order)
    #expect(b.dataSource.shownItems == sorted)
    #expect(b.selectedItem == selected, "the selection stays on its card")
    #expect(b.isLayingOut, "25,000 cards are laid out on the worker")
    let deadline = Date().addingTimeInterval(60)
    while b.isLayingOut, Date() < deadline { if !b.takeLayoutResult() { usleep(500) } }
    #expect(!b.isLayingOut)
    #expect(b.selectedItem == selected)
  }

  @Test func withASortASearchStreamsMatchesInTheSortedOrder() {
    let store = SearchEngineTests.store(12_000, seed: 3)
    var options = Browser.Options()
    options.sort = SortOrder(field: "title")
    let b = Browser(store: store, options: options, size: Size(width: 120, height: 40))
    b.searchInBackground(wake: {})
    let sorted = Sorter.sorted(store.itemTexts, by: SortOrder(field: "title"))!
    #expect(b.dataSource.shownItems == sorted)
    for text in ["mug", "mug !oak"] {
      let matches = Set(SearchEngineTests.bruteForce(SearchQuery(text), store))
      let expected = sorted.filter { matches.contains($0) }
      _ = b.handle(.key(.character("/")))
      for c in text { _ = b.handle(.key(.character(c))) }
      var sawPartial = false
      let deadline = Date().addingTimeInterval(60)
      while b.isSearching || b.search?.replacing == true, Date() < deadline {
        // A chunk at a time: matches show while the pass goes on.
        guard b.searchHasResults else {
          usleep(200)
          continue
        }
        b.takeSearchResults(limit: 1)
        let shown = b.dataSource.shownItems
        #expect(Array(expected.prefix(shown.count)) == shown, "always the start of sort-then-filter")
        if b.isSearching, !shown.isEmpty { sawPartial = true }
      }
      #expect(sawPartial, "matches before the pass ended")
      #expect(b.dataSource.shownItems == expected, "sort then filter")
      _ = b.handle(.key(.escape))
    }
  }

  @Test func aSortTakenInDuringASearchPutsItsMatchesInTheNewOrder() {
    let store = SearchEngineTests.store(6_000, seed: 5)
    let b = Browser(store: store, options: Browser.Options(), size: Size(width: 120, height: 40))
    b.searchInBackground(wake: {})
    _ = b.handle(.key(.character("/")))
    SearchEngineTests.type("oak", into: b)
    let matches = Set(SearchEngineTests.bruteForce(SearchQuery("oak"), store))
    for order in [SortOrder(field: "shop", descending: true), SortOrder(field: "price"), SortOrder(field: nil)] {
      b.requestSort(order)
      Self.waitForSort(b)
      SearchEngineTests.type("", into: b)
      let all = order.field == nil ? Array(0..<store.count) : Sorter.sorted(store.itemTexts, by: order)!
      #expect(b.dataSource.shownItems == all.filter { matches.contains($0) }, "\(order)")
    }
    // A sort taken while the search still looks: it looks again, in the new order.
    _ = b.handle(.key(.character("e")))  // "oake": looking still, most likely
    b.requestSort(SortOrder(field: "id", descending: true))
    Self.waitForSort(b)
    SearchEngineTests.type("", into: b)
    let narrower = Set(SearchEngineTests.bruteForce(SearchQuery("oake"), store))
    #expect(b.dataSource.shownItems == (0..<store.count).reversed().filter { narrower.contains($0) })
  }

  @Test func fileItemsReadRightInAnyOrder() throws {
    let lines = (0..<3_000).map { i in #"{"id":\#(i),"title":"\#(String(repeating: "w", count: i % 300))","price":\#(i % 17)}"# }
    let url = try Scratch.file("items.jsonl") { handle in handle.write(Data(lines.joined(separator: "\n").utf8)) }
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: .file(url.path), store: store).loadAll()
    #expect(store.count == lines.count)
    let texts = store.itemTexts
    var rng = SeededGenerator(seed: 9)
    let lists: [[Int]] = [
      Array(0..<store.count), Array((0..<store.count).reversed()), Array(0..<store.count).shuffled(using: &rng),
      Array(stride(from: 0, to: store.count, by: 7)), (0..<500).map { _ in Int.random(in: 0..<store.count, using: &rng) },
      Sorter.sorted(texts, by: SortOrder(field: "price"))!,
    ]
    for list in lists {
      var seen: [Int] = []
      texts.forEachJSON(of: list) { item, json in
        seen.append(item)
        #expect(Array(json) == texts.json(at: item), "item \(item)")
      }
      #expect(seen == list)
    }
  }

  @Test func workersRunBelowTheMainThread() {
    let here = WorkerPriority.current()
    let seen = Mutex<Int32>(-1)
    let group = DispatchGroup()
    DispatchQueue.global(qos: .utility).async(group: group) {
      WorkerPriority.lower()
      seen.withLock { $0 = WorkerPriority.current() }
    }
    group.wait()
    #if os(Linux)
      #expect(seen.withLock { $0 } >= WorkerPriority.niceness)
    #endif
    #expect(WorkerPriority.current() == here, "this thread is left alone")
    // A search and a sort in the background still give the right answer.
    let store = SearchEngineTests.store(3_000)
    let engine = SortEngine(wake: {})
    engine.start(SortOrder(field: "price"), in: store.itemTexts)
    let deadline = Date().addingTimeInterval(60)
    var done: SortEngine.Result?
    while done == nil, Date() < deadline {
      done = engine.take()
      if done == nil { usleep(500) }
    }
    #expect(done?.items == Sorter.sorted(store.itemTexts, by: SortOrder(field: "price")))
  }
}
