import WaterfallApp
import WaterfallLayout
import WaterfallView
import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// The keys that lay every card out again, at a million text cards: a new
/// column width (`+`, `z`, a resize), a layout switch, a hide, and a million
/// groups (`waterfall-bench relayout`).
///
/// Each key is timed from the key to the screen drawn after it, on the main
/// thread: what the user waits for. Where the rest of the layout follows on a
/// worker, the time until it is in is reported too.
struct RelayoutBench {
  var path: String
  var log: (String) -> Void
  /// Which parts to run: `text` (the keys at 1M text cards), `groups` (1M
  /// groups), `heights` (every card measured at a new width on a worker).
  var parts: Set<String> = ["text", "groups", "heights"]

  static let size = Size(width: 200, height: 60)

  func run(into report: inout Report) {
    if parts.contains("text") { runText(into: &report) }
    if parts.contains("groups") { runGroups(into: &report) }
    if parts.contains("heights") { runHeights(into: &report) }
  }

  /// Every card measured at a new width, as a worker measures them before
  /// `+`, `z` or a resize can lay them out, and ahead of those keys
  /// (``CardSnapshot/heights(width:of:known:parallelism:shouldStop:progress:)``):
  /// a million shop cards, read again from their items' text, on one thread
  /// and on two. The best of three runs each.
  func runHeights(into report: inout Report) {
    guard let store = SearchBench(path: path, log: log).load(roles: FieldRoles()) else { return }
    let cards = store.cardSnapshot
    let clock = ContinuousClock()
    for (label, key, parallelism) in [("one thread", "one", Parallelism.serial), ("two threads", "two", .helpers(.normal))] {
      var best = Double.infinity
      for run in 0..<3 {
        let start = clock.now
        let heights = cards.heights(width: 37 + run, parallelism: parallelism)
        let ms = Measure.seconds(start.duration(to: clock.now)) * 1000
        guard heights?.count == store.count else { return log("relayout: the heights did not come") }
        best = min(best, ms)
      }
      log("relayout: every card at a new width, \(label): \(Int(best)) ms for \(store.count) cards")
      report.add("relayout.heights.\(key)", "every card's height at a new width (a worker), \(label), 1M cards", best, "ms")
    }
  }

  /// The keys at a million text cards.
  func runText(into report: inout Report) {
    // No picture sizes: every card wraps its text, the slowest case.
    var roles = FieldRoles()
    roles.width = ["-no-width-"]
    roles.height = ["-no-height-"]
    guard let store = SearchBench(path: path, log: log).load(roles: roles) else { return }
    log("relayout: \(store.count) text cards from \(path)")
    var options = Browser.Options()
    options.animates = false
    let cards = Browser(
      store: store, options: options, size: Self.size,
      configuration: Browser.Configuration(workers: .background(wake: {})))
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    cards.draw(in: screen)
    func timed(_ label: String, key: String, _ body: () -> Void) {
      measure(cards, screen: screen, "\(label) at 1M text cards", key: "relayout.\(key)", into: &report, body)
    }
    timed("+ (a new width)", key: "plus") { _ = cards.handle(.key(.character("+"))) }
    timed("- (a width seen before)", key: "minus.seen") { _ = cards.handle(.key(.character("-"))) }
    timed("z (large cards, a new width)", key: "z") { _ = cards.handle(.key(.character("z"))) }
    timed("z (back to a width seen before)", key: "z.back") { _ = cards.handle(.key(.character("z"))) }
    timed("a resize to 170x60 (a new width)", key: "resize") { cards.resize(to: Size(width: 170, height: 60)) }
    timed("x (hide the selected card)", key: "x") { _ = cards.handle(.key(.character("x"))) }
    timed("u (the hidden card back)", key: "u") { _ = cards.handle(.key(.character("u"))) }
    timed("L (the waterfall to the next layout)", key: "L") { _ = cards.handle(.key(.character("L"))) }
    // On through every layout, back to the waterfall.
    var kind = LayoutKind.waterfall.next
    repeat {
      let next = kind.next
      timed("L (\(kind.label) to \(next.label))", key: "L.\(next.rawValue)") { _ = cards.handle(.key(.character("L"))) }
      kind = next
    } while kind != .waterfall
    // The keys that lay every card out again, in a layout of one size of card.
    _ = cards.handle(.key(.character("L")))
    _ = settle(cards, screen: screen)
    for (name, key) in [("+", "plus"), ("x", "x"), ("u", "u")] {
      timed("\(name) in the grid", key: "grid.\(key)") { _ = cards.handle(.key(.character(Character(name)))) }
    }
    timed("a resize to 200x60 in the grid", key: "grid.resize") { cards.resize(to: Self.size) }
  }

  /// A million groups: every item its own section. The browser starts empty and
  /// takes the whole file in at once, as if it were one page: the worker groups
  /// its items and lays the groups out; then `+`, `x`, `u` and a sort, and
  /// `L` through the layouts to the mosaic, with a hide and a sort there.
  func runGroups(into report: inout Report) {
    let clock = ContinuousClock()
    var options = Browser.Options()
    options.animates = false
    options.groups = true
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    var roles = FieldRoles()
    roles.group = ["id"]
    let store = ItemStore(roles: roles)
    let groups = Browser(
      store: store, options: options, size: Self.size,
      configuration: Browser.Configuration(workers: .background(wake: {})))
    guard let source = try? SourceResolver.resolve(path), (try? Loader(source: source, store: store).loadAll()) != nil else {
      log("relayout: cannot load \(path)")
      return
    }
    measure(
      groups, screen: screen, "--group-by id, 1M groups taken in at once", key: "groups.open", into: &report,
      firstCards: true
    ) {
      groups.storeDidAppend()
    }
    var downs: [Double] = []
    for _ in 0..<200 {
      let key = clock.now
      _ = groups.handle(.key(.down))
      groups.draw(in: screen)
      downs.append(Measure.seconds(key.duration(to: clock.now)) * 1000)
    }
    report.add("groups.down.p99", "--group-by id, 1M groups: Down key to screen, p99 of 200", Measure.percentile(downs, 99), "ms", aim: "< 5")
    measure(groups, screen: screen, "+ with 1M groups", key: "groups.plus", into: &report) {
      _ = groups.handle(.key(.character("+")))
    }
    // Each shows the items anew: grouped again, on the worker.
    measure(groups, screen: screen, "x with 1M groups", key: "groups.x", into: &report) {
      _ = groups.handle(.key(.character("x")))
    }
    measure(groups, screen: screen, "u with 1M groups", key: "groups.u", into: &report) {
      _ = groups.handle(.key(.character("u")))
    }
    measure(groups, screen: screen, "sort by price with 1M groups", key: "groups.sort", into: &report) {
      groups.requestSort(SortOrder(field: "price"))
    }
    // `L` on to the mosaic, which places cards by index; there a hide and a
    // sort group the items again, on the worker as in the waterfall.
    var kind = LayoutKind.waterfall
    repeat {
      let next = kind.next
      measure(groups, screen: screen, "L (\(kind.label) to \(next.label)) with 1M groups", key: "groups.L.\(next.rawValue)", into: &report) {
        _ = groups.handle(.key(.character("L")))
      }
      kind = next
    } while kind != .mosaic
    measure(groups, screen: screen, "x in the mosaic with 1M groups", key: "groups.mosaic.x", into: &report) {
      _ = groups.handle(.key(.character("x")))
    }
    measure(groups, screen: screen, "sort by title in the mosaic with 1M groups", key: "groups.mosaic.sort", into: &report) {
      groups.requestSort(SortOrder(field: "title"))
    }
  }

  /// Times `body` (a key) from its start to the screen drawn after it, and on
  /// until the workers' whole layout is in, and reports both as `key` and
  /// `key.whole`.
  /// With `firstCards`, the time until the first cards show is reported too, as `key.first`.
  func measure(
    _ browser: Browser, screen: CellBuffer, _ label: String, key: String, into report: inout Report, firstCards: Bool = false,
    _ body: () -> Void
  ) {
    let clock = ContinuousClock()
    let start = clock.now
    body()
    browser.draw(in: screen)
    let ms = Measure.seconds(start.duration(to: clock.now)) * 1000
    let (settled, longest, first) = settle(browser, screen: screen)
    if firstCards, let first {
      log("relayout: \(label): the first cards on screen after \(format(ms + first)) ms")
      report.add("\(key).first", "\(label): until the first cards show", ms + first, "ms")
    }
    log(
      "relayout: \(label): \(format(ms)) ms to the screen, \(format(ms + settled)) ms until the whole layout is in, "
        + "longest main-thread step meanwhile \(format(longest)) ms")
    report.add(key, "\(label): key to screen", ms, "ms", aim: "<= 100")
    report.add("\(key).whole", "\(label): until the whole layout is in", ms + settled, "ms")
    report.add("\(key).step", "\(label): longest main-thread step until then", longest, "ms")
  }

  /// Takes in what the workers finished until nothing is left running; returns
  /// how long it took, and the longest take-in and draw on this thread (what a
  /// key could wait behind), in milliseconds.
  func settle(_ browser: Browser, screen: CellBuffer) -> (total: Double, longest: Double, firstCards: Double?) {
    let clock = ContinuousClock()
    let start = clock.now
    var longest = 0.0
    var first: Double? = browser.counts.shown > 0 ? 0 : nil
    while browser.hasBackgroundWork, Measure.seconds(start.duration(to: clock.now)) < 120 {
      let step = clock.now
      if browser.takeBackgroundWork() {
        browser.draw(in: screen)
        longest = max(longest, Measure.seconds(step.duration(to: clock.now)) * 1000)
        if first == nil, browser.counts.shown > 0 { first = Measure.seconds(start.duration(to: clock.now)) * 1000 }
      } else {
        usleep(500)
      }
    }
    return (Measure.seconds(start.duration(to: clock.now)) * 1000, longest, first)
  }

  private func format(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "-"
  }
}
