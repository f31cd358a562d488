#if canImport(Glibc)
  import Glibc
#endif

/// A mutex and its condition variable: state guarded by the lock, and threads
/// that wait for that state to change.
///
/// `Synchronization.Mutex` has no condition to wait on; this is the one place
/// that uses pthreads' pair. A waiter re-checks its condition after each wake
/// (wake-ups may be spurious, or for another waiter's condition).
///
/// ```swift
/// let lock = ConditionLock()
/// lock.withLock { ready = true; lock.broadcast() }
/// lock.withLock { while !ready { lock.wait() } }
/// ```
public final class ConditionLock: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  public init() {
    mutex = .allocate(capacity: 1)
    condition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    // The monotonic clock, so a timed wait is not moved by a change of the date.
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
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

  /// Runs `body` holding the lock; what it throws comes out as it is (typed).
  public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits for a ``broadcast()``; call it holding the lock (inside ``withLock(_:)``).
  public func wait() {
    pthread_cond_wait(condition, mutex)
  }

  /// Waits for a ``broadcast()`` or until `nanoseconds` have passed, whichever
  /// comes first; call it holding the lock.
  public func wait(nanoseconds: UInt64) {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let total = UInt64(now.tv_nsec) + nanoseconds % 1_000_000_000
    var deadline = timespec()
    deadline.tv_sec = now.tv_sec + Int(nanoseconds / 1_000_000_000) + Int(total / 1_000_000_000)
    deadline.tv_nsec = Int(total % 1_000_000_000)
    pthread_cond_timedwait(condition, mutex, &deadline)
  }

  /// ``wait(nanoseconds:)`` in milliseconds (a negative wait is none).
  public func wait(milliseconds: Int) {
    wait(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000)
  }

  /// Wakes every waiter; call it holding the lock.
  public func broadcast() {
    pthread_cond_broadcast(condition)
  }
}
