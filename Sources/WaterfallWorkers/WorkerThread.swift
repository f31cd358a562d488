#if canImport(Glibc)
  import Glibc
#endif

/// A thread the program owns (pthreads), named and at a ``WorkerPriority``,
/// running one closure to its end.
///
/// Every background thread of the program is one of these: the workers'
/// (``Worker``), their helpers (``HelperThreads``) and the picture decoders. The
/// closure is usually a loop that waits for work and returns when told to stop;
/// nothing joins the thread.
///
/// ```swift
/// let thread = WorkerThread(name: "wf-search", priority: .lowered) { core.serve() }
/// thread.isRunning   // true once the thread exists
/// ```
public struct WorkerThread: Sendable {
  private final class Start {
    let body: @Sendable () -> Void
    let name: String
    let priority: WorkerPriority
    let niceness: Int32
    init(body: @escaping @Sendable () -> Void, name: String, priority: WorkerPriority, niceness: Int32) {
      self.body = body
      self.name = name
      self.priority = priority
      self.niceness = niceness
    }
  }

  /// Whether the thread could be created.
  public let isRunning: Bool

  /// Starts `body` on a new thread called `name` (at most 15 bytes show in
  /// `top -H` and `perf`), at `priority`; `niceness`, when given, sets the nice
  /// value alone (the picture decoders' 5).
  public init(name: String, priority: WorkerPriority = .normal, niceness: Int32 = 0, _ body: @escaping @Sendable () -> Void) {
    let start = Unmanaged.passRetained(Start(body: body, name: name, priority: priority, niceness: niceness)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
        WorkerThread.name(start.name)
        start.priority.apply()
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

  /// `pthread_setname_np`, found at run time: Glibc's module leaves it out
  /// (it needs `_GNU_SOURCE`), and a name is only a help to `top -H` and `perf`.
  private static let setName: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32).self)
  }()

  /// Names the calling thread (the first 15 bytes).
  static func name(_ name: String) {
    guard let setName else { return }
    let short = String(decoding: name.utf8.prefix(15), as: UTF8.self)
    _ = short.withCString { setName(pthread_self(), $0) }
  }
}
