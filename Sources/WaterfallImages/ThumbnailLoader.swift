import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes thumbnails on worker threads, so the thread that reads keys and draws
/// never waits for a picture.
///
/// The drawing thread asks for the thumbnail of each picture it is about to draw with
/// ``thumbnail(_:)``. A thumbnail in the cache comes back at once; otherwise the
/// request joins a queue and the answer is ``ThumbnailState/pending`` (draw a
/// placeholder). A worker takes the requests of the latest frame first, decodes,
/// keeps the result in the cache (bounded in bytes, least recently used out first)
/// and calls `onReady`, which should wake the drawing thread to draw again (it runs on
/// the worker, not holding the loader's lock, so the drawing thread never waits for
/// it; it must be quick). A failure calls `onReady` only when the picture was asked
/// for with `wakesOnFailure` (whoever shows why a picture is missing): elsewhere a
/// failed picture looks as a pending one does, and drawing again would change nothing.
///
/// The drawing thread takes the lock once per picture it draws, and the workers hold
/// it only to take a request or to file a result: decoding, file reading and
/// `onReady` happen outside it.
///
/// Only what is drawn is requested, and a request not repeated in the last two frames
/// (``beginFrame()``) is dropped unstarted: scrolling past a hundred pictures decodes
/// the few the screen stops on, not the hundred. Failures are remembered per file,
/// so a bad picture is tried once.
///
/// A slow or hostile picture never holds up the others: its first try gets only
/// ``Options/firstTryMilliseconds`` of CPU time; a picture that needs longer gives up its worker
/// and is *parked*, then tried again with the whole time budget
/// (``ImageLimits/maximumDecodeMilliseconds``, counted in CPU time) by a worker of
/// its own (the slow lane), one parked picture at a time, while the other workers go
/// on with the rest.
///
/// ```swift
/// let loader = ThumbnailLoader(onReady: { session.wakeUp.signal() })
/// loader.beginFrame()
/// let key = ThumbnailKey(path: "img/rug-001.png", shape: .fill(width: 24, height: 12), mode: .palette256)
/// if case .ready(let thumbnail) = loader.thumbnail(key) { thumbnail.draw(in: canvas, at: origin, clip: clip) }
/// ```
public final class ThumbnailLoader: @unchecked Sendable {
  public struct Options: Sendable {
    /// The cache's capacity in bytes.
    public var cacheBytes = 24 << 20
    public var limits = ImageLimits.standard
    /// Decoding threads for pictures tried the first time (one more thread, the slow
    /// lane, retries parked ones); with 0 nothing is decoded until
    /// ``ThumbnailLoader/decodeWaiting()`` is called (the `render` command and tests,
    /// which want the same result every time), which takes every first try before any
    /// retry.
    public var workers = ThumbnailLoader.defaultWorkers
    /// The CPU time a picture's first decode may take, in milliseconds (at most the
    /// limits' budget); one that needs longer is parked and retried with the whole budget
    /// behind the others. 0: every decode gets the whole budget at once, no parking.
    public var firstTryMilliseconds = 250
    /// Whether requests made during a frame wait for ``ThumbnailLoader/endFrame()``
    /// to wake the workers, so that no worker takes the loader's lock while the frame
    /// is drawn (the live screen). false: a new request wakes them at once.
    public var wakesWorkersAtFrameEnd = false
    /// What transparent pixels are blended over.
    public var background = RGB.black
    /// How many failed files are remembered (their reasons are short strings).
    public var failureMemory = 4096
    /// Pictures that are not files: the bytes of the picture a key's path names
    /// (a BLOB in a database), or nil to open the path as a file. Called on a
    /// decoding thread.
    public var bytesForPath: (@Sendable (String) -> [UInt8]?)?
    /// How a picture becomes a thumbnail within the given limits; nil:
    /// ``ThumbnailLoader/make(_:options:limits:)`` (the C decoders). Called on a
    /// decoding thread; tests put a deliberately slow picture here.
    public var decode: (@Sendable (ThumbnailKey, ImageLimits) throws(ImageError) -> Thumbnail)?
    /// The shared thumbnails folder (``FreedesktopThumbnails``) to read picture
    /// files' thumbnails from and write them to; nil: not used (the default, and
    /// `render`'s, whose output must not depend on it).
    public var thumbnailFolder: FreedesktopThumbnails?
    public init() {}
  }

  /// Counts for tests and the benchmark.
  public struct Statistics: Hashable, Sendable {
    /// Thumbnails made.
    public var decoded = 0
    /// Pictures that could not be decoded.
    public var failed = 0
    /// Requests dropped unstarted because their picture left the screen.
    public var dropped = 0
    /// First tries that ran out of their time and gave up their worker (parked).
    public var parked = 0
    /// Requests waiting (parked ones included), and being decoded now.
    public var pending = 0
    public var inFlight = 0
    /// Workers asleep until a request wakes them (none is theirs to take).
    public var idleWorkers = 0
    /// Decodes that ended in a call of `onReady` (made, or on its way).
    public var wakeUps = 0
    public var cacheBytes = 0
    public var cacheCount = 0
    /// Thumbnails made from the shared thumbnails folder instead of their picture.
    public var readFromFolder = 0
    /// Thumbnails written to the shared thumbnails folder, and writes that failed.
    public var writtenToFolder = 0
    public var folderWriteFailures = 0
  }

  /// One decoding thread a core (at most 4): the pictures on screen decode side by
  /// side, the latest frame's first.
  public static let defaultWorkers = max(1, min(4, sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  public let options: Options
  private let core: Core
  private var workers: [WorkerThread] = []

  public init(options: Options = Options(), onReady: (@Sendable () -> Void)? = nil) {
    self.options = options
    core = Core(options: options, onReady: onReady)
    // The threads hold the core, not the loader, so dropping the loader stops them.
    for _ in 0..<max(0, options.workers) {
      workers.append(WorkerThread(name: "wf-pictures", niceness: 5) { [core] in core.work(lane: .firstTries) })
    }
    if options.workers > 0 {
      workers.append(WorkerThread(name: "wf-pictures-retry", niceness: 5) { [core] in core.work(lane: .retries) })
    }
  }

  deinit {
    stop()
  }

  /// Stops the workers and forgets `onReady`: once this returns `onReady` is never
  /// called again, so call it before whatever `onReady` wakes goes away. A decode
  /// under way finishes on its own, unwaited for, and is thrown away.
  public func stop() {
    core.stop()
    workers = []
  }

  /// Starts a new frame: requests not repeated since the frame before this one are
  /// dropped when a worker next looks for work.
  public func beginFrame() { core.beginFrame() }

  /// Ends a frame: with ``Options/wakesWorkersAtFrameEnd``, wakes the workers for
  /// the requests it made.
  public func endFrame() { core.endFrame() }

  /// The thumbnail for `key`: ready from the cache, failed, or pending (and now
  /// requested, or kept requested, for this frame). With `wakesOnFailure`, its
  /// picture's failure, when it comes, calls `onReady` too.
  public func thumbnail(_ key: ThumbnailKey, wakesOnFailure: Bool = false) -> ThumbnailState {
    core.thumbnail(key, request: true, wakesOnFailure: wakesOnFailure)
  }

  /// What is known of `key` without requesting it.
  public func peek(_ key: ThumbnailKey) -> ThumbnailState { core.thumbnail(key, request: false, wakesOnFailure: false) }

  /// Why the file at `path` could not be shown, if it could not.
  public func failure(forPath path: String) -> ImageError? { core.failure(forPath: path) }

  /// Forgets every thumbnail and failure (after the files changed).
  public func removeAll() { core.removeAll() }

  /// The counts now.
  public var currentStatistics: Statistics { core.statistics }

  /// Waits until no request is waiting or being decoded, up to `milliseconds`;
  /// returns whether that happened. For `render` and tests, which want the pictures
  /// before they draw.
  @discardableResult
  public func waitUntilIdle(milliseconds: Int = 30_000) -> Bool { core.waitUntilIdle(milliseconds: milliseconds) }

  /// Decodes every waiting request on this thread, as a worker would (the latest
  /// frame's first, stale ones dropped), and returns when none is left.
  public func decodeWaiting() { core.work(lane: .every) }
}

/// The loader's state, shared by the drawing thread and the workers, every part
/// guarded by one lock, but `onReady`, guarded by a lock of its own.
private final class Core: @unchecked Sendable {
  private struct Request {
    var frame: UInt64
    var order: UInt64
    /// Whether its first try ran out of time: only the slow lane takes it.
    var parked = false
  }

  /// Which requests a worker takes.
  enum Lane {
    /// Requests not tried yet, each with the first try's budget.
    case firstTries
    /// Parked requests, each with the whole budget.
    case retries
    /// First tries, then retries, until none is left (``ThumbnailLoader/decodeWaiting()``).
    case every
  }

  let options: ThumbnailLoader.Options
  private let lock = ConditionLock()
  private var cache: ThumbnailCache
  private var pending: [ThumbnailKey: Request] = [:]
  private var inFlight: Set<ThumbnailKey> = []
  private var failures: [String: ImageError] = [:]
  /// Paths whose failure someone shows: it calls `onReady` (at most
  /// ``watchedLimit``; a path leaves when its result is filed).
  private var watched: Set<String> = []
  static let watchedLimit = 64
  private var frame: UInt64 = 0
  private var order: UInt64 = 0
  private var stopped = false
  /// Requests made since the workers were last woken (``Options/wakesWorkersAtFrameEnd``).
  private var unannounced = false
  /// The last request a frame's end announced (``Options/wakesWorkersAtFrameEnd``):
  /// a worker woken for another reason leaves later ones for their frame's end.
  private var announcedOrder: UInt64 = 0
  private var counts = ThumbnailLoader.Statistics()
  /// Guards `onReady` alone, so that it is called outside `lock` and never after
  /// ``stop()`` returns.
  private let callbackLock = ConditionLock()
  private var onReady: (@Sendable () -> Void)?

  init(options: ThumbnailLoader.Options, onReady: (@Sendable () -> Void)?) {
    self.options = options
    self.onReady = onReady
    cache = ThumbnailCache(capacity: options.cacheBytes)
  }

  func stop() {
    lock.withLock {
      stopped = true
      lock.broadcast()
    }
    // Waits for a call under way to end.
    callbackLock.withLock { onReady = nil }
  }

  func beginFrame() {
    lock.withLock { frame &+= 1 }
  }

  func endFrame() {
    let wakes: Bool = lock.withLock {
      defer { unannounced = false }
      announcedOrder = order
      return unannounced
    }
    if wakes { lock.broadcast() }
  }

  func thumbnail(_ key: ThumbnailKey, request: Bool, wakesOnFailure: Bool) -> ThumbnailState {
    var added = false
    let state: ThumbnailState = lock.withLock {
      if request || cache.contains(key), let thumbnail = cache.value(for: key) { return .ready(thumbnail) }
      if let error = failures[key.path] { return .failed(error) }
      if request {
        if wakesOnFailure, !watched.contains(key.path) {
          if watched.count >= Self.watchedLimit { watched.removeAll() }
          watched.insert(key.path)
        }
        if inFlight.contains(key) { return .pending }
        if pending[key] == nil {
          order &+= 1
          pending[key] = Request(frame: frame, order: order)
          if options.wakesWorkersAtFrameEnd { unannounced = true } else { added = true }
        } else {
          pending[key]?.frame = frame
        }
      }
      return .pending
    }
    // Wake the workers after letting go of the lock, so that a woken worker does not
    // at once wait for it.
    if added { lock.broadcast() }
    return state
  }

  func failure(forPath path: String) -> ImageError? {
    lock.withLock { failures[path] }
  }

  func removeAll() {
    lock.withLock {
      cache.removeAll()
      failures.removeAll()
      watched.removeAll()
    }
  }

  var statistics: ThumbnailLoader.Statistics {
    lock.withLock {
      var s = counts
      s.pending = pending.count
      s.inFlight = inFlight.count
      s.cacheBytes = cache.byteCount
      s.cacheCount = cache.count
      return s
    }
  }

  func waitUntilIdle(milliseconds: Int) -> Bool {
    var clock = timespec()
    clock_gettime(CLOCK_MONOTONIC, &clock)
    let deadline = clock.tv_sec * 1000 + clock.tv_nsec / 1_000_000 + milliseconds
    return lock.withLock {
      while !(pending.isEmpty && inFlight.isEmpty) {
        clock_gettime(CLOCK_MONOTONIC, &clock)
        let now = clock.tv_sec * 1000 + clock.tv_nsec / 1_000_000
        if now >= deadline || stopped { return false }
        lock.wait(milliseconds: min(50, deadline - now))
      }
      return true
    }
  }

  // MARK: Workers

  /// The time budget of a first try, and whether one that runs out is parked
  /// (when the whole budget is larger).
  private var firstTry: (limits: ImageLimits, parks: Bool) {
    var limits = options.limits
    let whole = limits.maximumDecodeMilliseconds
    let first = max(0, options.firstTryMilliseconds)
    guard first > 0, whole == 0 || first < whole else { return (limits, false) }
    limits.maximumDecodeMilliseconds = first
    // Counted in the work done (CPU time), as a retry's is: on a loaded machine every
    // picture's wall time stretches, and parking them all would only throw their work
    // away and queue them behind the one slow lane.
    limits.decodeTimeIsCPUTime = true
    return (limits, true)
  }

  /// A worker's loop: take the best request of its lane, decode it outside the lock,
  /// file the result, tell the drawing thread. A first try that runs out of time goes
  /// back to the queue, parked, for the slow lane. `.every` returns when no request is
  /// left instead of waiting for more.
  func work(lane: Lane) {
    let firstTry = self.firstTry
    // A retry keeps no one but other parked pictures waiting: its budget counts the
    // work done (CPU time), so load on the machine does not fail a large picture.
    var retryLimits = options.limits
    retryLimits.decodeTimeIsCPUTime = true
    while true {
      let next: (key: ThumbnailKey, retry: Bool)? = lock.withLock {
        while !stopped {
          if lane != .retries, let key = takeRequest(parked: false) { return (key, false) }
          if lane != .firstTries, let key = takeRequest(parked: true) { return (key, true) }
          if lane == .every { return nil }
          counts.idleWorkers += 1
          lock.wait()
          counts.idleWorkers -= 1
        }
        return nil
      }
      guard let (key, retry) = next else { return }
      let limits = retry ? retryLimits : firstTry.limits
      var use = ThumbnailLoader.FolderUse()
      let result = Result { () throws(ImageError) in
        if let decode = options.decode { return try decode(key, limits) }
        return try ThumbnailLoader.make(key, options: options, limits: limits, use: &use)
      }
      let wakes: Bool = lock.withLock {
        inFlight.remove(key)
        lock.broadcast()
        switch result {
        case .success(let thumbnail):
          cache.insert(thumbnail, for: key)
          counts.decoded += 1
          if use.read { counts.readFromFolder += 1 }
          watched.remove(key.path)
          counts.wakeUps += 1
          return true
        case .failure(.tooSlow) where !retry && firstTry.parks:
          // Behind every request of every frame, as if asked for now: still pending.
          order &+= 1
          pending[key] = Request(frame: frame, order: order, parked: true)
          counts.parked += 1
          return false
        case .failure(let error):
          if failures.count >= options.failureMemory { failures.removeAll() }
          failures[key.path] = error
          counts.failed += 1
          let watchedFailure = watched.remove(key.path) != nil
          if watchedFailure { counts.wakeUps += 1 }
          return watchedFailure
        }
      }
      // Outside the loader's lock, so the drawing thread never waits for a wake-up;
      // under its own, so once stop() has returned it is never called.
      if wakes { callbackLock.withLock { onReady?() } }
      // The thumbnail is shown before it is kept in the shared folder.
      if use.write != nil {
        use.writeNow()
        lock.withLock {
          if use.written { counts.writtenToFolder += 1 }
          if use.writeFailed { counts.folderWriteFailures += 1 }
        }
      }
    }
  }

  /// The request to decode next among the parked or the unparked ones, moved to
  /// `inFlight`: the latest frame's first, in the order they were made. Requests
  /// older than the frame before are dropped. Call holding the lock.
  private func takeRequest(parked: Bool) -> ThumbnailKey? {
    var best: (key: ThumbnailKey, request: Request)?
    var stale: [ThumbnailKey] = []
    for (key, request) in pending {
      if request.frame &+ 1 < frame {
        stale.append(key)
        continue
      }
      if request.parked != parked { continue }
      if options.wakesWorkersAtFrameEnd, !request.parked, request.order > announcedOrder { continue }
      if let b = best, (b.request.frame, 0 &- b.request.order) >= (request.frame, 0 &- request.order) { continue }
      best = (key, request)
    }
    for key in stale { pending.removeValue(forKey: key) }
    counts.dropped += stale.count
    if !stale.isEmpty { lock.broadcast() }
    guard let best else { return nil }
    pending.removeValue(forKey: best.key)
    inFlight.insert(best.key)
    return best.key
  }
}
