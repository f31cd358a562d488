#if canImport(Glibc)
  import Glibc
#endif

/// How a worker's threads stand against the main thread, set on threads the
/// program owns when they start (never on a shared pool's, whose threads other
/// work would then inherit).
///
/// `.lowered` threads run `nice` (10) and under Linux's `SCHED_IDLE`: a key's
/// wake-up preempts them at once, and they take what the main thread leaves
/// (both cores, while it idles). `.normal` threads compete as equals: for work
/// the screen waits for and that must not starve behind a search.
///
/// ```swift
/// let sorts = Worker<[Int]>(name: "sort", mode: .background(wake: wake), priority: .lowered)
/// ```
public enum WorkerPriority: Sendable, Equatable {
  case normal
  case lowered

  /// The niceness ``lowered`` threads run at.
  public static let niceness: Int32 = 10

  /// Puts the calling thread at this priority. Called once by each worker
  /// thread as it starts; a lowered thread cannot be raised again without a
  /// privilege, which is why it is never done to a thread the program does not own.
  func apply() {
    guard self == .lowered else { return }
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
      var parameters = sched_param()
      _ = sched_setscheduler(0, Self.schedIdle, &parameters)
    #endif
  }

  /// Linux's `SCHED_IDLE` (it needs `_GNU_SOURCE`, so Glibc's module leaves it out).
  static let schedIdle: Int32 = 5

  /// The calling thread's niceness.
  public static func currentNiceness() -> Int32 {
    #if os(Linux)
      return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    #else
      return 0
    #endif
  }

  /// Whether the calling thread runs under `SCHED_IDLE`.
  public static var currentIsIdleClass: Bool {
    #if os(Linux)
      return sched_getscheduler(0) == schedIdle
    #else
      return false
    #endif
  }
}
