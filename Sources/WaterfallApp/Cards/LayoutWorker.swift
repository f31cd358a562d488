import Dispatch
import Synchronization

/// Runs one ``LayoutJob`` at a time on a worker thread; a newer job stops the
/// one running. The main thread takes the result with ``take()`` and reads
/// ``percent`` for the status bar. Without a `wake` nothing runs in the
/// background (tests, `render`): the browser lays out on its own thread.
///
/// ```swift
/// let worker = LayoutWorker(wake: { wakeUp.signal() })
/// let generation = worker.start(job)
/// // later, on the main thread:
/// if let (done, result) = worker.take(), done == generation { install(result) }
/// ```
final class LayoutWorker: Sendable {
  private let live = Atomic<Int>(0)
  private let done = Mutex<(generation: Int, result: LayoutJob.Result)?>(nil)
  private let progress = Atomic<Int>(0)
  /// The share of the running job's grouping done, 0 to 100; -1: it groups nothing.
  private let groupingProgress = Atomic<Int>(-1)
  private let wake: (@Sendable () -> Void)?
  /// Called on the worker with a job's generation once it is done, before
  /// its result is handed over: a test holds a job there until it says.
  private let gate: (@Sendable (Int) -> Void)?

  init(wake: (@Sendable () -> Void)?, gate: (@Sendable (Int) -> Void)? = nil) {
    self.wake = wake
    self.gate = gate
  }

  /// Whether jobs run in the background at all.
  var runsInBackground: Bool { wake != nil }

  /// Starts `job`, stopping any other; returns its generation.
  @discardableResult
  func start(_ job: LayoutJob) -> Int {
    let generation = live.add(1, ordering: .sequentiallyConsistent).newValue
    progress.store(0, ordering: .relaxed)
    groupingProgress.store(job.grouping == nil ? -1 : 0, ordering: .relaxed)
    done.withLock { $0 = nil }
    DispatchQueue.global(qos: .userInitiated).async { [self] in
      let stop: @Sendable () -> Bool = { self.live.load(ordering: .relaxed) != generation }
      guard
        let result = job.run(
          shouldStop: stop, progress: { self.progress.store($0, ordering: .relaxed) },
          grouping: { self.groupingProgress.store($0, ordering: .relaxed) },
          interim: { first in
            // The first sections, until the whole layout takes their place.
            guard !stop() else { return }
            self.done.withLock { $0 = (generation, first) }
            self.wake?()
          })
      else { return }
      gate?(generation)
      guard !stop() else { return }
      done.withLock { $0 = (generation, result) }
      wake?()
    }
    return generation
  }

  /// Stops the job running, if any; its result, if it is done, is dropped.
  func cancel() {
    live.add(1, ordering: .sequentiallyConsistent)
    done.withLock { $0 = nil }
  }

  /// The generation of the latest job started.
  var generation: Int { live.load(ordering: .relaxed) }

  /// The share of the running job done, 0 to 100.
  var percent: Int { progress.load(ordering: .relaxed) }

  /// The share of the running job's grouping done, 0 to 100, while it groups;
  /// nil once it lays out, or when it groups nothing.
  var groupingPercent: Int? {
    let value = groupingProgress.load(ordering: .relaxed)
    return value < 0 || value >= 100 ? nil : value
  }

  /// The finished job's result, once.
  func take() -> (generation: Int, result: LayoutJob.Result)? {
    done.withLock { found in
      defer { found = nil }
      return found
    }
  }

  var hasResult: Bool { done.withLock { $0 != nil } }
}
