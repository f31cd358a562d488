#if canImport(Glibc)
  import Glibc
#endif

/// Nanoseconds of the monotonic clock, as one integer: for times kept in an
/// atomic or written to a trace line.
///
/// ```swift
/// let start = MonotonicTime.nanoseconds()
/// // … work …
/// let spent = MonotonicTime.nanoseconds() &- start
/// ```
enum MonotonicTime {
  /// The monotonic clock now, in nanoseconds (any origin).
  static func nanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
  }
}
