#if canImport(Glibc)
  import Glibc
#endif

/// Fills the store from the data, which loads on a thread of its own
/// (``BackgroundLoader``), so the screen answers keys while a large file or a
/// pipe is still being read.
///
/// Data flows one way: the controller appends to the store it was given and
/// hands back a ``LoadUpdate`` saying what changed; it holds no reference to the
/// browser and is told what it needs to know (whether the cards are near their
/// end).
///
/// - At start it asks for the first page; a file or a pipe streams in, its cards
///   appearing as they are read.
/// - When told the browser nears the end of its cards, it asks for the next page
///   of a directory ("load more").
/// - ``reload()`` (`r`) reads every page loaded so far again into a new store and
///   hands it over when done (``LoadUpdate/replacement``); `--watch` does the same
///   when a page's file, or the directory, changes.
/// - Items that name a picture without its size have it read from the picture's
///   header by a ``PictureSizer``, off this thread; the sizes come in later drains
///   (``LoadUpdate/resized``).
///
/// ```swift
/// let controller = LoadController(argument: path, source: source, store: browser.store, wake: { wakeUp.signal() })
/// browser.apply(controller.start())
/// // in the event loop:
/// browser.apply(controller.drain(now: milliseconds), now: milliseconds)
/// browser.apply(controller.tick(now: milliseconds, nearEnd: browser.isNearEnd))
/// ```
public final class LoadController {
  /// The argument the source was named by (to find a directory's pages again).
  private let argument: String?
  public private(set) var source: DataOrigin
  private let roles: FieldRoles
  private let wake: @Sendable () -> Void
  private var loader: BackgroundLoader
  private let options: ReadOptions
  private let memoryLimit: MemoryLimit?
  private let memoryInUse: @Sendable () -> Int?
  private let sizer: PictureSizer
  /// Whether reading is paused at the memory limit.
  public private(set) var isPausedByMemory = false
  /// The store items handed to the sizer so far.
  private var measuredCount = 0

  /// Bumped by each reload; events of older generations are dropped.
  private var generation = 0
  /// Pages asked for, and ended, in this generation.
  private var pagesRequested = 0
  private var pagesEnded = 0
  /// The store being filled: the one shown, or a reload's until it is complete.
  private var store: ItemStore
  private var isReloading = false
  /// The store's number for each source page.
  private var storePages: [Int: Int] = [:]
  private var bytesRead: [Int: Int] = [:]

  /// JSON Lines lines skipped so far (this generation; the first 20 listed).
  public private(set) var skipped = SkippedLines()
  /// Errors that stopped a page, in the order met (the first 20 listed, the rest counted).
  public private(set) var errors = PageErrors()

  /// Whether to reload when the source changes on disk, and what it looked like.
  public var watches = false
  private var watchedSignature: [Int] = []
  private var lastWatch: UInt64 = 0
  static let watchInterval: UInt64 = 500

  /// Loads `source` (named by `argument`) into `store`, the store the browser
  /// shows, read as `options` say; `wake` is called from the loading thread when
  /// items wait.
  ///
  /// With `memoryLimit`, reading pauses while the program's memory
  /// (`memoryInUse`, by default ``ResidentMemory/bytes()``) is at it.
  public init(
    argument: String?, source: DataOrigin, store: ItemStore, options: ReadOptions = ReadOptions(),
    memoryLimit: MemoryLimit? = nil, memoryInUse: @escaping @Sendable () -> Int? = { ResidentMemory.bytes() },
    wake: @escaping @Sendable () -> Void
  ) {
    self.argument = argument
    self.options = options
    self.source = source
    self.roles = store.roles
    self.wake = wake
    self.store = store
    self.memoryLimit = memoryLimit
    self.memoryInUse = memoryInUse
    loader = BackgroundLoader(
      source: source, scanner: ItemScanner(roles: roles), options: options, memoryLimit: memoryLimit,
      memoryInUse: memoryInUse, wake: wake)
    sizer = PictureSizer(wake: wake)
  }

  /// Starts loading: the first page.
  public func start() -> LoadUpdate {
    requestNextPage()
    watchedSignature = signature()
    return loadingUpdate()
  }

  /// Whether pages wait to be asked for (a directory not read to its end).
  public var hasMorePages: Bool { pagesRequested < source.pageCount }

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

  // MARK: Taking in

  /// Takes in up to about `limit` items the loader found and says what changed.
  /// `now` is in milliseconds.
  public func drain(limit: Int = 20_000, now: UInt64 = 0) -> LoadUpdate {
    let events = loader.takeEvents(limit: limit)
    var update = LoadUpdate()
    takeSizes(into: &update)
    update.loaderIdle = isIdle && sizer.isIdle
    guard !events.isEmpty else { return update }
    for event in events where event.generation == generation {
      switch event {
      case .opened(_, let page, let file):
        storePages[page] = store.add(
          file, section: source.pageSection(page), folder: source.treeFolder(page), isPictures: source.isPicturePage(page))
      case .items(_, let page, let items, let newlySkipped, let read):
        if let storePage = storePages[page] { store.append(items, toPage: storePage) }
        skipped.append(contentsOf: newlySkipped)
        bytesRead[page] = read
        update.appended = !isReloading
      case .described(_, let page, let shape, let note):
        if let storePage = storePages[page] { store.setShape(shape, ofPage: storePage) }
        // Where in a JSON document the items were found, for the status bar.
        if let note, !isReloading { update.notice = .some(note) }
      case .memory(_, let paused):
        isPausedByMemory = paused
      case .ended(_, _, let error):
        pagesEnded += 1
        if let error {
          errors.append(error)
          update.notice = .some(error.description)
        }
      }
    }
    update.changed = true
    measureNewPictures()
    update.loaderIdle = isIdle && sizer.isIdle
    if !isReloading {
      update.skippedCount = skipped.count
    } else if isIdle {
      isReloading = false
      update.skippedCount = skipped.count
      update.replacement = store
    }
    update.loading = loadingState()
    return update
  }

  /// Hands the sizer the items added since the last call that name a picture
  /// without its size.
  private func measureNewPictures() {
    guard measuredCount < store.count else { return }
    sizer.measure(PictureSizer.requests(in: store, from: measuredCount, baseDirectory: source.baseDirectory), generation: generation)
    measuredCount = store.count
  }

  /// Puts the sizes the sizer found in the store being filled.
  private func takeSizes(into update: inout LoadUpdate) {
    var resized = false
    for size in sizer.takeSizes() where size.generation == generation && size.item < store.count {
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
    if !isReloading, isIdle, pagesRequested < source.pageCount, nearEnd {
      requestNextPage()
      update = loadingUpdate()
    }
    if watches, now &- lastWatch >= Self.watchInterval {
      lastWatch = now
      let current = signature()
      if current != watchedSignature, isIdle {
        watchedSignature = current
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
    guard source != .standardInput else {
      var update = LoadUpdate.notice("standard input cannot be read again")
      update.loaderIdle = isIdle
      return update
    }
    if let argument, case .directory = source, let fresh = try? DataOrigin.resolve(argument) {
      source = fresh
    }
    let pages = max(1, min(pagesRequested, source.pageCount))
    generation += 1
    loader.cancel(before: generation)
    sizer.cancel(before: generation)
    measuredCount = 0
    loader = BackgroundLoader(
      source: source, scanner: ItemScanner(roles: roles), options: options, memoryLimit: memoryLimit,
      memoryInUse: memoryInUse, wake: wake)
    isPausedByMemory = false
    store = ItemStore(roles: roles)
    isReloading = true
    storePages = [:]
    bytesRead = [:]
    skipped = SkippedLines()
    errors = PageErrors()
    pagesRequested = 0
    pagesEnded = 0
    for _ in 0..<pages { requestNextPage() }
    watchedSignature = signature()
    var update = loadingUpdate()
    update.notice = .some(nil)
    return update
  }

  private func requestNextPage() {
    loader.load(page: pagesRequested, generation: generation)
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
  private func loadingState() -> LoadState {
    let more = !isIdle || pagesRequested < source.pageCount
    guard more || isReloading else { return .done }
    if isPausedByMemory, let memoryLimit, !isIdle {
      return .loading(progress: Self.pausedText(memoryLimit))
    }
    let verb = isReloading ? "reloading" : "loading"
    return .loading(progress: isIdle ? nil : "\(verb) \(store.count.grouped) items…")
  }

  /// What the status bar says while reading is paused at `limit`.
  ///
  /// ```swift
  /// LoadController.pausedText(MemoryLimit(bytes: 2 << 30))   // "reading paused: memory limit 2 GiB reached (--memory-limit)"
  /// ```
  public static func pausedText(_ limit: MemoryLimit) -> String {
    "reading paused: memory limit \(limit) reached (--memory-limit)"
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
