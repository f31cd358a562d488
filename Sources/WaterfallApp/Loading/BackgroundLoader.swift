import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Loads pages on a thread of its own, so the screen never waits for the data.
///
/// Each job reads one page (``PageLoad``) and posts what it finds as ``Event``s;
/// the main thread takes them with ``takeEvents(limit:)`` when ``wake`` rouses it.
/// Jobs carry a generation: ``cancel(before:)`` makes older jobs stop at their
/// next chunk and their events be dropped, which is how a reload replaces a
/// load under way.
///
/// The loader waits while more than ``backlogLimit`` items are posted and not yet
/// taken, so a main thread busy laying out cards never lets scanned items pile up
/// in memory. With a ``MemoryLimit``, it also waits before each chunk while the
/// program's memory (``ResidentMemory``) is at the limit, posting
/// ``Event/memory(generation:paused:)`` when it stops and when it goes on: endless
/// standard input then waits in its pipe, never in this program's memory.
///
/// ```swift
/// let loader = BackgroundLoader(source: source, scanner: scanner, wake: { session.wakeUp.signal() })
/// loader.load(page: 0, generation: 0)
/// for event in loader.takeEvents(limit: 20_000) { … }
/// ```
final class BackgroundLoader: Sendable {
  enum Event: Sendable {
    /// Page `page` is open; its items will follow.
    case opened(generation: Int, page: Int, file: PageFile)
    /// Items (and skipped lines) a chunk of page `page` completed, and the bytes read so far.
    case items(generation: Int, page: Int, items: [ScannedItem], skipped: SkippedLines, bytesRead: Int)
    /// How page `page`'s items read as JSON, and where they were found in a document.
    case described(generation: Int, page: Int, shape: ItemTextShape, note: String?)
    /// Page `page` ended, with the error that stopped it if one did.
    case ended(generation: Int, page: Int, error: LoadError?)
    /// Reading paused (`paused`), the memory limit reached, or went on again.
    case memory(generation: Int, paused: Bool)

    var generation: Int {
      switch self {
      case .opened(let g, _, _), .items(let g, _, _, _, _), .ended(let g, _, _), .described(let g, _, _, _), .memory(let g, _):
        return g
      }
    }
  }

  private struct Mailbox {
    var events: [Event] = []
    var backlog = 0
    var oldestLiveGeneration = 0
  }

  static let backlogLimit = 50_000

  let source: DataOrigin
  let scanner: ItemScanner
  let options: ReadOptions
  /// The memory at which reading pauses, if any.
  let memoryLimit: MemoryLimit?
  /// The program's memory now, in bytes (``ResidentMemory/bytes()``; tests give their own).
  private let memoryInUse: @Sendable () -> Int?
  private let wake: @Sendable () -> Void
  private let queue = DispatchQueue(label: "waterfall.loader")
  private let mailbox = Mutex(Mailbox())
  /// When the memory was last looked at (nanoseconds of uptime).
  private let lastMemoryCheck = Atomic<UInt64>(0)

  /// How often, at most, the memory is looked at while reading, and how often
  /// while paused (nanoseconds).
  static let memoryCheckInterval: UInt64 = 10_000_000
  static let pausedCheckInterval: UInt64 = 50_000_000

  init(
    source: DataOrigin, scanner: ItemScanner, options: ReadOptions = ReadOptions(),
    memoryLimit: MemoryLimit? = nil, memoryInUse: @escaping @Sendable () -> Int? = { ResidentMemory.bytes() },
    wake: @escaping @Sendable () -> Void
  ) {
    self.source = source
    self.scanner = scanner
    self.options = options
    self.memoryLimit = memoryLimit
    self.memoryInUse = memoryInUse
    self.wake = wake
  }

  /// Reads page `page` after the jobs already asked for.
  func load(page: Int, generation: Int) {
    queue.async { [self] in run(page: page, generation: generation) }
  }

  /// Stops every job older than `generation` and drops its events.
  func cancel(before generation: Int) {
    mailbox.withLock { box in
      box.oldestLiveGeneration = max(box.oldestLiveGeneration, generation)
      box.events.removeAll { $0.generation < generation }
      box.backlog = box.events.reduce(0) { total, event in
        if case .items(_, _, let items, _, _) = event { return total + items.count }
        return total
      }
    }
  }

  /// The events posted so far, oldest first, stopping after about `limit` items.
  func takeEvents(limit: Int = .max) -> [Event] {
    mailbox.withLock { box in
      var taken = 0
      var itemCount = 0
      while taken < box.events.count, itemCount < limit {
        if case .items(_, _, let items, _, _) = box.events[taken] { itemCount += items.count }
        taken += 1
      }
      let events = Array(box.events[..<taken])
      box.events.removeFirst(taken)
      box.backlog -= itemCount
      return events
    }
  }

  /// Whether events are waiting.
  var hasEvents: Bool { mailbox.withLock { !$0.events.isEmpty } }

  // MARK: The loader's thread

  private func isCancelled(_ generation: Int) -> Bool {
    mailbox.withLock { $0.oldestLiveGeneration > generation }
  }

  private func post(_ event: Event, items: Int = 0) {
    mailbox.withLock { box in
      guard event.generation >= box.oldestLiveGeneration else { return }
      box.events.append(event)
      box.backlog += items
    }
    wake()
  }

  /// Waits while the main thread has more than `backlogLimit` items to take.
  private func waitForBacklog(_ generation: Int) {
    while mailbox.withLock({ $0.backlog > Self.backlogLimit && $0.oldestLiveGeneration <= generation }) {
      usleep(1_000)
    }
  }

  /// Waits, before a chunk is read, while the program's memory is at the
  /// limit: the status bar says so (``Event/memory(generation:paused:)``), and
  /// reading goes on if the memory falls below it, or stops on a cancel.
  private func waitForMemory(_ generation: Int) {
    guard let memoryLimit else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now &- lastMemoryCheck.load(ordering: .relaxed) >= Self.memoryCheckInterval else { return }
    lastMemoryCheck.store(now, ordering: .relaxed)
    guard let used = memoryInUse(), used >= memoryLimit.readingPause else { return }
    post(.memory(generation: generation, paused: true))
    while !isCancelled(generation) {
      usleep(useconds_t(Self.pausedCheckInterval / 1_000))
      if let used = memoryInUse(), used < memoryLimit.readingPause {
        post(.memory(generation: generation, paused: false))
        return
      }
    }
  }

  private func run(page: Int, generation: Int) {
    guard !isCancelled(generation) else { return }
    let error = source.load(
      page: page, scanner: scanner, options: options,
      shouldStop: {
        waitForMemory(generation)
        return isCancelled(generation)
      },
      opened: { post(.opened(generation: generation, page: page, file: $0)) },
      described: { post(.described(generation: generation, page: page, shape: $0, note: $1)) },
      deliver: { items, skipped, bytesRead in
        post(.items(generation: generation, page: page, items: items, skipped: skipped, bytesRead: bytesRead), items: items.count)
        waitForBacklog(generation)
      })
    post(.ended(generation: generation, page: page, error: error))
  }
}
