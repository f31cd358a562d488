#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the browser's items in step with the data, which loads on a thread of
/// its own (``BackgroundLoader``), so the screen answers keys while a large file
/// or a pipe is still being read.
///
/// - At start it asks for the first page; a file or a pipe streams in, its cards
///   appearing as they are read.
/// - When the browser nears the end of its cards (``Browser/isNearEnd``), it asks
///   for the next page of a directory ("load more").
/// - ``reload()`` (`r`) reads every page loaded so far again into a new store and
///   swaps it in when done, keeping the selection; `--watch` does the same when a
///   page's file, or the directory, changes.
///
/// ```swift
/// let controller = LoadController(source: source, browser: browser, wake: { wakeUp.signal() })
/// controller.start()
/// // in the event loop:
/// controller.drain()
/// controller.tick(now: milliseconds)
/// ```
public final class LoadController {
  /// The argument the source was named by (to find a directory's pages again).
  private let argument: String?
  public private(set) var source: DataSource
  let browser: Browser
  private let roles: FieldRoles
  private let wake: @Sendable () -> Void
  private var loader: BackgroundLoader

  /// Bumped by each reload; events of older generations are dropped.
  private var generation = 0
  /// Pages asked for, and ended, in this generation.
  private var pagesRequested = 0
  private var pagesEnded = 0
  /// The store being filled: the browser's, or a reload's until it is complete.
  private var store: ItemStore
  private var isReloading = false
  /// The store's number for each source page.
  private var storePages: [Int: Int] = [:]
  private var bytesRead: [Int: Int] = [:]

  /// JSON Lines lines skipped so far (this generation).
  public private(set) var skipped: [SkippedLine] = []
  /// Errors that stopped a page, in the order met.
  public private(set) var errors: [LoadError] = []

  /// Whether to reload when the source changes on disk, and what it looked like.
  public var watches = false
  private var watchedSignature: [Int] = []
  private var lastWatch: UInt64 = 0
  static let watchInterval: UInt64 = 500

  public init(argument: String?, source: DataSource, browser: Browser, wake: @escaping @Sendable () -> Void) {
    self.argument = argument
    self.source = source
    self.browser = browser
    self.roles = browser.store.roles
    self.wake = wake
    store = browser.store
    loader = BackgroundLoader(source: source, scanner: ItemScanner(roles: roles), wake: wake)
  }

  /// Starts loading: the first page.
  public func start() {
    requestNextPage()
    watchedSignature = signature()
  }

  /// Whether pages wait to be asked for (a directory not read to its end).
  public var hasMorePages: Bool { pagesRequested < source.pageCount }

  /// Whether every page asked for has been read (nothing is streaming).
  public var isIdle: Bool { pagesEnded == pagesRequested }

  /// Whether the first page has ended or delivered its first chunk: what the
  /// command waits for before opening the screen, so a syntax error near the
  /// start of a file is an exit status, not a screen.
  public var firstPageSettled: Bool { pagesEnded > 0 || (bytesRead[0] ?? 0) >= PageLoad.firstChunk }

  /// Whether the loader has found more than the browser has taken in.
  public var hasPendingEvents: Bool { loader.hasEvents }

  /// Whether the loop should wake now and then without input: to watch the
  /// files, or to show items waiting for the cards to be laid out again.
  public var wantsTicks: Bool { watches || browser.relayoutPending }

  /// How long the loop may wait for input before it should wake (milliseconds).
  public var tickInterval: Int { Int(browser.relayoutPending ? Self.relayoutInterval : Self.watchInterval) }

  // MARK: Taking in

  /// How often, at most, a stream of items for earlier sections lays every
  /// card out again (in milliseconds): each time costs time in proportion to all
  /// the items.
  static let relayoutInterval: UInt64 = 250
  private var lastRelayout: UInt64 = 0

  /// Takes in up to about `limit` items the loader found; returns whether
  /// anything changed. `now` is in milliseconds.
  @discardableResult
  public func drain(limit: Int = 20_000, now: UInt64 = 0) -> Bool {
    let events = loader.takeEvents(limit: limit)
    if events.isEmpty, browser.relayoutPending, isIdle || now &- lastRelayout >= Self.relayoutInterval {
      lastRelayout = now
      browser.storeDidAppend()
      return true
    }
    guard !events.isEmpty else { return false }
    var appended = false
    for event in events where event.generation == generation {
      switch event {
      case .opened(_, let page, let file):
        storePages[page] = store.add(file)
      case .items(_, let page, let items, let newlySkipped, let read):
        if let storePage = storePages[page] { store.append(items, toPage: storePage) }
        skipped += newlySkipped
        bytesRead[page] = read
        appended = true
      case .ended(_, _, let error):
        pagesEnded += 1
        if let error {
          errors.append(error)
          browser.notice = error.description
        }
      }
    }
    if !isReloading {
      browser.skippedCount = skipped.count
      if appended || browser.relayoutPending {
        let allowed = isIdle || now &- lastRelayout >= Self.relayoutInterval
        if allowed && browser.relayoutPending { lastRelayout = now }
        browser.storeDidAppend(relayoutAllowed: allowed)
      }
    } else if isIdle {
      isReloading = false
      browser.skippedCount = skipped.count
      browser.replaceStore(store)
    }
    updateLoadingState()
    return true
  }

  /// Between events: asks for the next page when the browser nears the end, and
  /// reloads when a watched file changed. `now` is in milliseconds.
  public func tick(now: UInt64) {
    if !isReloading, isIdle, pagesRequested < source.pageCount, browser.isNearEnd {
      requestNextPage()
    }
    if watches, now &- lastWatch >= Self.watchInterval {
      lastWatch = now
      let current = signature()
      if current != watchedSignature, isIdle {
        watchedSignature = current
        reload()
      }
    }
  }

  /// Reads every page loaded so far again; the browser keeps showing the old
  /// items until the new ones are all in, then keeps its selection.
  public func reload() {
    guard source != .standardInput else {
      browser.notice = "standard input cannot be read again"
      return
    }
    if let argument, case .directory = source, let fresh = try? DataSource.resolve(argument) {
      source = fresh
    }
    let pages = max(1, min(pagesRequested, source.pageCount))
    generation += 1
    loader.cancel(before: generation)
    loader = BackgroundLoader(source: source, scanner: ItemScanner(roles: roles), wake: wake)
    store = ItemStore(roles: roles)
    isReloading = true
    storePages = [:]
    bytesRead = [:]
    skipped = []
    errors = []
    browser.notice = nil
    pagesRequested = 0
    pagesEnded = 0
    for _ in 0..<pages { requestNextPage() }
    watchedSignature = signature()
  }

  private func requestNextPage() {
    loader.load(page: pagesRequested, generation: generation)
    pagesRequested += 1
    updateLoadingState()
  }

  private func updateLoadingState() {
    let more = !isIdle || pagesRequested < source.pageCount
    guard more || isReloading else {
      browser.loading = .done
      return
    }
    let count = isReloading ? store.count : browser.store.count
    let verb = isReloading ? "reloading" : "loading"
    browser.loading = .loading(progress: isIdle ? nil : "\(verb) \(Self.grouped(count)) items…")
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var out = ""
    for (i, digit) in digits.enumerated() {
      if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
      out.append(digit)
    }
    return out
  }

  /// What the watched files look like now: each loaded page's (and a directory's)
  /// modification time and size.
  private func signature() -> [Int] {
    var paths: [String] = []
    if case .directory(let directory, _) = source { paths.append(directory) }
    for page in 0..<min(max(pagesRequested, 1), source.pageCount) {
      if let path = source.pagePath(page) { paths.append(path) }
    }
    return paths.flatMap { path in
      guard let s = FileSystem.signature(path) else { return [-1, -1, -1] }
      return [s.seconds, s.nanoseconds, s.size]
    }
  }
}
