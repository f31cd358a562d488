import Dispatch
import Synchronization

/// Sorts the items on a worker thread (``Sorter`` uses two), so keys never wait
/// for a sort; a newer sort stops an older one. Without a `wake` it sorts on the
/// caller's thread, at once (the `render` command, tests).
///
/// ```swift
/// let engine = SortEngine(wake: { wakeUp.signal() })
/// engine.start(SortOrder(field: "price"), in: store.itemTexts)
/// // later, when woken:
/// if let done = engine.take() { show(done.items) }
/// ```
public final class SortEngine: Sendable {
  public struct Result: Sendable, Equatable {
    public var generation: Int
    public var order: SortOrder
    /// Store indices, in order.
    public var items: [Int]
  }

  private let live = Atomic<Int>(0)
  private let result = Mutex<Result?>(nil)
  private let wake: (@Sendable () -> Void)?

  public init(wake: (@Sendable () -> Void)?) {
    self.wake = wake
  }

  /// Starts sorting `texts` in `order`; a sort under way stops. Returns its generation.
  @discardableResult
  public func start(_ order: SortOrder, in texts: ItemTexts) -> Int {
    let generation = live.add(1, ordering: .sequentiallyConsistent).newValue
    result.withLock { $0 = nil }
    let work: @Sendable () -> Void = { [self] in
      let stop: @Sendable () -> Bool = { self.live.load(ordering: .relaxed) != generation }
      let background = wake != nil
      if background { WorkerPriority.lower() }
      guard let items = Sorter.sorted(texts, by: order, lowering: background, shouldStop: stop) else { return }
      result.withLock { if !stop() { $0 = Result(generation: generation, order: order, items: items) } }
      wake?()
    }
    if wake != nil { DispatchQueue.global(qos: .utility).async(execute: work) } else { work() }
    return generation
  }

  /// Stops the sort under way.
  public func cancel() {
    live.add(1, ordering: .sequentiallyConsistent)
    result.withLock { $0 = nil }
  }

  /// The finished sort, once.
  public func take() -> Result? {
    result.withLock { found in
      defer { found = nil }
      return found
    }
  }

  public var hasResult: Bool { result.withLock { $0 != nil } }
}
