import WaterfallWorkers

/// Fills the store from the data, which loads on a worker of its own
/// (``BackgroundLoader``), so the screen answers keys while a large file or a
/// pipe is still being read.
///
/// Data flows one way: the controller appends to the store it was given and
/// hands back a ``LoadUpdate`` saying what changed; it holds no reference to the
/// browser and is told what it needs to know (whether the cards are near their
/// end). It reads any ``ItemSource`` the same way: it asks for pages, and the
/// source says after each whether more follow.
///
/// - At start it asks for the first page; a file or a pipe streams in, its cards
///   appearing as they are read.
/// - When told the browser nears the end of its cards, it asks for the next page
///   of a folder ("load more").
/// - ``reload()`` (`r`) reads every page loaded so far again into a new store and
///   hands it over when done (``LoadUpdate/replacement``); `--watch` does the same
///   when a page's file, or the folder, changes. A source that revalidates (a
///   feed) is asked for its first page alone first: when it has not changed (a
///   304), or cannot be fetched, the cards stay as they are and the reading goes
///   on from where it was (``PageEnd/resumed``); otherwise the pages follow.
/// - Items that name a picture without its size have it read from the picture's
///   header by a ``PictureSizer``, off this thread; the sizes come in later drains
///   (``LoadUpdate/resized``).
/// - A source that searches and sorts where the data lives
///   (``ItemSource/refined(by:)``, ``refinesAtSource``) is re-opened refined
///   by ``refine(_:)``: the reading under way is cancelled, and the new one's
///   store is handed over with its first items, the rest appended as they come.
/// - Once the cards are not near their end, the reading rests
///   (``PageCursor/rest()``: a server's transaction is let go) until they are.
///
/// ```swift
/// let controller = LoadController(source: source, store: browser.store, wake: { wakeUp.signal() })
/// browser.apply(controller.start())
/// // in the event loop:
/// browser.apply(controller.drain(now: milliseconds), now: milliseconds)
/// browser.apply(controller.tick(now: milliseconds, nearEnd: browser.isNearEnd))
/// ```
public final class LoadController {
  /// The source read: the one given, or it refined (``refine(_:)``).
  public internal(set) var source: any ItemSource
  private let roles: FieldRoles
  private let loader: BackgroundLoader
  private let sizer: PictureSizer
  /// Whether reading is paused at the memory limit.
  public private(set) var isPausedByMemory = false
  /// The store items handed to the sizer so far.
  private var measuredCount = 0

  /// Pages asked for, and ended, since the start or the last reload.
  private var pagesRequested = 0
  private var pagesEnded = 0
  /// Whether pages follow the last that ended.
  private var morePages = true
  /// The store being filled: the one shown, or a reload's until it is complete.
  var store: ItemStore
  var isReloading = false
  /// The store the browser shows, while a reload or a refinement fills another.
  private var shownStore: ItemStore
  /// Whether the reading under way is a refinement's, handed over at its first items.
  private var isRefining = false
  /// Whether the reading rests (``PageCursor/rest()``) until the next page.
  private var rests = false
  /// How many items the source estimates it holds (``PageEnd/estimatedItems``).
  private var estimatedItems: Int?
  /// Why reading stopped before the data's end (``PageEnd/stoppedEarly``).
  private var stoppedBy: String?
  /// The store's number for each source page.
  private var storePages: [Int: Int] = [:]
  private var bytesRead: [Int: Int] = [:]
  /// What the source says it is doing before its first items (listing a folder).
  private var sourceProgress: String?
  /// The reading shown, kept while a source that revalidates reloads: taken
  /// back when its first page has not changed or cannot be fetched.
  private var kept: KeptReading?
  /// Pages a reload of such a source asks for once its first page has come.
  private var reloadPagesLeft = 0

  /// What a reload keeps of the reading shown, to go back to it.
  private struct KeptReading {
    var store: ItemStore
    var storePages: [Int: Int]
    var bytesRead: [Int: Int]
    var skipped: SkippedLines
    var errors: PageErrors
    var pagesRequested: Int
    var pagesEnded: Int
    var watched: [(path: String, signature: [Int])]
    /// Whether its last page ended in an error (retried when the reading is taken up).
    var lastPageFailed: Bool
  }
  /// Whether the last page that ended, ended in an error.
  private var lastPageFailed = false

  /// For a source paged by keys (``ItemSource/starting(at:)``: a database
  /// table's rows), the window on its rows the store shown holds; nil for
  /// every other source, and before the first page has ended.
  public internal(set) var window: RowWindow?
  /// Whether the source is paged by keys: `G` far from the end opens its last
  /// page (``moveWindow(_:)``), and a window holds at most ``windowRows``.
  public let pagesByKeys: Bool
  /// The most rows a window holds: once it holds more, it is opened again
  /// after a page near its end (``RowWindow/trimmed(keepingPages:)``), the
  /// rows above let go.
  public var windowRows = 100_000
  /// Pages a trimmed window keeps (the selection is in the last, or the one before).
  static let keptPages = 2
  /// The window of the store being filled, once its first page has ended.
  var readingWindow: RowWindow?
  /// Where the reading being filled started, the window it moved from, and
  /// the rows a trim let go (``RowWindow/opened(by:previous:dropped:firstPage:rows:hasMore:estimate:)``).
  var windowStart = WindowStart.first
  var previousWindow: RowWindow?
  var droppedRows = 0
  /// Rows the first page of the reading being filled gave.
  var firstPageRows = 0
  /// Whether the reading being filled is a window move, whose store hands
  /// over with a ``WindowLanding``.
  var isMovingWindow = false

  /// JSON Lines lines skipped so far (this reading; the first 20 listed).
  public private(set) var skipped = SkippedLines()
  /// Errors that stopped a page, in the order met (the first 20 listed, the rest counted).
  public private(set) var errors = PageErrors()

  /// Whether to reload when the source changes on disk.
  public var watches = false
  /// The watched files (each page opened, and a folder's listing) and what each looked like then.
  private var watched: [(path: String, signature: [Int])] = []
  private var lastWatch: UInt64 = 0
  static let watchInterval: UInt64 = 500

  /// Loads `source` into `store`, the store the browser shows, read as
  /// `options` say; the loader's and the sizer's jobs run as `workers` says.
  ///
  /// With `memoryLimit`, reading pauses while the program's memory
  /// (`memoryInUse`, by default ``ResidentMemory/bytes()``) is at it.
  public init(
    source: any ItemSource, store: ItemStore, options: ReadOptions = ReadOptions(),
    memoryLimit: MemoryLimit? = nil, memoryInUse: @escaping @Sendable () -> Int? = { ResidentMemory.bytes() },
    workers: WorkerMode
  ) {
    self.source = source
    self.roles = store.roles
    self.store = store
    shownStore = store
    if let memoryLimit { store.limitSearchTexts(toBytes: min(store.searchTexts.budget, memoryLimit.searchTextBudget)) }
    refinesAtSource = source.refined(by: SourceRefinement()) != nil
    pagesByKeys = source.starting(at: .first) != nil
    loader = BackgroundLoader(
      source: source, settings: Self.settings(for: store, options: options),
      memoryLimit: memoryLimit, memoryInUse: memoryInUse, mode: workers)
    sizer = PictureSizer(mode: workers)
  }

  /// How the readings into `store` read: with ``scanner(for:)``, leaving the
  /// cards the store reads again from their texts (``PackedCards``).
  static func settings(for store: ItemStore, options: ReadOptions) -> ReadSettings {
    var settings = ReadSettings(scanner: scanner(for: store), options: options)
    settings.storeReadsFileCards = true
    return settings
  }

  /// What the readings scan with: the store's roles, each card measured at the
  /// width the waterfall last used (``MeasuringWidth``).
  static func scanner(for store: ItemStore) -> ItemScanner {
    var scanner = ItemScanner(roles: store.roles)
    scanner.measuring = store.measuringWidth
    return scanner
  }

  /// Loads `source` into `store` on threads of its own; `wake` is called from
  /// them when items wait.
  public convenience init(
    source: any ItemSource, store: ItemStore, options: ReadOptions = ReadOptions(),
    memoryLimit: MemoryLimit? = nil, memoryInUse: @escaping @Sendable () -> Int? = { ResidentMemory.bytes() },
    wake: @escaping @Sendable () -> Void
  ) {
    self.init(
      source: source, store: store, options: options, memoryLimit: memoryLimit, memoryInUse: memoryInUse,
      workers: .background(wake: wake))
  }

  /// Starts loading: the first page.
  public func start() -> LoadUpdate {
    watchFolder()
    requestNextPage()
    return loadingUpdate()
  }

  /// Whether pages wait to be asked for (a folder not read to its end).
  public var hasMorePages: Bool { morePages }

  /// Whether the source searches and sorts where the data lives
  /// (``ItemSource/refined(by:)``): the browser then asks it to (``refine(_:)``).
  public let refinesAtSource: Bool

  /// Whether a reading of a source that refines is under way, which Esc may
  /// stop (``stopReading()``): a server's statement.
  public var readingStops: Bool { refinesAtSource && !isIdle }

  /// Whether every page asked for has been read (nothing is streaming).
  public var isIdle: Bool { pagesEnded == pagesRequested }

  /// Whether the first page has ended or delivered its first chunk: what the
  /// command waits for before opening the screen, so a syntax error near the
  /// start of a file is an exit status, not a screen.
  public var firstPageSettled: Bool { pagesEnded > 0 || (bytesRead[0] ?? 0) >= PageLoad.firstChunk }

  /// Whether pictures' sizes are still being read from their headers.
  public var isMeasuringPictures: Bool { !sizer.isIdle }

  /// Whether the loader has found more than the browser has taken in.
  public var hasPendingEvents: Bool { loader.hasEvents || sizer.hasSizes }

  /// How long the loop may wait for input before it should wake to look at
  /// the watched files (milliseconds), or nil when nothing is watched.
  public var tickInterval: Int? { watches ? Int(Self.watchInterval) : nil }

  /// Runs the loader's and the sizer's jobs that wait, here (workers that are
  /// `.stepped`); returns how many ran.
  @discardableResult
  public func runPendingWork() -> Int {
    var ran = 0
    while case let n = loader.runPending() + sizer.runPending(), n > 0 { ran += n }
    return ran
  }

  // MARK: Taking in

  /// Takes in up to about `limit` items the loader found and says what changed.
  /// `now` is in milliseconds.
  public func drain(limit: Int = 20_000, now: UInt64 = 0) -> LoadUpdate {
    let events = loader.takeEvents(limit: limit)
    var update = LoadUpdate()
    takeSizes(into: &update)
    update.loaderIdle = isIdle && sizer.isIdle
    guard !events.isEmpty else { return update }
    for event in events {
      switch event {
      case .opened(let page, let opened):
        storePages[page] = store.add(opened.file, section: opened.section, folder: opened.folder, isPictures: opened.isPictures)
        if !opened.file.isStandardInput { watch(opened.path) }
      case .items(let page, let items, let newlySkipped, let read):
        if let storePage = storePages[page] { store.append(items, toPage: storePage) }
        skipped.append(contentsOf: newlySkipped)
        bytesRead[page] = read
        update.appended = !isReloading
      case .described(let page, let shape, let note):
        if let storePage = storePages[page] { store.setShape(shape, ofPage: storePage) }
        // Where in a JSON document the items were found, for the status bar.
        if let note, !isReloading { update.notice = .some(note) }
      case .progress(_, let text):
        sourceProgress = text
      case .memory(let paused):
        isPausedByMemory = paused
      case .ended(let page, let end):
        pagesEnded += 1
        morePages = end.hasMore
        lastPageFailed = end.error != nil
        if let found = end.sectionsFound { update.groupsFound = found }
        if let estimate = end.estimatedItems { estimatedItems = estimate }
        if pagesByKeys, end.error == nil { tookWindowPage(end, into: &update) }
        if isReloading, let kept, page == 0, end.resumed || (end.error != nil && store.count == 0) {
          takeBack(kept, end: end, into: &update)
          continue
        }
        if let error = end.error {
          errors.append(error)
          // A reading stopped early says so as where loading stands, not as a passing notice.
          // (Its source is the one on screen: the reason alone fits the status bar.)
          if end.stoppedEarly {
            if case .unreadable(_, let reason) = error { stoppedBy = reason } else { stoppedBy = error.description }
          } else {
            update.notice = .some(error.description)
          }
        }
        if isReloading, kept != nil, end.error == nil, end.hasMore, reloadPagesLeft > 0 {
          reloadPagesLeft -= 1
          requestNextPage()
        }
      }
    }
    update.changed = true
    measureNewPictures()
    update.loaderIdle = isIdle && sizer.isIdle
    if !isReloading {
      update.skippedCount = skipped.count
    } else if isIdle, store.count == 0, !errors.isEmpty {
      // A reading that failed before its first item (the server is still
      // away) hands nothing over: the cards shown stay, with its error.
      isReloading = false
      isRefining = false
      kept = nil
      store = shownStore
      morePages = false
    } else if isIdle || (isRefining && store.count > 0) {
      // A refinement's first items show at once; the rest are appended.
      isReloading = false
      isRefining = false
      kept = nil
      shownStore = store
      update.skippedCount = skipped.count
      update.replacement = store
      if pagesByKeys {
        window = readingWindow
        update.window = window
        if isMovingWindow { update.landing = landing() }
        isMovingWindow = false
      }
    }
    update.loading = loadingState()
    return update
  }

  /// Hands the sizer the items added since the last call that name a picture
  /// without its size.
  private func measureNewPictures() {
    guard measuredCount < store.count else { return }
    sizer.measure(PictureSizer.requests(in: store, from: measuredCount, baseDirectory: source.sourceDescription.baseDirectory))
    measuredCount = store.count
  }

  /// Puts the sizes the sizer found in the store being filled.
  private func takeSizes(into update: inout LoadUpdate) {
    var resized = false
    for size in sizer.takeSizes() where size.item < store.count {
      store.setPictureSize(size.aspect, at: size.item)
      resized = true
    }
    if resized && !isReloading {
      update.resized = true
      update.changed = true
    }
  }

  /// Between events: asks for the next page when told the cards are near their
  /// end (`nearEnd`), and reloads when a watched file changed. `now` is in
  /// milliseconds.
  public func tick(now: UInt64, nearEnd: Bool) -> LoadUpdate {
    var update = LoadUpdate()
    if pagesByKeys, !isReloading, isIdle, let trimmed = trimWindow() {
      update = trimmed
    } else if !isReloading, isIdle, morePages, nearEnd {
      requestNextPage()
      update = loadingUpdate()
    } else if isIdle, morePages, !nearEnd, !rests {
      // Read ahead of the user, who is not near the end: what the reading holds open is let go.
      rests = true
      loader.rest()
    }
    if watches, now &- lastWatch >= Self.watchInterval {
      lastWatch = now
      if isIdle, watched.contains(where: { Self.signature($0.path) != $0.signature }) {
        update = reload()
      }
    }
    update.loaderIdle = isIdle
    return update
  }

  /// Reads every page loaded so far again; the browser keeps showing the old
  /// items until the new ones are all in (a later ``drain(limit:now:)`` hands
  /// them over), then keeps its selection.
  public func reload() -> LoadUpdate {
    if let refusal = source.sourceDescription.reloadRefusal {
      var update = LoadUpdate.notice(refusal)
      update.loaderIdle = isIdle
      return update
    }
    return restart(pages: max(1, pagesRequested))
  }

  /// Reads the source refined by `refinement` from now on
  /// (``ItemSource/refined(by:)``): the reading under way is cancelled (a
  /// server's statement with it), and the new store is handed over with its
  /// first items (a later ``drain(limit:now:)``'s ``LoadUpdate/replacement``),
  /// the rest appended as they come; the browser keeps the old until then.
  /// Nothing happens for a source that does not refine.
  public func refine(_ refinement: SourceRefinement) -> LoadUpdate {
    guard let refined = source.refined(by: refinement) else { return LoadUpdate() }
    source = refined
    var update = restart(pages: 1, with: refined)
    windowStart = .first
    previousWindow = nil
    droppedRows = 0
    isRefining = true
    update.loading = loadingState()
    return update
  }

  /// Stops the reading under way (Esc while a server runs a statement): its
  /// page ends with the error saying it was cancelled, and `r` reads again.
  public func stopReading() -> LoadUpdate {
    guard readingStops else { return LoadUpdate() }
    loader.stopReading()
    return loadingUpdate()
  }

  /// The program is ending: the reading stops and leaves nothing running
  /// elsewhere (``PageCursor/end()``: a server's statement is cancelled).
  public func end() {
    loader.end()
    sizer.cancel()
  }

  /// Starts reading `pages` pages into a new store (of `newSource`, if given).
  func restart(pages: Int, with newSource: (any ItemSource)? = nil) -> LoadUpdate {
    // A source that revalidates (a feed) asks for its first page alone first (the
    // rest follow it, in `drain`); the reading shown is kept until it has come.
    let revalidates = newSource == nil && source.sourceDescription.revalidates
    if revalidates, !isReloading {
      kept = KeptReading(
        store: store, storePages: storePages, bytesRead: bytesRead, skipped: skipped, errors: errors,
        pagesRequested: pagesRequested, pagesEnded: pagesEnded, watched: watched, lastPageFailed: lastPageFailed)
    } else if !revalidates {
      kept = nil
    }
    reloadPagesLeft = revalidates ? pages - 1 : 0
    loader.restart(with: newSource)
    sizer.cancel()
    measuredCount = 0
    isPausedByMemory = false
    let budget = store.searchTexts.budget
    store = ItemStore(roles: roles, measuringWidth: store.measuringWidth)
    store.limitSearchTexts(toBytes: budget)
    isReloading = true
    isRefining = false
    isMovingWindow = false
    readingWindow = nil
    // A reload reads the same window again: from where it started, the rows it held before.
    previousWindow = window
    estimatedItems = nil
    stoppedBy = nil
    storePages = [:]
    bytesRead = [:]
    skipped = SkippedLines()
    errors = PageErrors()
    pagesRequested = 0
    pagesEnded = 0
    morePages = true
    sourceProgress = nil
    watched = []
    watchFolder()
    for _ in 0..<(revalidates ? 1 : pages) { requestNextPage() }
    var update = loadingUpdate()
    update.notice = .some(nil)
    return update
  }

  /// Goes back to the reading shown before a reload whose first page `end`
  /// says has not changed, or could not be fetched: the same store, no
  /// replacement; the reading goes on where it was (a page that failed last is
  /// retried when the cards near their end).
  private func takeBack(_ kept: KeptReading, end: PageEnd, into update: inout LoadUpdate) {
    store = kept.store
    storePages = kept.storePages
    bytesRead = kept.bytesRead
    skipped = kept.skipped
    errors = kept.errors
    pagesRequested = kept.pagesRequested
    pagesEnded = kept.pagesEnded
    watched = kept.watched
    isReloading = false
    self.kept = nil
    reloadPagesLeft = 0
    readingWindow = window
    morePages = end.hasMore
    // The page that failed last is asked for again: its error is not the last word.
    if kept.lastPageFailed, end.hasMore, !errors.isEmpty { errors.removeLast() }
    lastPageFailed = end.error != nil
    if let error = end.error {
      errors.append(error)
      update.notice = .some(error.description)
    } else {
      update.notice = .some("not modified (HTTP 304): every card kept")
    }
    // Sizes the cancelled sizer had not read yet are read again (those read stay).
    measuredCount = 0
    update.skippedCount = skipped.count
  }

  private func requestNextPage() {
    rests = false
    loader.load(page: pagesRequested)
    pagesRequested += 1
  }

  /// An update that says where loading stands.
  private func loadingUpdate() -> LoadUpdate {
    var update = LoadUpdate()
    update.loading = loadingState()
    update.loaderIdle = isIdle
    update.changed = true
    return update
  }

  /// Where loading stands: done, or how many items are in so far.
  func loadingState() -> LoadState {
    if isIdle, let stoppedBy { return .stopped(stoppedBy) }
    let more = !isIdle || morePages
    guard more || isReloading else { return .done }
    if isPausedByMemory, let memoryLimit = loader.memoryLimit, !isIdle {
      return .loading(progress: Self.pausedText(memoryLimit))
    }
    // A server's statement running: Esc stops it (``stopReading()``).
    let stops = readingStops ? " · Esc stops" : ""
    if !isIdle, store.count == 0, let sourceProgress { return .loading(progress: sourceProgress + stops) }
    let verb = isRefining ? "querying" : isMovingWindow ? "reading" : isReloading ? "reloading" : "loading"
    // A server's table says how many rows it holds, estimated.
    let of = estimatedItems.map { " of ~\($0.grouped)" } ?? ""
    if isIdle, let window, window.isMoved, !isReloading { return .loading(progress: window.text) }
    if isIdle { return .loading(progress: of.isEmpty ? nil : "\(store.count.grouped)\(of) items") }
    return .loading(progress: "\(verb) \(store.count.grouped)\(of) items…\(stops)")
  }

  /// What the status bar says while reading is paused at `limit`.
  ///
  /// ```swift
  /// LoadController.pausedText(MemoryLimit(bytes: 2 << 30))   // "reading paused: memory limit 2 GiB reached (--memory-limit)"
  /// ```
  public static func pausedText(_ limit: MemoryLimit) -> String {
    "reading paused: memory limit \(limit) reached (--memory-limit)"
  }

  /// Follows the source's folder, if it names one, from now on.
  private func watchFolder() {
    if let folder = source.sourceDescription.watchedFolder { watch(folder) }
  }

  /// Follows `path` from now on, as it looks now.
  private func watch(_ path: String) {
    watched.append((path, Self.signature(path)))
  }

  /// What a watched file looks like: its modification time and size.
  private static func signature(_ path: String) -> [Int] {
    guard let s = FileSystem.signature(path) else { return [-1, -1, -1] }
    return [s.seconds, s.nanoseconds, s.size]
  }
}
