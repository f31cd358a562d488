#if canImport(Glibc)
  import Glibc
#endif

/// What happens when the program crashes (a trap, a bad access, an abort): the
/// terminal is put back, one line says so on standard error, and the program
/// ends at once with status 128 + the signal, as a shell reports a signal.
///
/// Without it Swift's own backtracer would catch the crash and, on a terminal,
/// wait 15 seconds for a key before printing a backtrace over the cards. Set
/// `SWIFT_BACKTRACE` (`enable=yes`) to have the backtracer instead, to debug.
///
/// ```swift
/// CrashHandler.install(program: "waterfall")   // first thing in main
/// // later, a trap: "waterfall: crashed (Illegal instruction); this is a bug: please report it"
/// ```
public enum CrashHandler {
  /// The signals a crash raises.
  static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

  /// Each signal's line by its number, made before any crash: a handler may not
  /// allocate.
  nonisolated(unsafe) static var lines = [UnsafeMutableBufferPointer<UInt8>?](repeating: nil, count: 65)
  nonisolated(unsafe) static var installed = false
  /// The handler's own stack, kept for the life of the process (held here, so a
  /// leak checker sees it is still in use).
  nonisolated(unsafe) static var alternateStack: UnsafeMutableRawPointer?

  /// Installs the handler for every crash signal, on a stack of its own (so a
  /// stack overflow is handled too). Leaves Swift's backtracer in place when
  /// `SWIFT_BACKTRACE` asks for it (`enable=yes`).
  public static func install(program: String) {
    let backtracer = getenv("SWIFT_BACKTRACE").map { String(cString: $0) } ?? ""
    guard !installed, !backtracer.contains("enable=yes") else { return }
    installed = true
    for signal in signals {
      let name = strsignal(signal).map { String(cString: $0) } ?? "signal \(signal)"
      let text = Array("\n\(program): crashed (\(name)); this is a bug: please report it\n".utf8)
      let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
      _ = buffer.initialize(from: text)
      lines[Int(signal)] = buffer
    }
    let stackSize = 1 << 16
    var stack = stack_t()
    let memory = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
    alternateStack = memory
    stack.ss_sp = memory
    stack.ss_size = stackSize
    stack.ss_flags = 0
    _ = sigaltstack(&stack, nil)
    for signal in signals {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = crashed
      action.sa_flags = Int32(SA_ONSTACK) | Int32(bitPattern: UInt32(SA_RESETHAND))
      sigemptyset(&action.sa_mask)
      _ = sigaction(signal, &action, nil)
    }
  }
}

/// The crash handler: only async-signal-safe calls.
private func crashed(_ signal: Int32) {
  TerminalRestorer.restoreFromHandler()
  if signal >= 0, signal < 65, let line = CrashHandler.lines[Int(signal)] {
    _ = write(2, line.baseAddress, line.count)
  }
  _exit(128 + signal)
}
