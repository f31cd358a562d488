import Synchronization

/// When the user last pressed a key or used the mouse, so that background work
/// can leave a core to the screen while keys come.
///
/// On a machine of two cores, two search workers and the main thread share them
/// with the terminal that reads the frames. While keys come, a search keeps one
/// worker at work and pauses the others (``SearchEngine``): the main thread and
/// the terminal then have a core between them, and a Down key's frame does not
/// wait for one. A search the user only watches uses every worker.
///
/// ```swift
/// let activity = InputActivity()
/// activity.noteInput()   // the main thread, for each event
/// activity.isRecent      // true for the next 100 ms (a worker asks between chunks)
/// ```
public final class InputActivity: Sendable {
  /// How long after an event the user counts as at the keys.
  public let window: Duration
  /// ``window`` in nanoseconds.
  private let span: UInt64
  /// The last event's time, in nanoseconds of the monotonic clock (0: none yet).
  private let last = Atomic<UInt64>(0)

  public init(window: Duration = .milliseconds(100)) {
    self.window = window
    let (seconds, attoseconds) = window.components
    span = UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }

  /// Notes that an event came now.
  public func noteInput() {
    last.store(MonotonicTime.nanoseconds(), ordering: .relaxed)
  }

  /// Whether an event came within ``window``.
  public var isRecent: Bool { isRecent(at: MonotonicTime.nanoseconds()) }

  /// Whether an event came within ``window`` before `now` (nanoseconds).
  func isRecent(at now: UInt64) -> Bool {
    let event = last.load(ordering: .relaxed)
    guard event != 0 else { return false }
    return now &- event < span
  }
}
