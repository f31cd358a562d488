/// A running job's hold on its ``Worker``: whether it is still wanted, and the
/// way its results reach the owner.
///
/// ```swift
/// worker.start { job in
///   for chunk in chunks {
///     if job.isCancelled { return }
///     job.deliver(search(chunk))
///     job.report(progress: …)
///   }
/// }
/// ```
public struct WorkerJob<Output: Sendable>: Sendable {
  let core: WorkerCore<Output>
  /// The generation the job was started in.
  public let generation: Int
  /// Which of the job's lanes this is (0 for a job of one lane).
  public let lane: Int

  /// Whether a newer job, or a cancel, has made this one pointless: it should
  /// return soon (whatever it delivers from now on is dropped).
  public var isCancelled: Bool { core.generation.load(ordering: .relaxed) != generation }

  /// Hands `output` to the owner (dropped when the job is cancelled) and wakes it.
  public func deliver(_ output: Output) { core.deliver(output, generation: generation) }

  /// Says how much of the job is done, 0 to 100 (the status bar's `45%`).
  public func report(progress: Int) { core.progress.store(progress, ordering: .relaxed) }

  /// Sets the worker's ``Worker/detail`` (a second share, such as grouping's).
  public func report(detail: Int) { core.detail.store(detail, ordering: .relaxed) }

  /// Waits while `isFull` holds for what was delivered and not yet taken (the
  /// owner's backlog), or until the job is cancelled; returns whether it is
  /// still wanted. Without threads it never waits: the owner takes afterwards.
  @discardableResult
  public func waitForRoom(while isFull: ([Output]) -> Bool) -> Bool {
    core.waitForRoom(generation: generation, while: isFull)
  }

  /// Rests for `nanoseconds`, or less if the job is cancelled meanwhile;
  /// returns whether it is still wanted. Without threads it does not rest.
  @discardableResult
  public func pause(nanoseconds: UInt64) -> Bool {
    core.pause(generation: generation, nanoseconds: nanoseconds)
  }

  /// Whether ``pause(nanoseconds:)`` rests: the job runs on a thread of its
  /// own (a stepped or synchronous job's pauses return at once).
  public var rests: Bool { core.mode.isBackground }

  /// How the job splits a pass into parts: on helper threads at the worker's
  /// priority in the background, on its own thread otherwise.
  public var parallelism: Parallelism { core.parallelism }
}
