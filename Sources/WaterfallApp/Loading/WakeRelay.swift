import Synchronization
import WaterfallWorkers

/// Passes the loader's "more items" on to the run loop once there is one, and
/// lets the start of the program wait for it before there is.
///
/// The loader starts before the screen opens (so that an error at the start of a
/// file ends the program before any screen is shown); until a wake-up is
/// attached, a signal has no one to wake, but it is counted, and
/// ``wait(after:until:)`` returns when one comes: the program waits for the first
/// page without spinning. The relay knows nothing of the terminal: it is given
/// what to call.
///
/// ```swift
/// let relay = WakeRelay()
/// let controller = LoadController(…, wake: relay.signal)   // the loader signals from its thread
/// var seen = relay.signalCount
/// while !controller.firstPageSettled, clock.now < deadline {
///   browser.apply(controller.drain())
///   seen = relay.wait(after: seen, until: deadline)
/// }
/// let wakeUp = session.wakeUp
/// relay.attach { wakeUp.signal() }
/// ```
public final class WakeRelay: Sendable {
  private let target = Mutex<(@Sendable () -> Void)?>(nil)
  private let count = Atomic<Int>(0)
  private let arrived = ConditionLock()

  public init() {}

  /// Counts the signal, wakes a ``wait(after:until:)``, and calls the attached
  /// wake-up, if any. Safe from any thread.
  @Sendable public func signal() {
    count.add(1, ordering: .releasing)
    arrived.withLock { arrived.broadcast() }
    target.withLock { $0 }?()
  }

  /// From now on, ``signal()`` calls `wake`.
  public func attach(_ wake: @escaping @Sendable () -> Void) {
    target.withLock { $0 = wake }
  }

  /// How many signals have come so far.
  public var signalCount: Int { count.load(ordering: .acquiring) }

  /// Waits until more than `seen` signals have come, or `deadline` passes;
  /// returns how many have come.
  public func wait(after seen: Int, until deadline: ContinuousClock.Instant) -> Int {
    let clock = ContinuousClock()
    arrived.withLock {
      while count.load(ordering: .acquiring) == seen, clock.now < deadline {
        let left = clock.now.duration(to: deadline).components
        arrived.wait(nanoseconds: UInt64(max(0, left.seconds)) * 1_000_000_000 + UInt64(max(0, left.attoseconds / 1_000_000_000)))
      }
    }
    return signalCount
  }
}
