import Synchronization

/// Passes the loader's "more items" on to the run loop once there is one.
///
/// The loader starts before the screen opens (so that an error at the start of a
/// file ends the program before any screen is shown); until a wake-up is
/// attached, a signal has no one to wake and is dropped. The relay knows nothing
/// of the terminal: it is given what to call.
///
/// ```swift
/// let relay = WakeRelay()
/// let controller = LoadController(…, wake: relay.signal)   // the loader signals from its thread
/// let wakeUp = session.wakeUp
/// relay.attach { wakeUp.signal() }
/// ```
public final class WakeRelay: Sendable {
  private let target = Mutex<(@Sendable () -> Void)?>(nil)

  public init() {}

  /// Calls the attached wake-up, if any. Safe from any thread.
  @Sendable public func signal() {
    target.withLock { $0 }?()
  }

  /// From now on, ``signal()`` calls `wake`.
  public func attach(_ wake: @escaping @Sendable () -> Void) {
    target.withLock { $0 = wake }
  }
}
