#if canImport(Glibc)
  import Glibc
#endif

/// Notices the program coming back from Ctrl-Z (`SIGCONT`), so the screen is
/// written whole again.
///
/// Curses handles the stop itself: it leaves curses mode, stops, and when
/// continued sets its modes again and repaints from its own copy of the screen,
/// which holds none of the frames (they are ``FrameEncoder``'s, not curses'). The
/// handler only sets a flag and wakes the loop, both async-signal-safe; the next
/// ``TerminalSession/draw(_:previous:)`` takes the flag and repaints.
///
/// ```swift
/// ResumeSignal.install(waking: wakeUp.writeFD)
/// if ResumeSignal.takeResumed() { /* write the whole screen */ }
/// ```
enum ResumeSignal {
  nonisolated(unsafe) private static var resumed: sig_atomic_t = 0
  nonisolated(unsafe) fileprivate static var wakeFD: Int32 = -1

  /// Handles `SIGCONT` from now on, writing a byte to `fd` when it comes.
  static func install(waking fd: Int32) {
    wakeFD = fd
    var action = sigaction()
    action.__sigaction_handler.sa_handler = noteResume
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    sigaction(SIGCONT, &action, nil)
  }

  /// Puts `SIGCONT` back to its default.
  static func uninstall() {
    signal(SIGCONT, SIG_DFL)
    wakeFD = -1
  }

  /// Whether the program was continued since the last call.
  static func takeResumed() -> Bool {
    guard resumed != 0 else { return false }
    resumed = 0
    return true
  }

  fileprivate static func note() {
    resumed = 1
  }
}

private func noteResume(_ signal: Int32) {
  ResumeSignal.note()
  var byte: UInt8 = 1
  if ResumeSignal.wakeFD >= 0 { _ = write(ResumeSignal.wakeFD, &byte, 1) }
}
