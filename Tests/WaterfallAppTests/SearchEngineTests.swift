import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

@testable import WaterfallApp

/// The search on worker threads: results in order, cancellation, narrowing, and
/// the browser taking matches in as they come.
@Suite struct SearchEngineTests {
  static let words = ["mug", "lamp", "teapot", "chair", "vase", "wool", "clay", "oak", "linen", "rug"]

  static func store(_ count: Int, seed: UInt64 = 7) -> ItemStore {
    var rng = SeededGenerator(seed: seed)
    let store = ItemStore(roles: FieldRoles())
    var text = "["
    for i in 0..<count {
      let title = (0..<2).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
      let shop = ["Clay Co", "Oak Street", "Loom"].randomElement(using: &rng)!
      let tag = words.randomElement(using: &rng)!
      text += (i > 0 ? "," : "") + #"{"id":\#(i),"title":"\#(title)","shop":"\#(shop)","tags":["\#(tag)"],"price":"$\#(i % 97).50"}"#
    }
    text += "]"
    let page = PageParser.parse(Array(text.utf8), path: "s.json")
    store.append(page.items, toPage: store.addMemoryPage(path: "s.json"))
    return store
  }

  /// Every item of `store` the query matches, one at a time.
  static func bruteForce(_ query: SearchQuery, _ store: ItemStore) -> [Int] {
    (0..<store.count).filter { item in
      query.matches(SearchFields((try? JSONParser.parse(store.json(at: item))) ?? .null))
    }
  }

  /// Runs a stepped engine's search here and takes its batches, in order, to the end.
  static func drain(_ engine: SearchEngine) -> [SearchEngine.Batch] {
    engine.finishHere()
    var batches: [SearchEngine.Batch] = []
    while let batch = engine.take() {
      batches.append(batch)
      if batch.finished { break }
    }
    return batches
  }

  /// Takes a background engine's batches as its lanes hand them over, to the end.
  static func drainLive(_ engine: SearchEngine) -> [SearchEngine.Batch] {
    var batches: [SearchEngine.Batch] = []
    eventually("the search to finish") {
      while let batch = engine.take() { batches.append(batch) }
      return batches.last?.finished == true
    }
    return batches
  }

  @Test func workersFindWhatABruteForceFilterFindsInOrder() {
    let store = Self.store(5_000)
    let engine = SearchEngine(workers: 2, mode: .stepped)
    for text in ["mug", "shop:clay !oak", "^wool | rug$", "'ea po", "zzz"] {
      let query = SearchQuery(text)
      engine.start(query, in: store.itemTexts, candidates: .range(0..<store.count))
      let batches = Self.drain(engine)
      let found = batches.flatMap(\.matches)
      #expect(found == Self.bruteForce(query, store), "\(text)")
      #expect(batches.last?.finished == true)
      #expect(batches.map(\.done) == batches.map(\.done).sorted(), "progress only grows")
      #expect(batches.last?.done == store.count)
    }
  }

  @Test func whileKeysComeOneWorkerSearchesAndFindsEverything() {
    // Four chunks: one lane at the lowered priority (SCHED_IDLE) searches them
    // all, and under ASan on a busy machine 20 chunks outlasted the 60 s wait.
    let store = Self.store(4 * SearchEngine.chunkSize)
    let activity = InputActivity(window: .seconds(3600))
    activity.noteInput()
    let threads = Mutex<Set<pthread_t>>([])
    let engine = SearchEngine(
      workers: 2, mode: .background(wake: { threads.withLock { _ = $0.insert(pthread_self()) } }), activity: activity)
    let query = SearchQuery("mug")
    engine.start(query, in: store.itemTexts, candidates: .range(0..<store.count))
    let batches = Self.drainLive(engine)
    #expect(batches.flatMap(\.matches) == Self.bruteForce(query, store))
    #expect(batches.last?.finished == true)
    // Every chunk was searched by the same thread: the second worker waited,
    // and stops waiting once no chunk is left, though the keys go on.
    #expect(threads.withLock { $0.count } == 1)
    eventually("the resting lane to stop resting") { engine.waitingWorkers == 0 }
    // A new search stops the waiting worker too, and is found whole.
    engine.start(SearchQuery("lamp"), in: store.itemTexts, candidates: .range(0..<store.count))
    #expect(Self.drainLive(engine).flatMap(\.matches) == Self.bruteForce(SearchQuery("lamp"), store))
  }

  @Test func inputIsRecentForItsWindowOnly() {
    let activity = InputActivity(window: .milliseconds(100))
    #expect(!activity.isRecent, "no event yet")
    activity.noteInput()
    #expect(activity.isRecent)
    let now = MonotonicTime.nanoseconds()
    #expect(activity.isRecent(at: now + 50_000_000))
    #expect(!activity.isRecent(at: now + 150_000_000))
    // An edit counts for its own window, shortening the one before it.
    let typing = InputActivity(window: .seconds(3600), editWindow: .milliseconds(100))
    typing.noteInput()
    typing.noteEdit()
    #expect(typing.isRecent)
    #expect(!typing.isRecent(at: MonotonicTime.nanoseconds() + 150_000_000))
  }

  @Test func keysThatChangeTheQueryPauseLanesOnlyForTheirFrame() {
    // Each browser its own activity, an edit's window none: a key that changes
    // the query leaves every lane at work, whatever came before it.
    func noted(_ events: [InputEvent], then command: KeyCommand? = nil) -> Bool {
      var configuration = Browser.Configuration(workers: .stepped)
      configuration.inputActivity = InputActivity(window: .seconds(3600), editWindow: .zero)
      let browser = Browser(store: Self.store(50), options: Browser.Options(), size: Fixture.size, configuration: configuration)
      for event in events { _ = browser.handle(event) }
      if let command { _ = browser.perform(command) }
      return configuration.inputActivity.isRecent
    }
    #expect(noted([.key(.character("/"))]), "opening the search changes no query")
    #expect(!noted([.paste("mug")]) && !noted([.paste("mug"), .key(.character("s"))]))
    #expect(!noted([.paste("mug"), .key(.backspace)]))
    #expect(noted([.paste("mug"), .key(.down)]) && noted([.key(.down)]))
    #expect(!noted([.key(.down), .key(.character("/")), .key(.character("m"))]))
    // A command bound with --bind goes by the same rule.
    #expect(!noted([.paste("mug"), .key(.down), .key(.character("/"))], then: .emptyFilter))
    #expect(noted([.paste("mug")], then: .down))
  }

  @Test func aNewSearchCancelsTheOldOne() {
    let store = Self.store(20_000)
    let engine = SearchEngine(workers: 2, mode: .stepped)
    let old = engine.start(SearchQuery("a"), in: store.itemTexts, candidates: .range(0..<store.count))
    let new = engine.start(SearchQuery("mug"), in: store.itemTexts, candidates: .range(0..<store.count))
    #expect(new > old)
    let batches = Self.drain(engine)
    #expect(batches.allSatisfy { $0.generation == new })
    #expect(batches.flatMap(\.matches) == Self.bruteForce(SearchQuery("mug"), store))
    engine.start(SearchQuery("lamp"), in: store.itemTexts, candidates: .range(0..<store.count))
    engine.cancel()
    engine.finishHere()
    #expect(engine.take() == nil)
    #expect(!engine.hasResults)
  }

  @Test func anEmptyCandidateListFinishesAtOnce() {
    let engine = SearchEngine(workers: 2, mode: .stepped)
    engine.start(SearchQuery("mug"), in: Self.store(3).itemTexts, candidates: .list([]))
    let batches = Self.drain(engine)
    #expect(batches.count == 1 && batches[0].finished && batches[0].matches.isEmpty)
  }

  /// Types `text` a key at a time into a browser, its workers run and their
  /// results taken between keys in turn: none, one batch, or all; then runs
  /// what is left.
  static func type(_ text: String, into browser: Browser) {
    for (n, c) in text.enumerated() {
      _ = browser.handle(.key(.character(c)))
      switch n % 3 {
      case 1:
        browser.pipeline.runPendingWork()
        browser.takeSearchResults(limit: 1)
      case 2: browser.runPendingWork()
      default: break
      }
    }
    browser.runPendingWork()
  }

  /// A browser of `store` whose workers the test steps, laying out here.
  static func stepped(_ store: ItemStore, options: Browser.Options = Browser.Options()) -> Browser {
    Fixture.browser(store, options: options, size: Size(width: 80, height: 24), threshold: 20_000, animates: options.animates)
  }

  @Test func narrowingEqualsAFreshSearch() {
    let store = Self.store(2_500, seed: 11)
    var rng = SeededGenerator(seed: 99)
    for background in [false, true] {
      for _ in 0..<8 {
        // A query grown a key at a time, each key narrowing (or not) the last.
        var text = ""
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
          let word = Self.words.randomElement(using: &rng)!
          let prefix = ["", "'", "^", "shop:", "!"].randomElement(using: &rng)!
          text += (text.isEmpty ? "" : " ") + prefix + String(word.prefix(Int.random(in: 1...word.count, using: &rng)))
        }
        let browser =
          background ? Self.stepped(store) : Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
        _ = browser.handle(.key(.character("/")))
        Self.type(text, into: browser)
        let fresh = Self.bruteForce(SearchQuery(text), store)
        #expect(browser.search?.matches == fresh, "\(text) background \(background)")
        #expect(browser.counts.shown == fresh.count)
      }
    }
  }

  @Test func theCardsKeepTheirItemsUntilTheFirstMatchesCome() {
    let store = Self.store(3_000)
    let browser = Self.stepped(store)
    _ = browser.handle(.key(.character("/")))
    _ = browser.handle(.key(.character("m")))
    // The key is answered at once: the filter is typed, the search under way.
    #expect(browser.filter == "m")
    #expect(browser.search != nil)
    Self.type("ug", into: browser)
    #expect(browser.counts.shown == Self.bruteForce(SearchQuery("mug"), store).count)
    #expect(browser.search?.finished == true)
    let bar = CellBuffer(width: 80, height: 24)
    browser.draw(in: bar)
    #expect(bar.lines.last!.contains(" of 3,000 "))
    #expect(!bar.lines.last!.contains("searching"))
  }

  @Test func itemsLoadedDuringASearchAreSearchedToo() {
    let store = Self.store(2_000)
    let browser = Self.stepped(store)
    _ = browser.handle(.key(.character("/")))
    _ = browser.handle(.key(.character("r")))
    let more = Self.store(1_500, seed: 3)
    for i in 0..<more.count { try! store.append(json: more.json(at: i)) }
    browser.storeDidAppend()
    Self.type("ug", into: browser)
    #expect(browser.search?.matches == Self.bruteForce(SearchQuery("rug"), store))
    #expect(browser.search?.end == store.count)
  }

  @Test func theStatusBarSaysHowFarTheSearchHasCome() {
    var bar = StatusBar(position: "1/3", layout: "3 columns · waterfall", theme: .unicode)
    bar.filtering = true
    bar.filter = "mug"
    bar.shownCount = 1_234
    bar.totalCount = 1_000_000
    bar.searchProgress = "searching 45%"
    let screen = CellBuffer(width: 80, height: 1)
    bar.draw(in: screen, row: 0, width: 80)
    #expect(screen.lines[0].hasSuffix(" 1,234 of 1,000,000 · searching 45% "))
    #expect(screen.lines[0].hasPrefix(" /mug"))
  }

  @Test func enterInAPickerPicksTheSelectedMatchWhileTyping() {
    var options = Browser.Options()
    options.printMode = true
    let store = Self.store(500)
    let browser = Browser(store: store, options: options, size: Size(width: 80, height: 24))
    _ = browser.handle(.key(.character("/")))
    for c in "oak" { _ = browser.handle(.key(.character(c))) }
    let first = Self.bruteForce(SearchQuery("oak"), store).first!
    #expect(browser.handle(.key(.enter)) == .print(store.json(at: first)))
  }

  @Test func matchedCharactersAreUnderlinedOnTheCards() {
    let store = ItemStore(roles: FieldRoles())
    try! store.append(json: Array(#"{"title":"Blue mug","shop":"Clay","tags":["new"],"description":"a mug"}"#.utf8))
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 40, height: 12))
    _ = browser.handle(.key(.character("/")))
    for c in "mg tags:'new" { _ = browser.handle(.key(.character(c))) }
    let screen = CellBuffer(width: 40, height: 12)
    browser.draw(in: screen)
    func underlined(_ text: String) -> [Int]? {
      guard let y = screen.lines.firstIndex(where: { $0.contains(text) }) else { return nil }
      let x = screen.lines[y].distance(from: screen.lines[y].startIndex, to: screen.lines[y].range(of: text)!.lowerBound)
      return (0..<text.count).filter { screen.style(x: x + $0, y: y).attributes.contains(.underline) }
    }
    #expect(underlined("Blue mug") == [5, 7])
    #expect(underlined("#new") == [1, 2, 3])
    #expect(underlined("a mug") == [2, 4])
  }
}
