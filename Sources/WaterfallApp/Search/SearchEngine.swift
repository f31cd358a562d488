import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Runs a ``SearchQuery`` over the store's items on worker threads, so the keys
/// never wait for a search.
///
/// The candidates are cut into chunks of ``chunkSize`` items; every worker takes
/// the next chunk not taken, and the main thread collects finished chunks in
/// order with ``take()``, so matches arrive in item order, as they are found,
/// and the cards can show them through the layout's append path. Starting a
/// search (each key) stops the one under way: its workers see a newer
/// generation within a few dozen items and drop their work.
///
/// Without a `wake` the engine has no threads: ``finishHere()`` does the whole
/// search on the caller's thread (the `render` command, tests).
///
/// With an ``InputActivity``, only the first worker goes on while the user is at
/// the keys; the others wait, a couple of milliseconds at a time, until the keys
/// stop or no chunk is left to take, so that a key's frame finds a core free.
///
/// ```swift
/// let engine = SearchEngine(wake: { wakeUp.signal() })
/// engine.start(SearchQuery("mug"), in: store.itemTexts, candidates: .range(0..<store.count))
/// // later, on the main thread, when woken:
/// while let batch = engine.take() { show(batch.matches) }
/// ```
public final class SearchEngine: Sendable {
  /// What the main thread takes: matches found since the last take, in order.
  public struct Batch: Sendable, Equatable {
    public var generation: Int
    /// The newly found matches (store indices, ascending within a search).
    public var matches: [Int]
    /// How many candidates have been looked at, counting only those in order.
    public var done: Int
    /// How many candidates there are.
    public var total: Int
    /// Whether every candidate has been looked at.
    public var finished: Bool
  }

  /// One search: what it looks for, where, and its generation.
  private final class Job: Sendable {
    let generation: Int
    let query: SearchQuery
    let texts: ItemTexts
    let candidates: SearchCandidates
    let chunkCount: Int

    init(generation: Int, query: SearchQuery, texts: ItemTexts, candidates: SearchCandidates) {
      self.generation = generation
      self.query = query
      self.texts = texts
      self.candidates = candidates
      chunkCount = (candidates.count + SearchEngine.chunkSize - 1) / SearchEngine.chunkSize
    }
  }

  private struct State {
    var job: Job?
    var nextChunk = 0
    var results: [Int: [Int]] = [:]
    var nextTake = 0
    var reportedFinish = false
  }

  /// Items per chunk: small enough that the first matches show at once, large
  /// enough that taking chunks costs nothing.
  public static let chunkSize = 1024
  /// How often (in items) a worker checks that its search is still wanted.
  static let cancelCheckInterval = 32

  private let state = Mutex(State())
  private let live = Atomic<Int>(0)
  private let wake: (@Sendable () -> Void)?
  /// The number of worker threads a search uses.
  public let workerCount: Int
  /// While it is recent, only the first worker works.
  private let activity: InputActivity?
  /// How many workers wait for the keys to stop.
  private let waiting = Atomic<Int>(0)
  /// How long a paused worker sleeps before it looks again.
  static let pauseMicroseconds: UInt32 = 2_000

  /// An engine whose workers call `wake` whenever they finish a chunk; nil: no
  /// threads (see ``finishHere()``). With `activity`, the workers but the first
  /// pause while the user is at the keys.
  public init(workers: Int = 2, wake: (@Sendable () -> Void)?, activity: InputActivity? = nil) {
    workerCount = max(1, workers)
    self.wake = wake
    self.activity = activity
  }

  /// Whether searches run on worker threads.
  public var runsInBackground: Bool { wake != nil }

  /// Starts looking for `query` among `candidates` of `texts`; any search under
  /// way stops. Returns the new search's generation.
  @discardableResult
  public func start(_ query: SearchQuery, in texts: ItemTexts, candidates: SearchCandidates) -> Int {
    let generation = live.add(1, ordering: .sequentiallyConsistent).newValue
    let job = Job(generation: generation, query: query, texts: texts, candidates: candidates)
    state.withLock { $0 = State(job: job) }
    if wake != nil {
      for worker in 0..<min(workerCount, max(1, job.chunkCount)) {
        DispatchQueue.global(qos: .utility).async { self.work(job, worker: worker) }
      }
    }
    return generation
  }

  /// Stops the search under way, if any, and forgets its results.
  public func cancel() {
    live.add(1, ordering: .sequentiallyConsistent)
    state.withLock { $0 = State() }
  }

  /// Does what remains of the search on this thread (an engine without threads).
  public func finishHere() {
    if let job = state.withLock({ $0.job }) { work(job, worker: 0) }
  }

  /// The matches found since the last call, in order, once the chunk after the
  /// last one taken is done; nil when there is nothing new. Chunks are taken
  /// whole until at least `limit` matches are in hand, so the main thread can
  /// take a frame's worth at a time.
  public func take(limit: Int = .max) -> Batch? {
    state.withLock { s in
      guard let job = s.job, !s.reportedFinish else { return nil }
      var matches: [Int] = []
      var taken = false
      while matches.count < limit, let found = s.results.removeValue(forKey: s.nextTake) {
        matches += found
        s.nextTake += 1
        taken = true
      }
      let finished = s.nextTake == job.chunkCount
      guard taken || finished else { return nil }
      s.reportedFinish = finished
      return Batch(
        generation: job.generation, matches: matches, done: min(s.nextTake * Self.chunkSize, job.candidates.count),
        total: job.candidates.count, finished: finished)
    }
  }

  /// Whether a batch is waiting to be taken.
  public var hasResults: Bool {
    state.withLock { s in
      guard let job = s.job, !s.reportedFinish else { return false }
      return s.results[s.nextTake] != nil || s.nextTake == job.chunkCount
    }
  }

  // MARK: The workers

  /// Worker number `worker`'s loop: chunk after chunk until none is left or the
  /// search is stopped.
  private func work(_ job: Job, worker: Int) {
    if wake != nil { WorkerPriority.lower() }
    while true {
      if worker > 0, let activity, activity.isRecent {
        waiting.add(1, ordering: .relaxed)
        while activity.isRecent, hasChunksLeft(job) { usleep(Self.pauseMicroseconds) }
        waiting.subtract(1, ordering: .relaxed)
      }
      let claimed: Int? = state.withLock { s in
        guard s.job === job, s.nextChunk < job.chunkCount else { return nil }
        s.nextChunk += 1
        return s.nextChunk - 1
      }
      guard let chunk = claimed, let found = search(job, chunk: chunk) else { return }
      state.withLock { s in
        if s.job === job { s.results[chunk] = found }
      }
      wake?()
    }
  }

  /// How many workers wait for the keys to stop now.
  var waitingWorkers: Int { waiting.load(ordering: .relaxed) }

  /// Whether `job` is still the search under way and has chunks no worker took.
  private func hasChunksLeft(_ job: Job) -> Bool {
    state.withLock { $0.job === job && $0.nextChunk < job.chunkCount }
  }

  /// The matches of chunk `chunk`, or nil when the search was stopped meanwhile.
  /// Items in another order than the store's (a sorted order) are read in the
  /// store's, front to back, and their matches given in the candidates' order.
  private func search(_ job: Job, chunk: Int) -> [Int]? {
    let start = chunk * Self.chunkSize
    let items = job.candidates.items(start, min(start + Self.chunkSize, job.candidates.count))
    let ascending = zip(items, items.dropFirst()).allSatisfy { $0 < $1 }
    let places = ascending ? Array(items.indices) : items.indices.sorted { items[$0] < items[$1] }
    var found: [Int] = []
    var matcher = ItemMatcher(job.query)
    var stopped = false
    var checked = 0
    job.texts.forEachJSON(of: places.lazy.map { items[$0] }) { item, json in
      let place = places[checked]
      checked += 1
      guard !stopped else { return }
      if checked % Self.cancelCheckInterval == 0, live.load(ordering: .relaxed) != job.generation {
        stopped = true
        return
      }
      if matcher.matches(json: json) { found.append(place) }
    }
    if stopped { return nil }
    if !ascending { found.sort() }
    return found.map { items[$0] }
  }

  /// Whether the item whose JSON text is `json` matches `query`. Text that is
  /// not JSON matches nothing.
  public static func matches(_ query: SearchQuery, json: UnsafeBufferPointer<UInt8>) -> Bool {
    guard query.mayMatch(raw: json), let value = try? JSONParser.parseDocument(json) else { return false }
    return query.matches(SearchFields(value))
  }
}
