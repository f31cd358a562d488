#if canImport(Glibc)
  import Glibc
#endif

/// Wakes a session waiting for input from another thread: a loader that has read
/// more items calls ``signal()``, and the session's ``TerminalSession/nextEvent(timeout:)``
/// returns so the screen can show them.
public struct WakeUp: Sendable {
  let writeFD: Int32

  /// Wakes the waiting session. Safe from any thread.
  public func signal() {
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }
}
