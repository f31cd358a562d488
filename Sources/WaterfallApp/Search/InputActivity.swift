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
/// A key that changes the query counts only for ``editWindow``, long enough for
/// its own frame to be written: the search it starts is what the user waits for.
///
/// ```swift
/// let activity = InputActivity()
/// activity.noteInput()   // the main thread, for each event
/// activity.isRecent      // true for the next 100 ms (a worker asks between chunks)
/// activity.noteEdit()    // a key that changed the query: recent for 10 ms from now
/// ```
public final class InputActivity: Sendable {
  /// How long after an event the user counts as at the keys.
  public let window: Duration
  /// How long after a key that changes the query.
  public let editWindow: Duration
  /// ``window`` and ``editWindow`` in nanoseconds.
  private let span: UInt64
  private let editSpan: UInt64
  /// Until when the user counts as at the keys, in nanoseconds of the monotonic clock (0: no event yet).
  private let until = Atomic<UInt64>(0)

  public init(window: Duration = .milliseconds(100), editWindow: Duration = .milliseconds(10)) {
    self.window = window
    self.editWindow = editWindow
    span = Self.nanoseconds(window)
    editSpan = Self.nanoseconds(editWindow)
  }

  private static func nanoseconds(_ duration: Duration) -> UInt64 {
    let (seconds, attoseconds) = duration.components
    return UInt64(max(0, seconds)) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
  }

  /// Notes that an event came now.
  public func noteInput() {
    until.store(MonotonicTime.nanoseconds() + span, ordering: .relaxed)
  }

  /// Notes that a key changed the query now: recent only for ``editWindow``,
  /// whatever came before (the search it starts replaces the one they paused).
  public func noteEdit() {
    until.store(MonotonicTime.nanoseconds() + editSpan, ordering: .relaxed)
  }

  /// Whether an event came within ``window`` (an edit within ``editWindow``).
  public var isRecent: Bool { isRecent(at: MonotonicTime.nanoseconds()) }

  /// Whether `now` (nanoseconds) is within the last event's window.
  func isRecent(at now: UInt64) -> Bool {
    now < until.load(ordering: .relaxed)
  }
}
