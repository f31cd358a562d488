import Synchronization

/// The state a ``Worker`` shares with its threads and jobs: the queue, what was
/// delivered, the generation. The threads hold this, not the worker, so a
/// worker no longer used stops its threads.
final class WorkerCore<Output: Sendable>: @unchecked Sendable {
  private struct Entry {
    let generation: Int
    let lane: Int
    let body: @Sendable (WorkerJob<Output>) -> Void
  }

  let name: String
  let mode: WorkerMode
  let priority: WorkerPriority
  let threads: Int
  let generation = Atomic<Int>(0)
  let progress = Atomic<Int>(0)
  let detail = Atomic<Int>(0)

  private let lock = ConditionLock()
  // Guarded by `lock`:
  private var queue: [Entry] = []
  private var running: [Int] = []  // the generations of the jobs running
  private var outputs: [Output] = []
  private var started = false
  private var stopped = false

  init(name: String, mode: WorkerMode, priority: WorkerPriority, threads: Int) {
    self.name = name
    self.mode = mode
    self.priority = priority
    self.threads = threads
  }

  var parallelism: Parallelism {
    guard mode.isBackground else { return .serial }
    return .helpers(priority == .lowered ? HelperThreads.lowered : HelperThreads.normal)
  }

  func submit(_ body: @escaping @Sendable (WorkerJob<Output>) -> Void, lanes: Int, replacing: Bool) -> Int {
    let current: Int = lock.withLock {
      if replacing {
        generation.add(1, ordering: .releasing)
        queue.removeAll()
        outputs.removeAll()
        progress.store(0, ordering: .relaxed)
        detail.store(0, ordering: .relaxed)
      }
      let current = generation.load(ordering: .relaxed)
      for lane in 0..<max(1, lanes) { queue.append(Entry(generation: current, lane: lane, body: body)) }
      if mode.isBackground, !started {
        started = true
        for n in 0..<threads {
          _ = WorkerThread(name: "wf-\(name)-\(n)", priority: priority) { [self] in serve() }
        }
      }
      lock.broadcast()
      return current
    }
    if case .synchronous = mode { _ = runPending() }
    return current
  }

  func cancel() {
    lock.withLock {
      generation.add(1, ordering: .releasing)
      queue.removeAll()
      outputs.removeAll()
      lock.broadcast()
    }
  }

  func stop() {
    lock.withLock {
      stopped = true
      generation.add(1, ordering: .releasing)
      queue.removeAll()
      lock.broadcast()
    }
  }

  func deliver(_ output: Output, generation job: Int) {
    let kept: Bool = lock.withLock {
      guard job == generation.load(ordering: .relaxed) else { return false }
      outputs.append(output)
      return true
    }
    if kept, case .background(let wake) = mode { wake() }
  }

  func take(limit: Int) -> [Output] {
    lock.withLock {
      guard !outputs.isEmpty else { return [] }
      let taken: [Output]
      if limit >= outputs.count {
        taken = outputs
        outputs.removeAll()
      } else {
        taken = Array(outputs[..<limit])
        outputs.removeFirst(limit)
      }
      // A job waiting for room may go on.
      lock.broadcast()
      return taken
    }
  }

  var hasOutput: Bool { lock.withLock { !outputs.isEmpty } }

  var isBusy: Bool {
    lock.withLock {
      let current = generation.load(ordering: .relaxed)
      return queue.contains { $0.generation == current } || running.contains(current)
    }
  }

  var hasPending: Bool { lock.withLock { !queue.isEmpty } }

  func waitForRoom(generation job: Int, while isFull: ([Output]) -> Bool) -> Bool {
    guard mode.isBackground else { return job == generation.load(ordering: .relaxed) }
    return lock.withLock {
      while job == generation.load(ordering: .relaxed), !stopped, isFull(outputs) { lock.wait() }
      return job == generation.load(ordering: .relaxed)
    }
  }

  func pause(generation job: Int, nanoseconds: UInt64) -> Bool {
    guard mode.isBackground else { return job == generation.load(ordering: .relaxed) }
    return lock.withLock {
      if job == generation.load(ordering: .relaxed), !stopped { lock.wait(nanoseconds: nanoseconds) }
      return job == generation.load(ordering: .relaxed)
    }
  }

  /// The next entry of the current generation, dropping older ones; nil when none waits.
  private func next() -> Entry? {
    while !queue.isEmpty {
      let entry = queue.removeFirst()
      if entry.generation == generation.load(ordering: .relaxed) { return entry }
    }
    return nil
  }

  private func run(_ entry: Entry) {
    entry.body(WorkerJob(core: self, generation: entry.generation, lane: entry.lane))
    lock.withLock {
      if let index = running.firstIndex(of: entry.generation) { running.remove(at: index) }
      lock.broadcast()
    }
  }

  func runPending() -> Int {
    var count = 0
    while let entry = lock.withLock({ () -> Entry? in
      let entry = next()
      if let entry { running.append(entry.generation) }
      return entry
    }) {
      run(entry)
      count += 1
    }
    return count
  }

  /// A thread's loop: the next job, for as long as the worker lives.
  private func serve() {
    while true {
      let entry: Entry? = lock.withLock {
        while !stopped {
          if let entry = next() {
            running.append(entry.generation)
            return entry
          }
          lock.wait()
        }
        return nil
      }
      guard let entry else { return }
      run(entry)
    }
  }
}
