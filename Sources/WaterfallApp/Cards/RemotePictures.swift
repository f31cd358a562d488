import WaterfallImages
import WaterfallNetwork
import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// Pictures named by URL, brought to the thumbnail loader as local pictures are:
/// looked up in the disk cache, fetched by a bounded pool when missing, and
/// cancelled when no card shows them any more.
///
/// The drawing thread asks with ``want(_:)`` for each URL picture it draws; the
/// answer is at once: ready (its bytes are on disk or in memory, the
/// ``ThumbnailLoader`` may decode it), failed, or pending. A pending URL is
/// queued with the frame's priority (this frame's pictures first, in the order
/// they are drawn) for a thread of its own, which looks in the ``PictureCache``
/// (a fresh entry is ready without the network), and otherwise hands the
/// request (conditional when a stale entry has validators) to a
/// ``DownloadQueue``, at most 6 at once per host. When the picture comes, the
/// same thread stores it in the cache and calls `onReady`. A cached picture
/// whose revalidation fails (no network) shows anyway.
///
/// A card that is reused for another item ``release(_:)``s its picture, and a
/// picture no card drew for two frames is given up too (cards waiting in the
/// reuse pool, the details panel): at the end of the frame, a release that no
/// draw in the same frame took back cancels the fetch, queued or running.
///
/// ```swift
/// let remote = RemotePictures(options: options, onReady: { wake.signal() })
/// remote.beginFrame()
/// if case .ready = remote.want(url) { loader.thumbnail(key) }   // bytes(for:) gives the loader the bytes
/// remote.endFrame()
/// ```
public final class RemotePictures: @unchecked Sendable {
  /// What ``want(_:)`` answers.
  public enum Answer: Equatable, Sendable {
    case ready
    case pending
    case failed(ImageError)
  }

  /// Where a URL stands.
  enum State {
    /// Asked for, not yet looked up in the cache.
    case waiting
    /// Being looked up, or handed to the download queue (`token`).
    case lookingUp
    case downloading(DownloadQueue.Token, stale: PictureCacheEntry?)
    case ready(Picture)
    case failed(ImageError, status: Int?)
  }

  /// A picture's bytes, where they are, and how they came.
  struct Picture {
    var entry: PictureCacheEntry?
    var bytes: [UInt8]?
    var status: Int?
    var fromCache: Bool
    /// Why the cached copy is shown unrevalidated, if it is.
    var note: String?
  }

  private struct Entry {
    var state: State
    var priority: Int
    var lastWanted: UInt64
    var released = false
  }

  /// Counts for tests and the benchmark.
  public struct Statistics: Hashable, Sendable {
    public var fromCache = 0
    public var downloaded = 0
    public var revalidated = 0
    public var failed = 0
    public var cancelled = 0
  }

  public let options: RemotePictureOptions
  private let client: HTTPClient?
  private let queue: DownloadQueue?
  private let cache: PictureCache?
  private let lock = ConditionLock()
  /// Held while `onReady` is called, so that none is under way once ``stop()`` returns.
  private let callbackLock = ConditionLock()
  // Guarded by `lock`.
  private var entries: [String: Entry] = [:]
  /// URLs not ready or failed yet: the ones a frame may give up.
  private var unfinished: Set<String> = []
  private var frame: UInt64 = 0
  private var order = 0
  private var stopped = false
  private var counts = Statistics()
  /// Pictures kept in memory because the disk cache did not take them (`--cache-size 0`,
  /// a full disk), oldest first, and their bytes: past ``memoryLimit`` the oldest
  /// are forgotten (fetched again when drawn again).
  private var inMemory: [String] = []
  private var inMemoryBytes = 0
  /// The most bytes of pictures kept in memory.
  static let memoryLimit = 64 << 20
  /// Guarded by `callbackLock`.
  private var onReady: (@Sendable () -> Void)?
  /// Why no picture is fetched when the client could not start.
  private let startFailure: ImageError?

  /// - Parameter onReady: called on the fetching thread when a picture is ready
  ///   or failed; it should wake the drawing loop.
  public init(options: RemotePictureOptions, onReady: (@Sendable () -> Void)? = nil) {
    self.options = options
    self.onReady = onReady
    if let directory = options.cacheDirectory {
      cache = PictureCache(directory: directory, capacity: options.cacheBytes)
    } else {
      cache = PictureCache(capacity: options.cacheBytes)
    }
    do {
      let client = try HTTPClient(configuration: options.client)
      self.client = client
      startFailure = nil
      let box = WeakBox()
      queue = DownloadQueue(client: client, perHost: options.client.connectionsPerHost) { box.value?.wake() }
      box.value = self
      NetworkThread.start(name: "waterfall-pictures") { [self] in work() }
    } catch {
      client = nil
      queue = nil
      startFailure = .unreadable("pictures by URL cannot be fetched: \(error.message)")
    }
  }

  deinit {
    stop()
  }

  /// Stops fetching; after this `onReady` is never called.
  public func stop() {
    lock.withLock {
      stopped = true
      lock.broadcast()
    }
    callbackLock.withLock { onReady = nil }
    client?.stop()
  }

  // MARK: The drawing thread

  /// Starts a frame: what it wants comes before what earlier frames wanted.
  public func beginFrame() {
    lock.withLock {
      frame &+= 1
      order = 0
    }
  }

  /// Ends a frame: fetches released and not wanted again in it, or wanted by no
  /// frame since the one before, are cancelled.
  public func endFrame() {
    var tokens: [DownloadQueue.Token] = []
    lock.withLock {
      for url in unfinished {
        guard let entry = entries[url] else { continue }
        let stale = entry.lastWanted &+ 2 <= frame
        guard stale || (entry.released && entry.lastWanted != frame) else { continue }
        // One being looked up is cancelled by the fetching thread when it finds it gone.
        if case .downloading(let token, _) = entry.state { tokens.append(token) }
        entries[url] = nil
        unfinished.remove(url)
        counts.cancelled += 1
      }
    }
    for token in tokens { queue?.cancel(token) }
  }

  /// Where `url`'s picture stands; a picture not asked for yet is queued.
  public func want(_ url: String) -> Answer {
    if let startFailure { return .failed(startFailure) }
    return lock.withLock {
      order += 1
      let priority = Int(truncatingIfNeeded: frame << 20) - order
      if var entry = entries[url] {
        entry.lastWanted = frame
        entry.released = false
        if case .waiting = entry.state { entry.priority = max(entry.priority, priority) }
        let answer = Self.answer(entry.state)
        entries[url] = entry
        return answer
      }
      entries[url] = Entry(state: .waiting, priority: priority, lastWanted: frame)
      unfinished.insert(url)
      lock.broadcast()
      return .pending
    }
  }

  /// A card no longer shows `url` (it is reused for another item): unless a card
  /// draws it again in this frame, its fetch is cancelled at the frame's end.
  public func release(_ url: String) {
    lock.withLock {
      guard unfinished.contains(url) else { return }
      entries[url]?.released = true
    }
  }

  /// How `url`'s picture came, for the details: `HTTP 200`, `from the cache`…
  public func note(for url: String) -> String? {
    lock.withLock {
      guard let entry = entries[url] else { return nil }
      switch entry.state {
      case .waiting, .lookingUp: return "fetching"
      case .downloading: return "downloading"
      case .ready(let picture):
        var parts: [String] = []
        if let status = picture.status { parts.append("HTTP \(status)") }
        parts.append(picture.fromCache ? "from the cache" : "downloaded")
        if let note = picture.note { parts.append(note) }
        return parts.joined(separator: " · ")
      case .failed(let error, _):
        return error.reason
      }
    }
  }

  /// Forgets the pictures that failed, so they are fetched again (a reload).
  public func removeFailures() {
    lock.withLock {
      for (url, entry) in entries {
        if case .failed = entry.state { entries[url] = nil }
      }
    }
  }

  private static func answer(_ state: State) -> Answer {
    switch state {
    case .ready: return .ready
    case .failed(let error, _): return .failed(error)
    case .waiting, .lookingUp, .downloading: return .pending
    }
  }

  public var statistics: Statistics { lock.withLock { counts } }

  // MARK: Decoding threads

  /// The bytes of `url`'s picture once it is ready, for the thumbnail loader.
  public func bytes(for url: String) -> [UInt8]? {
    let picture: Picture? = lock.withLock {
      if case .ready(let picture) = entries[url]?.state { return picture }
      return nil
    }
    guard let picture else { return nil }
    if let bytes = picture.bytes { return bytes }
    guard let entry = picture.entry, let cache else { return nil }
    return try? cache.body(of: entry)
  }

  // MARK: The fetching thread

  private func wake() {
    lock.withLock { lock.broadcast() }
  }

  /// Looks up waiting URLs in the cache, the most wanted first, and files what the
  /// download queue posts, until stopped.
  private func work() {
    while true {
      let next: String? = lock.withLock {
        while !stopped {
          if let url = takeWaiting() { return url }
          if let queue, queue.hasFinished { return nil }
          lock.wait()
        }
        return nil
      }
      if lock.withLock({ stopped }) { return }
      if let next { lookUp(next) }
      for finished in queue?.takeFinished() ?? [] { file(finished) }
    }
  }

  /// The waiting URL with the highest priority, now being looked up. Call holding the lock.
  private func takeWaiting() -> String? {
    var best: (url: String, priority: Int)?
    for url in unfinished {
      guard let entry = entries[url], case .waiting = entry.state else { continue }
      if let b = best, b.priority >= entry.priority { continue }
      best = (url, entry.priority)
    }
    guard let best else { return nil }
    entries[best.url]?.state = .lookingUp
    return best.url
  }

  private func lookUp(_ url: String) {
    let entry = cache?.entry(for: url)
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    if let entry, !entry.needsRevalidation(now: now.tv_sec) {
      finish(url, .ready(Picture(entry: entry, status: nil, fromCache: true)))
      lock.withLock { counts.fromCache += 1 }
      return
    }
    var request = entry?.revalidationRequest ?? HTTPRequest(url: url)
    request.byteBudget = options.byteBudget
    // A feed's headers go to the feed's own host only.
    request.headers = options.originHeaders?.headers(for: url) ?? []
    guard let queue else { return }
    let priority = lock.withLock { entries[url]?.priority ?? 0 }
    let token = queue.enqueue(request, priority: priority)
    let keep: Bool = lock.withLock {
      guard entries[url] != nil else { return false }
      entries[url]?.state = .downloading(token, stale: entry)
      return true
    }
    if !keep { queue.cancel(token) }
  }

  /// Files a download's result: stored in the cache and ready, or failed.
  private func file(_ finished: DownloadQueue.Finished) {
    let url = finished.url
    let stale: PictureCacheEntry? = lock.withLock {
      if case .downloading(_, let stale) = entries[url]?.state { return stale }
      return nil
    }
    switch finished.result {
    case .success(let download) where download.head.isNotModified:
      cache?.markValidated(url)
      let entry = cache?.entry(for: url) ?? stale
      lock.withLock { counts.revalidated += 1 }
      finish(url, .ready(Picture(entry: entry, status: 304, fromCache: true)))
    case .success(let download):
      var picture = Picture(entry: nil, status: download.head.status, fromCache: false)
      if let cache, let entry = try? cache.store(download.bytes, for: url, head: download.head) {
        picture.entry = entry
      } else {
        picture.bytes = download.bytes
      }
      lock.withLock { counts.downloaded += 1 }
      finish(url, .ready(picture))
    case .failure(let error):
      if let stale {
        // The network is gone or the server errs: the copy kept still shows.
        finish(url, .ready(Picture(entry: stale, status: nil, fromCache: true, note: "not revalidated: \(error.message)")))
        lock.withLock { counts.fromCache += 1 }
      } else {
        lock.withLock { counts.failed += 1 }
        finish(url, .failed(.unreadable(error.message), status: error.status))
      }
    }
  }

  /// Puts `state` for `url` (unless it was given up meanwhile) and tells the drawing loop.
  private func finish(_ url: String, _ state: State) {
    let filed: Bool = lock.withLock {
      guard entries[url] != nil else { return false }
      entries[url]?.state = state
      unfinished.remove(url)
      if case .ready(let picture) = state, let bytes = picture.bytes {
        inMemory.append(url)
        inMemoryBytes += bytes.count
        while inMemoryBytes > Self.memoryLimit, inMemory.count > 1 {
          let oldest = inMemory.removeFirst()
          if case .ready(let kept) = entries[oldest]?.state { inMemoryBytes -= kept.bytes?.count ?? 0 }
          entries[oldest] = nil
        }
      }
      return true
    }
    if filed { callbackLock.withLock { onReady?() } }
  }
}

/// A weak reference, for a callback made before its target is whole.
private final class WeakBox: @unchecked Sendable {
  weak var value: RemotePictures?
}
