/// Where a ``Worker``'s jobs run.
///
/// The browser in a terminal gives its workers threads (`.background`); the
/// `render` command, whose output must be the screen the browser settles on,
/// runs every job at once (`.synchronous`); tests step them (`.stepped`), so
/// that what a test sees never depends on how busy the machine is.
///
/// ```swift
/// let live = Worker<Int>(name: "sort", mode: .background(wake: { wakeUp.signal() }))
/// let stepped = Worker<Int>(name: "sort", mode: .stepped)
/// stepped.start { job in job.deliver(42) }
/// stepped.runPending()   // 1: the job ran here, now
/// ```
public enum WorkerMode: Sendable {
  /// On the worker's own threads; `wake` is called from them whenever a job
  /// delivers something, so the main loop takes it in.
  case background(wake: @Sendable () -> Void)
  /// At once, on the thread that starts the job, before `start` returns.
  case synchronous
  /// When the owner says: ``Worker/runPending()`` runs the jobs waiting, on
  /// the caller's thread.
  case stepped

  /// Whether jobs run at once, on the thread that starts them.
  public var isSynchronous: Bool {
    if case .synchronous = self { return true }
    return false
  }

  /// Whether jobs run on threads of their own.
  public var isBackground: Bool {
    if case .background = self { return true }
    return false
  }
}
