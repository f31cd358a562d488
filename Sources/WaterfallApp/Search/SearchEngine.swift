import Synchronization
import WaterfallWorkers

/// Runs a ``SearchQuery`` over the store's items on a ``Worker`` of two lanes,
/// so the keys never wait for a search.
///
/// The candidates are cut into chunks of ``chunkSize`` items (smaller ones
/// first: ``SearchChunks``); every lane takes
/// the next chunk not taken, and the main thread collects finished chunks in
/// order with ``take(limit:)``, so matches arrive in item order, as they are
/// found, and the cards can show them through the layout's append path.
/// Starting a search (each key) stops the one under way: its lanes see a newer
/// generation within a few dozen items and drop their work.
///
/// With ``WorkerMode/synchronous`` the whole search is done before ``start(_:in:candidates:)``
/// returns (the `render` command); with ``WorkerMode/stepped``, when
/// ``finishHere()`` is called (tests).
///
/// With an ``InputActivity``, only the first lane goes on while the user is at
/// the keys; the others rest, a couple of milliseconds at a time, until the keys
/// stop or no chunk is left to take, so that a key's frame finds a core free.
///
/// ```swift
/// let engine = SearchEngine(mode: .background(wake: { wakeUp.signal() }))
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

  /// One search: what it looks for, where, and the next chunk no lane took.
  private final class Job: Sendable {
    let query: SearchQuery
    let texts: ItemTexts
    let candidates: SearchCandidates
    let chunks: SearchChunks
    let nextChunk = Atomic<Int>(0)

    init(query: SearchQuery, texts: ItemTexts, candidates: SearchCandidates) {
      self.query = query
      self.texts = texts
      self.candidates = candidates
      chunks = SearchChunks(count: candidates.count)
    }

    var chunkCount: Int { chunks.count }
    var hasChunksLeft: Bool { nextChunk.load(ordering: .relaxed) < chunkCount }
  }

  /// What a lane delivers: one chunk's matches.
  struct Found: Sendable {
    var chunk: Int
    var matches: [Int]
  }

  /// The main thread's side: the search under way and the chunks found, put in order.
  private struct State {
    var job: Job?
    var generation = 0
    var results: [Int: [Int]] = [:]
    var nextTake = 0
    var reportedFinish = false
  }

  /// Items per chunk after the leading ones: small enough that matches come
  /// steadily, large enough that taking chunks costs nothing.
  public static let chunkSize = 1024
  /// How often (in items) a worker checks that its search is still wanted.
  static let cancelCheckInterval = 32

  private let state = Mutex(State())
  private let worker: Worker<Found>
  /// The number of lanes (threads) a search uses.
  public let workerCount: Int
  /// While it is recent, only the first lane works.
  private let activity: InputActivity?
  /// How many lanes rest for the keys to stop.
  private let waiting = Atomic<Int>(0)
  /// How long a resting lane rests before it looks again.
  static let pauseNanoseconds: UInt64 = 2_000_000

  /// Counts a search as awaited work: the heights measured ahead step aside.
  private let awaited: AwaitedWork
  /// Counts this engine's lanes while they work: the compact texts built ahead
  /// (``SearchTextPreparer``) step aside for them.
  let lanesAtWork = AwaitedWork()

  /// An engine whose searches run as `mode` says, on `workers` lanes; with
  /// `activity`, the lanes but the first rest while the user is at the keys;
  /// its lanes count as `awaited` work while they search.
  public init(workers: Int = 2, mode: WorkerMode, activity: InputActivity? = nil, awaited: AwaitedWork? = nil) {
    workerCount = max(1, workers)
    worker = Worker(name: "search", mode: mode, priority: .lowered, lanes: workerCount)
    self.activity = activity
    self.awaited = awaited ?? AwaitedWork()
  }

  /// Whether searches run on worker threads.
  public var runsInBackground: Bool { worker.mode.isBackground }

  /// Whether a search is done before ``start(_:in:candidates:)`` returns.
  public var runsSynchronously: Bool { worker.mode.isSynchronous }

  /// Starts looking for `query` among `candidates` of `texts`; any search under
  /// way stops. Returns the new search's generation.
  @discardableResult
  public func start(_ query: SearchQuery, in texts: ItemTexts, candidates: SearchCandidates) -> Int {
    let job = Job(query: query, texts: texts, candidates: candidates)
    // The state first: a synchronous worker delivers before `start` returns.
    state.withLock { $0 = State(job: job, generation: worker.generation + 1) }
    // Weakly: a stepped engine's lanes wait in its own worker until run, and
    // an engine dropped with a search never stepped must not keep itself.
    return worker.start(lanes: min(workerCount, max(1, job.chunkCount))) { [weak self] lane in
      guard let self else { return }
      awaited.during { lanesAtWork.during { work(job, lane: lane) } }
    }
  }

  /// Stops the search under way, if any, and forgets its results.
  public func cancel() {
    worker.cancel()
    state.withLock { $0 = State() }
  }

  /// Runs the search's lanes waiting on this thread (a stepped engine).
  public func finishHere() {
    worker.runPending()
  }

  /// Whether lanes wait to be run by ``finishHere()``.
  public var hasPending: Bool { worker.hasPending }

  /// The matches found since the last call, in order, once the chunk after the
  /// last one taken is done; nil when there is nothing new. Chunks are taken
  /// whole until at least `limit` matches are in hand, so the main thread can
  /// take a frame's worth at a time.
  public func take(limit: Int = .max) -> Batch? {
    let found = worker.take()
    return state.withLock { s in
      guard let job = s.job, !s.reportedFinish else { return nil }
      for chunk in found { s.results[chunk.chunk] = chunk.matches }
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
        generation: s.generation, matches: matches, done: job.chunks.covered(before: s.nextTake),
        total: job.candidates.count, finished: finished)
    }
  }

  /// Whether a batch is waiting to be taken.
  public var hasResults: Bool {
    if worker.hasOutput { return true }
    return state.withLock { s in
      guard let job = s.job, !s.reportedFinish else { return false }
      return s.results[s.nextTake] != nil || s.nextTake == job.chunkCount
    }
  }

  // MARK: The workers

  /// A lane's loop: chunk after chunk until none is left or the search is stopped.
  private func work(_ job: Job, lane: WorkerJob<Found>) {
    while true {
      if lane.lane > 0, let activity, activity.isRecent {
        waiting.add(1, ordering: .relaxed)
        while activity.isRecent, job.hasChunksLeft, lane.pause(nanoseconds: Self.pauseNanoseconds) {}
        waiting.subtract(1, ordering: .relaxed)
      }
      let chunk = job.nextChunk.add(1, ordering: .relaxed).oldValue
      guard chunk < job.chunkCount, let found = search(job, chunk: chunk, stop: { lane.isCancelled }) else { return }
      lane.deliver(Found(chunk: chunk, matches: found))
    }
  }

  /// How many lanes rest for the keys to stop now.
  var waitingWorkers: Int { waiting.load(ordering: .relaxed) }

  /// The matches of chunk `chunk`, or nil when the search was stopped meanwhile.
  /// Items in another order than the store's (a sorted order) are read in the
  /// store's, front to back, and their matches given in the candidates' order.
  ///
  /// Items whose block of compact text (``SearchTextCache``) is built are
  /// matched there; a chunk that covers a whole block not built yet builds it
  /// first (while the budget lasts); the other items are read in their JSON.
  /// The leading chunks (``SearchChunks``) are smaller than a block, so they
  /// build nothing: the first matches never wait for a block.
  private func search(_ job: Job, chunk: Int, stop: () -> Bool) -> [Int]? {
    let bounds = job.chunks.bounds(of: chunk)
    let items = job.candidates.items(bounds.lowerBound, bounds.upperBound)
    let ascending = zip(items, items.dropFirst()).allSatisfy { $0 < $1 }
    let places = ascending ? Array(items.indices) : items.indices.sorted { items[$0] < items[$1] }
    var found: [Int] = []
    var slow: [Int] = []
    if let cache = job.texts.searchTexts, !job.query.isEmpty {
      guard matchCompact(job, cache: cache, items: items, places: places, found: &found, slow: &slow, stop: stop) else {
        return nil
      }
    } else {
      slow = places
    }
    if !slow.isEmpty {
      let compactFound = found.count
      var matcher = ItemMatcher(job.query)
      var stopped = false
      var checked = 0
      job.texts.forEachJSON(of: slow.lazy.map { items[$0] }) { item, json in
        let place = slow[checked]
        checked += 1
        guard !stopped else { return }
        if checked % Self.cancelCheckInterval == 0, stop() {
          stopped = true
          return
        }
        if matcher.matches(json: json) { found.append(place) }
      }
      if stopped { return nil }
      if compactFound > 0, compactFound < found.count { found.sort() }
    }
    if !ascending { found.sort() }
    return found.map { items[$0] }
  }

  /// Matches the places of `places` whose blocks are built (or built now) in
  /// their compact text, adding the matches to `found` (in store order) and
  /// the rest to `slow`. False when the search was stopped.
  private func matchCompact(
    _ job: Job, cache: SearchTextCache, items: [Int], places: [Int], found: inout [Int],
    slow: inout [Int], stop: () -> Bool
  ) -> Bool {
    let size = SearchTextCache.blockSize
    var matcher: SearchTextMatcher?
    var i = 0
    var checked = 0
    // The blocks built when the chunk starts, under one lock; one not among them is asked for again.
    let built = cache.builtBlocks()
    while i < places.count {
      let index = items[places[i]] / size
      var j = i + 1
      while j < places.count, items[places[j]] / size == index { j += 1 }
      var block = index < built.count ? built[index] : nil
      if block == nil { block = cache.block(index) }
      if block == nil, j - i == size, (index + 1) * size <= job.texts.count, cache.hasRoom {
        block = cache.build(index, of: job.texts)
        if stop() { return false }
      }
      guard let block else {
        slow += places[i..<j]
        i = j
        continue
      }
      if matcher == nil { matcher = SearchTextMatcher(job.query, paths: cache.paths) }
      let stopped = block.bytes.withUnsafeBufferPointer { bytes in
        for place in places[i..<j] {
          checked += 1
          if checked % Self.cancelCheckInterval == 0, stop() { return true }
          let offset = items[place] - index * size
          guard block.isReadable(offset) else {
            slow.append(place)
            continue
          }
          if matcher!.matches(text: bytes, from: Int(block.starts[offset]), to: Int(block.starts[offset + 1])) {
            found.append(place)
          }
        }
        return false
      }
      if stopped { return false }
      i = j
    }
    return true
  }

  /// Whether the item whose JSON text is `json` matches `query`. Text that is
  /// not JSON matches nothing.
  public static func matches(_ query: SearchQuery, json: UnsafeBufferPointer<UInt8>) -> Bool {
    guard query.mayMatch(raw: json), let value = try? JSONParser.parseDocument(json) else { return false }
    return query.matches(SearchFields(value))
  }
}
