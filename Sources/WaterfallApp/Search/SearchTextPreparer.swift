import Synchronization
import WaterfallWorkers

/// Builds the compact search texts (``SearchTextCache``) of every whole block
/// of a store's items in the background when the user opens the search (`/`),
/// so that the first key finds them built instead of building them as it passes.
///
/// It runs at lowered priority on both cores (each lane takes the next block
/// not built), so a key typed a moment after `/` finds them built. While a
/// search's lanes are at work (``SearchEngine/lanesAtWork``) it rests, looking
/// every ``SearchTextCache/yieldInterval`` items: both run under `SCHED_IDLE`,
/// where the lane of a key typed right after `/` waited behind the two
/// builders for a core (its first 64 items, 0.2 ms of work, done 2-9 ms
/// after it started), and the search builds the blocks it passes itself (the
/// cache keeps one of each). It stops at the cache's budget, at ``cancel()``,
/// or when the store's items are replaced.
/// With ``WorkerMode/stepped`` it builds when ``runPending()`` is called (tests);
/// with ``WorkerMode/synchronous`` (`render`, `--filter`: one pass, no later
/// key) it builds nothing.
///
/// ```swift
/// let preparer = SearchTextPreparer(mode: .background(wake: {}))
/// preparer.prepare(store.itemTexts)   // at `/`
/// // later: store.searchTexts.itemsHeld == every whole block's items
/// ```
final class SearchTextPreparer {
  private let worker: Worker<Never>

  /// How many lanes build at once.
  static let lanes = 2

  /// Counts the building as awaited: the heights measured ahead step aside.
  private let awaited: AwaitedWork?

  /// The search's lanes at work: the building rests meanwhile.
  private let yieldsTo: AwaitedWork?

  init(mode: WorkerMode, awaited: AwaitedWork? = nil, yieldingTo search: AwaitedWork? = nil) {
    worker = Worker(name: "search text", mode: mode, priority: .lowered)
    self.awaited = awaited
    yieldsTo = search
  }

  /// Builds, in item order (two at a time), every whole block of `texts` not built yet,
  /// stopping any preparing under way.
  func prepare(_ texts: ItemTexts) {
    guard !worker.mode.isSynchronous, let cache = texts.searchTexts else { return }
    let awaited = awaited ?? AwaitedWork()
    let yieldsTo = yieldsTo
    worker.start { job in
      let blocks = texts.count / SearchTextCache.blockSize
      let next = Atomic<Int>(0)
      // A search at work: rest until its lanes are done (a stepped job cannot rest).
      let rest = job.rests ? yieldsTo.map { search in { search.waitWhileUnderWay { job.pause(nanoseconds: $0) } } } : nil
      awaited.during {
        job.parallelism.perform(Self.lanes) { _ in
          while !job.isCancelled, cache.hasRoom {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < blocks else { return }
            if cache.block(index) == nil { cache.build(index, of: texts, between: rest) }
          }
        }
      }
    }
  }

  /// Stops the preparing under way (the store's items are replaced).
  func cancel() { worker.cancel() }

  /// Runs the preparing asked for (stepped), here; returns how many jobs ran.
  @discardableResult
  func runPending() -> Int { worker.runPending() }
}
