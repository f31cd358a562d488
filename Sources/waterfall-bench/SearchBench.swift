import Dispatch
import WaterfallApp
import WaterfallLayout
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The search and sort at a million items, measured in process on the
/// bench's JSON Lines file: what a key costs the main thread, and how long the
/// workers take to the first matches and to the end (`waterfall-bench search`).
///
/// A search key is timed from the key to the first matches taken (the screen
/// could show them) and to the whole pass; the keys of a query are typed one
/// after another as fast as the browser takes them, as a quick typist would, so
/// each key cancels the previous search and, the query only growing, narrows it.
struct SearchBench {
  var path: String
  var log: (String) -> Void

  static let query = "wool"
  static let size = Size(width: 200, height: 60)

  func run(into report: inout Report) {
    let clock = ContinuousClock()
    guard let store = load(roles: FieldRoles()) else { return }
    log("search: \(store.count) items from \(path)")
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(store: store, options: options, size: Self.size)
    browser.searchInBackground(wake: {})
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    browser.draw(in: screen)
    _ = browser.handle(.key(.character("/")))
    var takeCosts: [Double] = []
    var keyCosts: [Double] = []
    var first: [Double] = []
    var whole: [Double] = []
    for (i, c) in Self.query.enumerated() {
      let start = clock.now
      _ = browser.handle(.key(.character(c)))
      browser.draw(in: screen)
      keyCosts.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
      // The next key comes once the first matches show (or at once for all but the last).
      var firstAt: Double?
      while true {
        let takeStart = clock.now
        let took = browser.takeSearchResults(limit: 2_000)
        if took { takeCosts.append(Measure.seconds(takeStart.duration(to: clock.now)) * 1000) }
        if took, firstAt == nil, browser.counts.shown > 0 || !browser.isSearching, browser.search?.replacing == false {
          browser.draw(in: screen)
          firstAt = Measure.seconds(start.duration(to: clock.now)) * 1000
        }
        if !browser.isSearching, browser.search?.replacing == false { break }
        if !took { usleep(100) }
      }
      first.append(firstAt ?? .nan)
      whole.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
      log("search: key \(i + 1) '\(c)': \(browser.counts.shown) matches; key \(format(keyCosts.last!)) ms, first \(format(first.last!)) ms, whole \(format(whole.last!)) ms")
    }
    report.add("search.take.max", "search: main-thread cost of taking in a batch of matches (max)", takeCosts.max() ?? .nan, "ms")
    report.add("search.take.sum", "search: main-thread cost of taking in every batch (sum over 4 keys)", takeCosts.reduce(0, +), "ms")
    // The workers alone, without a browser taking the matches in.
    let engine = SearchEngine(workers: 2, wake: {})
    for text in [Self.query, "'wool"] {
      let start = clock.now
      engine.start(SearchQuery(text), in: store.itemTexts, candidates: .range(0..<store.count))
      var found = 0
      while true {
        if let batch = engine.take() {
          found += batch.matches.count
          if batch.finished { break }
        } else {
          usleep(100)
        }
      }
      report.add("search.engine.\(text)", "search '\(text)' by the workers alone, 1M items (\(found) matches)", Measure.seconds(start.duration(to: clock.now)) * 1000, "ms")
    }
    report.add("search.key", "search: main-thread cost of a key at 1M (max of \(Self.query.count))", keyCosts.max() ?? .nan, "ms")
    report.add("search.first", "search '\(Self.query)': key to first matches, first key", first[0], "ms")
    report.add("search.first.max", "search '\(Self.query)': key to first matches, slowest key", first.max() ?? .nan, "ms")
    report.add("search.whole.first", "search '\(Self.query)': whole pass, first key (1M items)", whole[0], "ms")
    report.add("search.whole.last", "search '\(Self.query)': whole pass, last key (narrowed)", whole.last ?? .nan, "ms")
    report.add("search.matches", "search '\(Self.query)': matches", Double(browser.counts.shown), "items")
    _ = browser.handle(.key(.escape))

    // Sort by price: the workers, then the main thread taking the order in.
    let sortStart = clock.now
    browser.requestSort(SortOrder(field: "price"))
    var sortTake = 0.0
    while true {
      let takeStart = clock.now
      if browser.takeSortResult() {
        sortTake = Measure.seconds(takeStart.duration(to: clock.now)) * 1000
        break
      }
      usleep(200)
    }
    let sortWhole = Measure.seconds(sortStart.duration(to: clock.now)) * 1000
    log("search: sort by price: \(format(sortWhole)) ms, of which the main thread \(format(sortTake)) ms")
    report.add("sort.price", "sort 1M by price: key to sorted screen", sortWhole, "ms", aim: "< 1000")
    report.add("sort.price.main", "sort 1M by price: main thread (taking the order in, laying out)", sortTake, "ms")
  }

  func load(roles: FieldRoles) -> ItemStore? {
    let store = ItemStore(roles: roles)
    guard let source = try? DataOrigin.resolve(path) else {
      log("search: cannot open \(path)")
      return nil
    }
    let loader = Loader(source: source, store: store)
    do { try loader.loadAll() } catch {
      log("search: \(error)")
      return nil
    }
    return store
  }

  private func format(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "-"
  }
}
