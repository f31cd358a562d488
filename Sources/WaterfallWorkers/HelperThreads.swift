import Synchronization

/// A few threads the program owns, at one ``WorkerPriority``, that help a
/// worker split a pass into parts (`DispatchQueue.concurrentPerform` without
/// the shared pool: lowering a pool thread's priority would lower whatever
/// runs on it next).
///
/// The calling thread works too: it takes parts until none is left, then
/// waits for those the helpers took. A part that itself asks for helpers while
/// all of them are busy simply does its parts alone, so nesting never deadlocks.
///
/// ```swift
/// HelperThreads.lowered.perform(2) { part in sortHalf(part) }
/// ```
public final class HelperThreads: Sendable {
  /// One pass being split: its parts, the next to take, and how many are done.
  private final class Batch: @unchecked Sendable {
    let count: Int
    /// Dropped once every part is done, before ``HelperThreads/perform(_:_:)``
    /// returns: the closure must not outlive the call.
    var body: ((Int) -> Void)?
    let next = Atomic<Int>(0)
    var done = 0  // guarded by the pool's lock

    init(count: Int, body: @escaping (Int) -> Void) {
      self.count = count
      self.body = body
    }

    /// The next part no one has taken, if any.
    func claim() -> Int? {
      let part = next.add(1, ordering: .relaxed).oldValue
      return part < count ? part : nil
    }
  }

  private final class Core: @unchecked Sendable {
    let lock = ConditionLock()
    var batches: [Batch] = []

    /// A helper's loop: parts of any batch offered, for ever.
    func serve() {
      while true {
        let batch: Batch = lock.withLock {
          while batches.isEmpty { lock.wait() }
          return batches[0]
        }
        guard let part = batch.claim() else {
          lock.withLock { batches.removeAll { $0 === batch } }
          continue
        }
        // Taken, so the caller still waits for this part: `body` is there.
        batch.body?(part)
        lock.withLock {
          batch.done += 1
          lock.broadcast()
        }
      }
    }
  }

  /// Helpers below the main thread, for passes over every item (search, sort, heights).
  public static let lowered = HelperThreads(name: "wf-help-low", priority: .lowered, count: 1)
  /// Helpers at the main thread's priority (layouts the screen waits for).
  public static let normal = HelperThreads(name: "wf-help", priority: .normal, count: 1)

  private let core = Core()
  private let threads: Int
  public let priority: WorkerPriority

  /// `count` helper threads (with the caller, `count + 1` parts run at once).
  public init(name: String, priority: WorkerPriority, count: Int) {
    self.priority = priority
    threads = count
    for n in 0..<count {
      _ = WorkerThread(name: "\(name)-\(n)", priority: priority) { [core] in core.serve() }
    }
  }

  /// Runs `body` for each part `0..<parts`, on this thread and the helpers,
  /// and returns once every part is done.
  public func perform(_ parts: Int, _ body: (Int) -> Void) {
    guard parts > 1, threads > 0 else {
      for part in 0..<max(0, parts) { body(part) }
      return
    }
    withoutActuallyEscaping(body) { body in
      // The helpers run `body` only before this call returns (it waits for them).
      nonisolated(unsafe) let body = body
      let batch = Batch(count: parts, body: body)
      core.lock.withLock {
        core.batches.append(batch)
        core.lock.broadcast()
      }
      var mine = 0
      while let part = batch.claim() {
        body(part)
        mine += 1
      }
      core.lock.withLock {
        batch.done += mine
        core.batches.removeAll { $0 === batch }
        while batch.done < parts { core.lock.wait() }
        batch.body = nil
      }
    }
  }
}

/// How a pass is split into parts: on ``HelperThreads`` in the background, all
/// on the calling thread for `render` and stepped tests.
///
/// ```swift
/// Parallelism.serial.perform(2) { part in … }   // part 0, then part 1, here
/// ```
public struct Parallelism: Sendable {
  let helpers: HelperThreads?

  /// Every part on the calling thread, in order.
  public static let serial = Parallelism(helpers: nil)

  /// Parts shared with `helpers`.
  public static func helpers(_ helpers: HelperThreads) -> Parallelism { Parallelism(helpers: helpers) }

  /// Runs `body` for each part `0..<parts` as ``perform(_:_:)`` does, and
  /// returns what each part made, in part order.
  ///
  /// ```swift
  /// let halves = parallelism.map(2) { part in scan(part == 0 ? first : second) }
  /// ```
  public func map<Result>(_ parts: Int, _ body: (Int) -> Result) -> [Result] {
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: max(0, parts))
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    // Each part writes only its own slot, and `perform` returns once all are done.
    nonisolated(unsafe) let shared = results
    perform(parts) { part in shared[part] = body(part) }
    return results.map { $0! }
  }

  /// Whether parts may run on other threads than the caller's.
  public var hasHelpers: Bool { helpers != nil }

  /// Runs `body` for each part `0..<parts` and returns once all are done.
  public func perform(_ parts: Int, _ body: (Int) -> Void) {
    if let helpers {
      helpers.perform(parts, body)
    } else {
      for part in 0..<max(0, parts) { body(part) }
    }
  }
}
