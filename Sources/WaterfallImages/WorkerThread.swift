#if canImport(Glibc)
  import Glibc
#endif

/// A detached thread (pthreads) running one closure to its end.
///
/// ```swift
/// let worker = WorkerThread(niceness: 5) { decodeUntilStopped() }
/// worker.isRunning   // true once the thread exists
/// ```
struct WorkerThread: Sendable {
  private final class Start {
    let body: @Sendable () -> Void
    let niceness: Int32
    init(body: @escaping @Sendable () -> Void, niceness: Int32) {
      self.body = body
      self.niceness = niceness
    }
  }

  /// Whether the thread could be created.
  let isRunning: Bool

  /// Starts `body` on a new thread, whose scheduling priority is lowered by
  /// `niceness`, so the thread that reads keys always comes first. The closure must
  /// return on its own: nothing waits for it.
  init(niceness: Int32 = 0, _ body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(body: body, niceness: niceness)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(&thread, nil, { raw in
      let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
      // On Linux the nice value is per thread, and "0" means the calling thread.
      if start.niceness != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, start.niceness) }
      start.body()
      return nil
    }, start)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Start>.fromOpaque(start).release()
    }
    isRunning = created == 0
  }
}
