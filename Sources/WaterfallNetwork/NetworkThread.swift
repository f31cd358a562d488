#if canImport(Glibc)
  import Glibc
#endif

/// A detached thread (pthreads) the module owns, running one closure to its end:
/// the client's transfer loop, the picture fetcher's disk work.
///
/// ```swift
/// let started = NetworkThread.start(name: "waterfall-http") { loopUntilStopped() }
/// ```
public enum NetworkThread {
  private final class Start {
    let body: @Sendable () -> Void
    let name: String
    init(body: @escaping @Sendable () -> Void, name: String) {
      self.body = body
      self.name = name
    }
  }

  /// Starts `body` on a new thread (`name` says what it is for, in a debugger);
  /// returns whether the thread could be made. The closure must return
  /// on its own: nothing joins it.
  @discardableResult
  public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
    let start = Unmanaged.passRetained(Start(body: body, name: name)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        let start = Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue()
        start.body()
        return nil
      }, start)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Start>.fromOpaque(start).release()
    }
    return created == 0
  }
}
