import Synchronization
import WaterfallTerminal

/// Passes the loader's "more items" on to the terminal session once there is one.
///
/// The loader starts before the screen opens (so that an error at the start of a
/// file ends the program before any screen is shown); until a session is
/// attached, a wake-up has no one to wake and is dropped.
///
/// ```swift
/// let relay = WakeRelay()
/// let controller = LoadController(argument: path, source: source, browser: browser, wake: relay.signal)
/// relay.attach(session.wakeUp)
/// ```
public final class WakeRelay: Sendable {
  private let target = Mutex<WakeUp?>(nil)

  public init() {}

  /// Wakes the attached session, if any. Safe from any thread.
  @Sendable public func signal() {
    target.withLock { $0 }?.signal()
  }

  public func attach(_ wakeUp: WakeUp) {
    target.withLock { $0 = wakeUp }
  }
}
