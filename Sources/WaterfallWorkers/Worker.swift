import Synchronization

/// Runs background jobs where the newest wins: starting a job stops the one
/// before it, and what an old job still delivers is dropped. Every background
/// job of the program runs on one of these (searches, sorts, layouts, heights
/// measured ahead, pages loaded, pictures' sizes).
///
/// A job is a closure given a ``WorkerJob``: it asks ``WorkerJob/isCancelled``
/// as it goes, hands results over with ``WorkerJob/deliver(_:)`` and its share
/// done with ``WorkerJob/report(progress:)``. The owner (the main thread) takes
/// what was delivered with ``take()``, in order, when woken. Jobs run on threads
/// the worker owns, started on first use at its ``WorkerPriority``; with
/// ``WorkerMode/synchronous`` at once on the caller's thread, and with
/// ``WorkerMode/stepped`` when the owner calls ``runPending()``.
///
/// ```swift
/// let sorts = Worker<[Int]>(name: "sort", mode: .background(wake: wake), priority: .lowered)
/// let generation = sorts.start { job in
///   if let sorted = sort(shouldStop: { job.isCancelled }) { job.deliver(sorted) }
/// }
/// // later, on the main thread, when woken:
/// for sorted in sorts.take() { show(sorted) }
/// ```
///
/// ``start(lanes:_:)`` with several lanes runs the same job on as many threads
/// at once (a search's two scanners); ``enqueue(_:)`` queues a job behind those
/// of the same generation instead of stopping them (pages read in turn).
public final class Worker<Output: Sendable>: Sendable {
  let core: WorkerCore<Output>
  public let mode: WorkerMode

  /// A worker named `name` (its threads are `wf-NAME-0`, …), with up to `lanes`
  /// threads, whose jobs run as `mode` says, at `priority`.
  public init(name: String, mode: WorkerMode, priority: WorkerPriority = .lowered, lanes: Int = 1) {
    self.mode = mode
    core = WorkerCore(name: name, mode: mode, priority: priority, threads: max(1, lanes))
  }

  deinit {
    core.stop()
  }

  /// Stops every job and starts `body` (on `lanes` threads at once, each told
  /// its lane); returns the new generation.
  @discardableResult
  public func start(lanes: Int = 1, _ body: @escaping @Sendable (WorkerJob<Output>) -> Void) -> Int {
    core.submit(body, lanes: lanes, replacing: true)
  }

  /// Queues `body` after the jobs of the current generation, stopping none;
  /// returns the generation it belongs to (``cancel()`` stops it with the rest).
  @discardableResult
  public func enqueue(_ body: @escaping @Sendable (WorkerJob<Output>) -> Void) -> Int {
    core.submit(body, lanes: 1, replacing: false)
  }

  /// Stops every job, running or queued, and drops what they delivered.
  public func cancel() { core.cancel() }

  /// What the current generation's jobs delivered since the last call, oldest first.
  public func take() -> [Output] { core.take(limit: .max) }

  /// At most `limit` of what was delivered, oldest first.
  public func take(limit: Int) -> [Output] { core.take(limit: limit) }

  /// The newest of what was delivered, dropping the rest.
  public func takeLast() -> Output? { core.take(limit: .max).last }

  /// Whether something delivered waits to be taken.
  public var hasOutput: Bool { core.hasOutput }

  /// Whether a job of the current generation is queued or running.
  public var isBusy: Bool { core.isBusy }

  /// The generation of the newest job (or of the last cancel).
  public var generation: Int { core.generation.load(ordering: .acquiring) }

  /// The share of the running job done, 0 to 100, as it last reported.
  public var progress: Int { core.progress.load(ordering: .relaxed) }

  /// A number a job reports besides its progress (a layout's grouping share).
  public var detail: Int { core.detail.load(ordering: .relaxed) }

  /// Runs the jobs waiting (``WorkerMode/stepped``), on this thread, until none
  /// waits (jobs they queue included); returns how many ran.
  @discardableResult
  public func runPending() -> Int { core.runPending() }

  /// Whether jobs wait to be run by ``runPending()``.
  public var hasPending: Bool { core.hasPending }
}
