import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

@testable import WaterfallApp

/// Sorting many cards: the selection kept while the worker lays the new order
/// out, searches streaming their matches in the sorted order, file items read
/// right in any order, workers below the main thread.
@Suite struct SortAtScaleTests {
  /// Runs a stepped browser's sort and takes it in.
  static func waitForSort(_ b: Browser) {
    b.pipeline.sortWorker.runPending()
    b.takeSortResult()
  }

  static func browser(_ store: ItemStore, options: Browser.Options = Browser.Options()) -> Browser {
    Fixture.browser(store, options: options, size: Size(width: 120, height: 40), threshold: 20_000, animates: true)
  }

  @Test func aSortAtScaleKeepsTheSelectionAndLaysOutOnTheWorker() {
    let store = SearchEngineTests.store(25_000)
    let b = Self.browser(store)
    for _ in 0..<3 { _ = b.handle(.key(.down)) }
    let selected = b.selectedItem!
    let order = SortOrder(field: "price", descending: true)
    let sorted = Sorter.sorted(store.itemTexts, by: order)!
    b.requestSort(order)
    Self.waitForSort(b)
    #expect(b.sortOrder == order)
    #expect(b.cards.dataSource.shownItems == sorted)
    #expect(b.selectedItem == selected, "the selection stays on its card")
    #expect(b.isLayingOut, "25,000 cards are laid out on the worker")
    b.cards.worker.runPending()
    b.takeLayoutResult()
    #expect(!b.isLayingOut)
    #expect(b.selectedItem == selected)
  }

  @Test func withASortASearchStreamsMatchesInTheSortedOrder() {
    let store = SearchEngineTests.store(12_000, seed: 3)
    var options = Browser.Options()
    options.sort = SortOrder(field: "title")
    let b = Self.browser(store, options: options)
    Self.waitForSort(b)
    let sorted = Sorter.sorted(store.itemTexts, by: SortOrder(field: "title"))!
    #expect(b.cards.dataSource.shownItems == sorted)
    for text in ["mug", "mug !oak"] {
      let matches = Set(SearchEngineTests.bruteForce(SearchQuery(text), store))
      let expected = sorted.filter { matches.contains($0) }
      _ = b.handle(.key(.character("/")))
      for c in text { _ = b.handle(.key(.character(c))) }
      var sawPartial = false
      b.pipeline.runPendingWork()
      var takes = 0
      while b.isSearching || b.search?.replacing == true, takes < 10_000 {
        // A chunk at a time: matches show while the pass goes on.
        b.takeSearchResults(limit: 1)
        takes += 1
        let shown = b.cards.dataSource.shownItems
        #expect(Array(expected.prefix(shown.count)) == shown, "always the start of sort-then-filter")
        if b.isSearching, !shown.isEmpty { sawPartial = true }
      }
      #expect(sawPartial, "matches before the pass ended")
      #expect(b.cards.dataSource.shownItems == expected, "sort then filter")
      _ = b.handle(.key(.escape))
    }
  }

  @Test func aSortTakenInDuringASearchPutsItsMatchesInTheNewOrder() {
    let store = SearchEngineTests.store(6_000, seed: 5)
    let b = Self.browser(store)
    _ = b.handle(.key(.character("/")))
    SearchEngineTests.type("oak", into: b)
    let matches = Set(SearchEngineTests.bruteForce(SearchQuery("oak"), store))
    for order in [SortOrder(field: "shop", descending: true), SortOrder(field: "price"), SortOrder(field: nil)] {
      b.requestSort(order)
      Self.waitForSort(b)
      SearchEngineTests.type("", into: b)
      let all = order.field == nil ? Array(0..<store.count) : Sorter.sorted(store.itemTexts, by: order)!
      #expect(b.cards.dataSource.shownItems == all.filter { matches.contains($0) }, "\(order)")
    }
    // A sort taken while the search still looks: it looks again, in the new order.
    _ = b.handle(.key(.character("e")))  // "oake": looking still, most likely
    b.requestSort(SortOrder(field: "id", descending: true))
    Self.waitForSort(b)
    SearchEngineTests.type("", into: b)
    let narrower = Set(SearchEngineTests.bruteForce(SearchQuery("oake"), store))
    #expect(b.cards.dataSource.shownItems == (0..<store.count).reversed().filter { narrower.contains($0) })
  }

  @Test func fileItemsReadRightInAnyOrder() throws {
    let lines = (0..<3_000).map { i in #"{"id":\#(i),"title":"\#(String(repeating: "w", count: i % 300))","price":\#(i % 17)}"# }
    let url = try Scratch.file("items.jsonl") { handle in handle.write(Data(lines.joined(separator: "\n").utf8)) }
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: FileSource(path: url.path), store: store).loadAll()
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

  @Test func aSortOnItsWorkerRunsBelowTheMainThreadAndSortsRight() {
    let here = WorkerPriority.currentNiceness()
    let store = SearchEngineTests.store(3_000)
    let sorts = Worker<SortJob.Result>(name: "sort-test", mode: .background(wake: {}), priority: .lowered)
    let seen = Mutex<Int32>(-1)
    let sort = SortJob(order: SortOrder(field: "price"), texts: store.itemTexts)
    sorts.start { job in
      seen.withLock { $0 = WorkerPriority.currentNiceness() }
      sort.run(on: job)
    }
    eventually("the sort") { sorts.hasOutput }
    #if os(Linux)
      #expect(seen.withLock { $0 } >= WorkerPriority.niceness)
    #endif
    #expect(WorkerPriority.currentNiceness() == here, "this thread is left alone")
    #expect(sorts.takeLast()?.items == Sorter.sorted(store.itemTexts, by: SortOrder(field: "price")))
  }
}
