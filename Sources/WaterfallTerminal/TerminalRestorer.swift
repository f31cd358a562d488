#if canImport(Glibc)
  import Glibc
#endif

/// Puts the terminal back the way it was on every way out, signals included.
///
/// At start the session saves the terminal's modes (termios) and prepares the
/// bytes that undo what curses turned on (alternate screen, keypad mode, hidden
/// cursor, mouse reports, attributes). A signal handler may only do
/// async-signal-safe things, so it writes those bytes with `write(2)`, restores the
/// modes with `tcsetattr`, puts back the signal's default action and raises it
/// again: SIGINT still ends the program with status 130, SIGSEGV still dumps core,
/// and the shell gets its terminal back either way.
enum TerminalRestorer {
  /// The signals the user sends to end the program. Crashes (SIGSEGV, SIGILL, …)
  /// are ``CrashHandler``'s, which restores through here too.
  static let fatalSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// What a handler needs, kept where it can reach it without allocating.
  struct State {
    /// The terminal's modes are read and restored here (the session's input).
    var fd: Int32 = -1
    /// The restore bytes are written here: the session's output, which is open
    /// for writing (the input descriptor is read-only, and a write to it fails).
    var outputFD: Int32 = -1
    var bytes: UnsafeMutablePointer<UInt8>?
    var count = 0
    var modes = termios()
    var armed = false
  }

  nonisolated(unsafe) static var state = State()

  /// Saves the terminal modes of `fd` now, before curses changes them.
  static func saveModes(of fd: Int32) {
    state.fd = fd
    _ = tcgetattr(fd, &state.modes)
  }

  /// Arms the handlers with the bytes that leave curses mode, to be written to
  /// `outputFD`.
  static func arm(restoreBytes: [UInt8], outputFD: Int32) {
    state.outputFD = outputFD
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, restoreBytes.count))
    buffer.initialize(from: restoreBytes, count: restoreBytes.count)
    state.bytes = buffer
    state.count = restoreBytes.count
    state.armed = true
    for signal in fatalSignals {
      Glibc.signal(signal, restoreAndReraise)
    }
  }

  /// Stops handling signals: the session ended normally.
  static func disarm() {
    state.armed = false
    for signal in fatalSignals {
      Glibc.signal(signal, SIG_DFL)
    }
  }

  /// Restores the terminal from a signal handler: only async-signal-safe calls.
  static func restoreFromHandler() {
    guard state.armed, state.fd >= 0 else { return }
    state.armed = false
    if let bytes = state.bytes, state.outputFD >= 0 {
      var written = 0
      while written < state.count {
        let n = write(state.outputFD, bytes + written, state.count - written)
        if n <= 0 { break }
        written += n
      }
    }
    _ = tcsetattr(state.fd, TCSAFLUSH, &state.modes)
  }
}

/// The handler for every fatal signal: restore, then let the signal do what it
/// would have done.
private func restoreAndReraise(_ signal: Int32) {
  TerminalRestorer.restoreFromHandler()
  Glibc.signal(signal, SIG_DFL)
  raise(signal)
}
