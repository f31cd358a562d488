import Synchronization
import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a source's pages on a worker of its own (``Worker``, on a thread the
/// program owns), so the screen never waits for the data.
///
/// Each page asked for is a job queued after the others (``load(page:)``); it
/// reads the page through the source's ``PageCursor`` and delivers what it
/// finds as ``Event``s, which the main thread takes with ``takeEvents(limit:)``
/// when the worker's wake rouses it. ``restart()`` (a reload) cancels every job
/// and what they delivered and opens a new reading of the source.
///
/// A job waits while more than ``backlogLimit`` items are delivered and not yet
/// taken (``WorkerJob/waitForRoom(while:)``), so a main thread busy laying out
/// cards never lets scanned items pile up in memory. With a ``MemoryLimit``, it
/// also waits before each chunk while the program's memory (``ResidentMemory``)
/// is at the limit (``WorkerJob/pause(nanoseconds:)``), delivering
/// ``Event/memory(paused:)`` when it stops and when it goes on: endless standard
/// input then waits in its pipe, never in this program's memory. Jobs that do
/// not run on threads of their own (`.synchronous`, `.stepped`) never wait.
///
/// ```swift
/// let loader = BackgroundLoader(source: source, settings: settings, mode: .background(wake: { wakeUp.signal() }))
/// loader.load(page: 0)
/// for event in loader.takeEvents(limit: 20_000) { … }
/// ```
final class BackgroundLoader {
  enum Event: Sendable {
    /// Page `page` is open; its items will follow.
    case opened(page: Int, OpenedPage)
    /// Items (and skipped lines) a chunk of page `page` completed, and the bytes read so far.
    case items(page: Int, [ScannedItem], skipped: SkippedLines, bytesRead: Int)
    /// How page `page`'s items read as JSON, and where they were found in a document.
    case described(page: Int, ItemTextShape, note: String?)
    /// What a long step before page `page`'s items is doing (listing a folder).
    case progress(page: Int, String)
    /// Page `page` ended: the error that stopped it, and whether pages follow.
    case ended(page: Int, PageEnd)
    /// Reading paused (`paused`), the memory limit reached, or went on again.
    case memory(paused: Bool)

    /// The items the event carries.
    var itemCount: Int {
      if case .items(_, let items, _, _) = self { return items.count }
      return 0
    }
  }

  static let backlogLimit = 50_000
  /// The bytes of a JSON Lines file read front to back, on one core, before its
  /// ranges are read on both (``ReadSettings/linesInRangesAfter``): the first
  /// screen is drawn meanwhile.
  static let frontToBackBytes = 8 << 20
  /// How often, at most, the memory is looked at while reading, and how often
  /// while paused (nanoseconds).
  static let memoryCheckInterval: UInt64 = 10_000_000
  static let pausedCheckInterval: UInt64 = 50_000_000

  private(set) var source: any ItemSource
  let settings: ReadSettings
  /// The items delivered and not taken at which a job waits.
  let backlogLimit: Int
  private let worker: Worker<Event>
  private let memory: MemoryWatch?
  /// The reading the jobs asked for now go through.
  private var cursor: any PageCursor

  /// A loader of `source`, read as `settings` say, whose jobs run as `mode`
  /// says; with `memoryLimit`, reading pauses while `memoryInUse` is at it.
  init(
    source: any ItemSource, settings: ReadSettings, memoryLimit: MemoryLimit? = nil,
    memoryInUse: @escaping @Sendable () -> Int? = { ResidentMemory.bytes() }, backlogLimit: Int = backlogLimit,
    mode: WorkerMode
  ) {
    self.source = source
    var settings = settings
    // A JSON Lines file's ranges are read on both cores; stepped jobs read them in turn.
    if mode.isBackground {
      settings.parallelism = .helpers(.normal)
      settings.linesInRangesAfter = Self.frontToBackBytes
    }
    self.settings = settings
    self.backlogLimit = backlogLimit
    worker = Worker(name: "loader", mode: mode, priority: .normal)
    memory = mode.isBackground ? memoryLimit.map { MemoryWatch(limit: $0, inUse: memoryInUse) } : nil
    cursor = source.open(settings)
  }

  deinit {
    cursor.cancel()
  }

  /// The memory at which reading pauses, if it does.
  var memoryLimit: MemoryLimit? { memory?.limit }

  /// Reads page `page` after the pages already asked for.
  func load(page: Int) {
    let (cursor, memory, limit) = (cursor, memory, backlogLimit)
    worker.enqueue { job in
      let sink = Sink(job: job, page: page, memory: memory, backlogLimit: limit)
      let end = cursor.readNextPage(into: sink)
      job.deliver(.ended(page: page, end))
    }
  }

  /// Stops every page asked for, drops what they delivered, and reads the
  /// source (or `newSource` from now on: a source refined) again from its
  /// first page (a reload).
  func restart(with newSource: (any ItemSource)? = nil) {
    worker.cancel()
    cursor.cancel()
    if let newSource { source = newSource }
    cursor = source.open(settings)
  }

  /// Lets the reading rest after the pages asked for (``PageCursor/rest()``):
  /// the user is not near the end of what was read.
  func rest() {
    let cursor = cursor
    worker.enqueue { _ in cursor.rest() }
  }

  /// Stops the page being read, for good (``PageCursor/cancel()``); what it
  /// read so far is delivered.
  func stopReading() {
    cursor.cancel()
  }

  /// The program is ending: every job stops, and the reading leaves nothing
  /// running elsewhere (``PageCursor/end()``).
  func end() {
    worker.cancel()
    cursor.end()
  }

  /// The events delivered so far, oldest first, stopping after about `limit` items.
  /// With no limit, those waiting at one moment, taken at once: none delivered
  /// while they are taken joins them.
  func takeEvents(limit: Int = .max) -> [Event] {
    guard limit < .max else { return worker.take(limit: .max) }
    var events: [Event] = []
    var items = 0
    while items < limit, let event = worker.take(limit: 1).first {
      events.append(event)
      items += event.itemCount
    }
    return events
  }

  /// Whether events wait to be taken.
  var hasEvents: Bool { worker.hasOutput }

  /// Runs the jobs waiting (`.stepped`), here; returns how many ran.
  @discardableResult
  func runPending() -> Int { worker.runPending() }

  /// What a job's page reading tells its worker.
  private struct Sink: PageSink {
    let job: WorkerJob<Event>
    let page: Int
    let memory: MemoryWatch?
    let backlogLimit: Int

    func shouldStop() -> Bool {
      memory?.waitWhileFull(job)
      return job.isCancelled
    }

    func opened(_ opened: OpenedPage) { job.deliver(.opened(page: page, opened)) }

    func described(_ shape: ItemTextShape, note: String?) { job.deliver(.described(page: page, shape, note: note)) }

    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
      job.deliver(.items(page: page, items, skipped: skipped, bytesRead: bytesRead))
      // A main thread busy elsewhere takes its time: wait for it rather than pile items up.
      job.waitForRoom { events in events.reduce(0) { $0 + $1.itemCount } > backlogLimit }
    }

    func progress(_ text: String) { job.deliver(.progress(page: page, text)) }
  }

  /// The memory limit a reading pauses at, and how it looks at the memory.
  private final class MemoryWatch: Sendable {
    let limit: MemoryLimit
    let inUse: @Sendable () -> Int?
    /// When the memory was last looked at (nanoseconds of uptime).
    private let lastCheck = Atomic<UInt64>(0)

    init(limit: MemoryLimit, inUse: @escaping @Sendable () -> Int?) {
      self.limit = limit
      self.inUse = inUse
    }

    /// Waits, before a chunk is read, while the program's memory is at the
    /// limit: the status bar says so, and reading goes on when the memory falls
    /// clearly below it (``MemoryLimit/readingResume``), or stops when the job
    /// is cancelled.
    ///
    /// Chunks delivered and not yet taken are memory the main thread frees as
    /// it takes them (a chunk's array is a mapping of its own, unmapped when
    /// freed): the memory is looked at again once they are taken, so a passing
    /// peak never pauses reading only for it to go on a moment later.
    func waitWhileFull(_ job: WorkerJob<Event>) {
      var clock = timespec()
      clock_gettime(CLOCK_MONOTONIC, &clock)
      let now = UInt64(clock.tv_sec) * 1_000_000_000 + UInt64(clock.tv_nsec)
      guard now &- lastCheck.load(ordering: .relaxed) >= BackgroundLoader.memoryCheckInterval else { return }
      lastCheck.store(now, ordering: .relaxed)
      guard let used = inUse(), used >= limit.readingPause else { return }
      guard job.waitForRoom(while: { !$0.isEmpty }), let settled = inUse(), settled >= limit.readingPause else { return }
      job.deliver(.memory(paused: true))
      while job.pause(nanoseconds: BackgroundLoader.pausedCheckInterval) {
        if let used = inUse(), used < limit.readingResume {
          job.deliver(.memory(paused: false))
          return
        }
      }
    }
  }
}
