import Dispatch
import WaterfallApp
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

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
  /// The parts to run (`--parts search,sort,terminal`; all by default).
  var parts: Set<String> = Self.allParts
  /// The binary the terminal part drives.
  var waterfall = ".build/release/waterfall"
  /// Whether the terminal part measures fzf too (`--no-others`: only waterfall).
  var withOthers = true

  static let allParts: Set<String> = ["passes", "frame", "search", "sort", "terminal"]

  static let query = "wool"
  static let size = Size(width: 200, height: 60)

  func run(into report: inout Report) {
    // The real program first, before this process loads a store of its own:
    // that store's workers (the heights measured ahead, seconds of CPU) took
    // a core from the program under test.
    if parts.contains("terminal") {
      var terminal = SearchTerminalBench(path: path, waterfall: waterfall, log: log)
      terminal.withOthers = withOthers
      terminal.run(into: &report)
    }
    guard !parts.subtracting(["terminal"]).isEmpty, let store = load(roles: FieldRoles()) else { return }
    log("search: \(store.count) items from \(path)")
    if parts.contains("passes") { SearchPassBench(log: log).run(store, into: &report) }
    var options = Browser.Options()
    options.animates = false
    let browser = Browser(
      store: store, options: options, size: Self.size,
      configuration: Browser.Configuration(workers: .background(wake: {})))
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    browser.draw(in: screen)
    if parts.contains("frame") {
      FrameBench(log: log).run(browser, screen: screen, into: &report)
      let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
      FrameBench(log: log).runWithPictures(browser, screen: screen, folder: folder, into: &report)
    }
    if parts.contains("search") {
      measureSearch(browser, store: store, screen: screen, into: &report)
      measurePreparedSearch(browser, store: store, screen: screen, into: &report)
    }
    if parts.contains("sort") { measureSort(browser, screen: screen, into: &report) }
  }

  /// What typing the query key by key cost: the main thread per key and per
  /// batch of matches, and each key's time to its first matches and whole pass.
  struct Typed {
    var keyCosts: [Double] = []
    var takeCosts: [Double] = []
    var first: [Double] = []
    var whole: [Double] = []
  }

  /// Types `/` and ``query`` into `browser` key by key, each key waiting for its
  /// pass, as the run loop would take matches in: at most 2,000 a frame, for at
  /// most ``Browser/frameBudget``.
  func typeQuery(_ browser: Browser, screen: CellBuffer, label: String) -> Typed {
    let clock = ContinuousClock()
    _ = browser.handle(.key(.character("/")))
    var typed = Typed()
    for (i, c) in Self.query.enumerated() {
      let start = clock.now
      _ = browser.handle(.key(.character(c)))
      browser.draw(in: screen)
      typed.keyCosts.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
      var firstAt: Double?
      while true {
        let takeStart = clock.now
        let took = browser.takeSearchResults(limit: 2_000, budget: Browser.frameBudget)
        if took { typed.takeCosts.append(Measure.seconds(takeStart.duration(to: clock.now)) * 1000) }
        if took, firstAt == nil, browser.counts.shown > 0 || !browser.isSearching, browser.search?.replacing == false {
          browser.draw(in: screen)
          firstAt = Measure.seconds(start.duration(to: clock.now)) * 1000
        }
        if !browser.isSearching, browser.search?.replacing == false { break }
        if !took { usleep(100) }
      }
      typed.first.append(firstAt ?? .nan)
      typed.whole.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
      log("\(label): key \(i + 1) '\(c)': \(browser.counts.shown) matches; key \(format(typed.keyCosts.last!)) ms, first \(format(typed.first.last!)) ms, whole \(format(typed.whole.last!)) ms")
    }
    return typed
  }

  func measureSearch(_ browser: Browser, store: ItemStore, screen: CellBuffer, into report: inout Report) {
    let clock = ContinuousClock()
    let typed = typeQuery(browser, screen: screen, label: "search")
    report.add("search.take.max", "search: main-thread cost of taking in a batch of matches (max)", typed.takeCosts.max() ?? .nan, "ms")
    report.add("search.take.sum", "search: main-thread cost of taking in every batch (sum over 4 keys)", typed.takeCosts.reduce(0, +), "ms")
    // The workers alone, without a browser taking the matches in.
    let engine = SearchEngine(workers: 2, mode: .background(wake: {}))
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
    report.add("search.key", "search: main-thread cost of a key at 1M (max of \(Self.query.count))", typed.keyCosts.max() ?? .nan, "ms")
    report.add("search.first", "search '\(Self.query)': key to first matches, first key", typed.first[0], "ms")
    report.add("search.first.max", "search '\(Self.query)': key to first matches, slowest key", typed.first.max() ?? .nan, "ms")
    report.add("search.whole.first", "search '\(Self.query)': whole pass, first key (1M items)", typed.whole[0], "ms")
    report.add("search.whole.last", "search '\(Self.query)': whole pass, last key (narrowed)", typed.whole.last ?? .nan, "ms")
    report.add("search.matches", "search '\(Self.query)': matches", Double(browser.counts.shown), "items")
    _ = browser.handle(.key(.escape))
  }

  /// The same query typed once the compact search texts were built in the
  /// background, as `/` starts them (a user who opens the search and types a
  /// moment later): the time and CPU the building took, then each key's first
  /// matches and whole pass.
  func measurePreparedSearch(_ browser: Browser, store: ItemStore, screen: CellBuffer, into report: inout Report) {
    store.limitSearchTexts(toBytes: SearchTextCache.defaultBudget)
    let clock = ContinuousClock()
    let cpu = ProcessTimes.read(pid: getpid())?.total ?? .nan
    let start = clock.now
    _ = browser.handle(.key(.character("/")))
    let whole = store.count / SearchTextCache.blockSize * SearchTextCache.blockSize
    while store.searchTexts.itemsHeld < whole, store.searchTexts.hasRoom { usleep(1_000) }
    let built = Measure.seconds(start.duration(to: clock.now)) * 1000
    let builtCPU = ((ProcessTimes.read(pid: getpid())?.total ?? .nan) - cpu) * 1000
    log("search: compact texts of \(store.searchTexts.itemsHeld) items built after `/` in \(format(built)) ms (\(format(builtCPU)) ms of CPU)")
    report.add("search.prepared.build", "search: compact texts built after `/` (\(store.searchTexts.itemsHeld) items)", built, "ms")
    report.add("search.prepared.build.cpu", "search: compact texts built after `/`, CPU time", builtCPU, "ms")
    _ = browser.handle(.key(.escape))
    let typed = typeQuery(browser, screen: screen, label: "search, texts prepared")
    report.add("search.prepared.first", "search '\(Self.query)', texts prepared: key to first matches, first key", typed.first[0], "ms")
    report.add("search.prepared.whole.first", "search '\(Self.query)', texts prepared: whole pass, first key (1M items)", typed.whole[0], "ms")
    report.add("search.prepared.whole.last", "search '\(Self.query)', texts prepared: whole pass, last key (narrowed)", typed.whole.last ?? .nan, "ms")
    report.add("search.prepared.key", "search, texts prepared: main-thread cost of a key (max of \(Self.query.count))", typed.keyCosts.max() ?? .nan, "ms")
    _ = browser.handle(.key(.escape))
  }

  /// Sort by price: the workers, the main thread taking the order in with the
  /// cards around the selection, the layout worker laying out the rest; then the
  /// query typed with the sort on (matches stream in the sorted order).
  func measureSort(_ browser: Browser, screen: CellBuffer, into report: inout Report) {
    let clock = ContinuousClock()
    let sortStart = clock.now
    browser.requestSort(SortOrder(field: "price"))
    var sortTake = 0.0
    while true {
      let takeStart = clock.now
      if browser.takeSortResult() {
        browser.draw(in: screen)
        sortTake = Measure.seconds(takeStart.duration(to: clock.now)) * 1000
        break
      }
      usleep(200)
    }
    let sortWhole = Measure.seconds(sortStart.duration(to: clock.now)) * 1000
    // The rest of the cards are laid out on the worker; taking its layout in is one frame.
    var install = 0.0
    while browser.isLayingOut {
      let frameStart = clock.now
      if browser.takeLayoutResult() {
        browser.draw(in: screen)
        install = Measure.seconds(frameStart.duration(to: clock.now)) * 1000
      } else {
        usleep(500)
      }
    }
    let allCards = Measure.seconds(sortStart.duration(to: clock.now)) * 1000
    log("search: sort by price: \(format(sortWhole)) ms to the sorted screen (main thread \(format(sortTake)) ms), \(format(allCards)) ms to every card laid out (taking the layout in: \(format(install)) ms)")
    report.add("sort.price", "sort 1M by price: key to sorted screen", sortWhole, "ms", aim: "< 1000")
    report.add("sort.price.main", "sort 1M by price: main thread (taking the order in, the cards around the selection)", sortTake, "ms")
    report.add("sort.price.all", "sort 1M by price: key to every card laid out (the layout worker)", allCards, "ms")
    report.add("sort.price.install", "sort 1M by price: main thread taking the worker's layout in", install, "ms")

    let alone = clock.now
    let order = Sorter.sorted(browser.store.itemTexts, by: SortOrder(field: "price"))
    report.add("sort.price.workers", "sort 1M by price: the sorter alone (keys on 2 threads, sorted on 2)", Measure.seconds(alone.duration(to: clock.now)) * 1000, "ms",
               note: order == nil ? "stopped" : nil)

    let typed = typeQuery(browser, screen: screen, label: "sorted search")
    report.add("sort.search.first", "sorted by price, search '\(Self.query)': key to first matches, slowest key", typed.first.max() ?? .nan, "ms")
    report.add("sort.search.whole.first", "sorted by price, search '\(Self.query)': whole pass, first key", typed.whole[0], "ms")
    report.add("sort.search.whole.last", "sorted by price, search '\(Self.query)': whole pass, last key (narrowed)", typed.whole.last ?? .nan, "ms")
    report.add("sort.search.take.max", "sorted by price, search: main-thread cost of taking in a batch (max)", typed.takeCosts.max() ?? .nan, "ms")
    _ = browser.handle(.key(.escape))
  }

  func load(roles: FieldRoles) -> ItemStore? {
    let store = ItemStore(roles: roles)
    guard let source = try? SourceResolver.resolve(path) else {
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
