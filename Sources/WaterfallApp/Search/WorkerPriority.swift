#if canImport(Glibc)
  import Glibc
#endif

/// Puts the calling worker thread below the main thread, so that a key never
/// waits for a time slice behind a search or a sort: with the workers `nice`
/// (10), the scheduler lets the main thread run the moment it wakes, and the
/// workers take what is left (both cores, while the main thread idles).
///
/// Call it on worker threads only, never on the main thread (engines without
/// threads, as `render` and tests use, do not call it). On Linux the nice value
/// belongs to the thread; a lowered thread stays lowered (raising it again needs
/// a privilege), and the pool's threads only ever do background work.
///
/// ```swift
/// DispatchQueue.global(qos: .utility).async { WorkerPriority.lower(); search() }
/// ```
public enum WorkerPriority {
  /// The niceness workers run at.
  public static let niceness: Int32 = 10

  /// Lowers the calling thread to ``niceness``, if it is not that low already.
  public static func lower() {
    #if os(Linux)
      if current() < niceness {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
      }
      if sched_getscheduler(0) != schedIdle {
        var parameters = sched_param()
        _ = sched_setscheduler(0, schedIdle, &parameters)
      }
    #endif
  }

  /// Linux's `SCHED_IDLE` (it needs `_GNU_SOURCE`, so Glibc's module leaves it out).
  static let schedIdle: Int32 = 5

  /// The calling thread's niceness.
  public static func current() -> Int32 {
    #if os(Linux)
      return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    #else
      return 0
    #endif
  }
}
