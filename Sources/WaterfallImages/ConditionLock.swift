#if canImport(Glibc)
  import Glibc
#endif

/// A mutex with a condition variable (pthreads), for the decoding workers and the
/// threads that hand them work.
///
/// ```swift
/// let lock = ConditionLock()
/// lock.locked { queue.append(job); lock.signal() }
/// ```
final class ConditionLock: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits for a signal; call it holding the lock, in a loop over the condition
  /// waited for.
  func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Waits for a signal or until `milliseconds` pass, holding the lock.
  func wait(milliseconds: Int) {
    var deadline = timespec()
    clock_gettime(CLOCK_REALTIME, &deadline)
    let nanoseconds = deadline.tv_nsec + (milliseconds % 1000) * 1_000_000
    deadline.tv_sec += milliseconds / 1000 + nanoseconds / 1_000_000_000
    deadline.tv_nsec = nanoseconds % 1_000_000_000
    pthread_cond_timedwait(condition, mutex, &deadline)
  }

  /// Wakes every waiting thread.
  func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
