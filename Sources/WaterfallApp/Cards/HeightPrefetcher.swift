import Dispatch
import Synchronization

/// Measures every card at the widths the next `+`, `-` or `z` would give, on a
/// worker thread while the user looks, so those keys find the heights known
/// (``CardHeights``) and lay a million cards out without wrapping any text.
///
/// A newer request stops an older one; results go to the main thread through
/// ``take()``. Without a `wake` nothing is measured ahead (tests, `render`).
///
/// ```swift
/// let prefetcher = HeightPrefetcher(wake: { wakeUp.signal() })
/// prefetcher.start(widths: [30, 48], source: store.cardSnapshot, store: ObjectIdentifier(store))
/// // later, on the main thread: for (width, heights) in prefetcher.take() { store.installHeights(heights, width: width) }
/// ```
public final class HeightPrefetcher: Sendable {
  public struct Result: Sendable {
    public var store: ObjectIdentifier
    public var width: Int
    public var heights: [UInt16]
  }

  private let live = Atomic<Int>(0)
  private let results = Mutex<[Result]>([])
  private let wake: (@Sendable () -> Void)?

  public init(wake: (@Sendable () -> Void)?) {
    self.wake = wake
  }

  /// Whether it measures at all (it has a thread to wake from).
  public var runsInBackground: Bool { wake != nil }

  /// Measures `source`'s cards at each of `widths`, one after another.
  public func start(widths: [Int], source: CardSnapshot, store: ObjectIdentifier) {
    let generation = live.add(1, ordering: .sequentiallyConsistent).newValue
    guard wake != nil, !widths.isEmpty else { return }
    DispatchQueue.global(qos: .background).async { [self] in
      let stop: @Sendable () -> Bool = { self.live.load(ordering: .relaxed) != generation }
      for width in widths {
        guard let heights = source.heights(width: width, shouldStop: stop) else { return }
        results.withLock { $0.append(Result(store: store, width: width, heights: heights)) }
        wake?()
      }
    }
  }

  /// Stops measuring.
  public func cancel() {
    live.add(1, ordering: .sequentiallyConsistent)
  }

  /// The tables measured since the last call.
  public func take() -> [Result] {
    results.withLock { found in
      defer { found = [] }
      return found
    }
  }

  public var hasResults: Bool { results.withLock { !$0.isEmpty } }
}
