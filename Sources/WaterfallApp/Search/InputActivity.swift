import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

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
  /// The last event's time, in nanoseconds of the monotonic clock (0: none yet).
  private let last = Atomic<UInt64>(0)

  public init(window: Duration = .milliseconds(100)) {
    self.window = window
  }

  /// Notes that an event came now.
  public func noteInput() {
    last.store(Self.now(), ordering: .relaxed)
  }

  /// Whether an event came within ``window``.
  public var isRecent: Bool { isRecent(at: Self.now()) }

  /// Whether an event came within ``window`` before `now` (nanoseconds).
  func isRecent(at now: UInt64) -> Bool {
    let event = last.load(ordering: .relaxed)
    guard event != 0 else { return false }
    let (seconds, attoseconds) = window.components
    let span = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    return now &- event < span
  }

  static func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
