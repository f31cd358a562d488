#if canImport(Glibc)
  import Glibc
#endif

/// A mutex with a condition variable (pthreads), shared by the client's thread
/// and the threads that hand it requests or read bodies (and by the app's
/// picture fetcher, which waits for work on it).
///
/// ```swift
/// let lock = NetworkLock()
/// lock.locked { queue.append(job); lock.broadcast() }
/// ```
public final class NetworkLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  public init() {
    pthread_mutex_init(mutex, nil)
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    // Timed waits count on the monotonic clock: a change of the wall clock does not stretch them.
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  public func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits for a broadcast or until `milliseconds` pass, holding the lock; call
  /// it in a loop over the condition waited for.
  public func wait(milliseconds: Int) {
    var deadline = timespec()
    clock_gettime(CLOCK_MONOTONIC, &deadline)
    let nanoseconds = deadline.tv_nsec + (milliseconds % 1000) * 1_000_000
    deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    pthread_cond_timedwait(condition, mutex, &deadline)
  }

  /// Waits for a broadcast, holding the lock.
  public func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Wakes every waiting thread.
  public func broadcast() {
    pthread_cond_broadcast(condition)
  }
}

/// Milliseconds on the monotonic clock.
func monotonicMilliseconds() -> Int {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
}
