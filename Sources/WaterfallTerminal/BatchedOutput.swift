#if canImport(Glibc)
  import Glibc
#endif

/// Gathers what curses writes during one screen update and sends it to the
/// terminal in one `write(2)`.
///
/// ncurses flushes its output after every cursor movement (its `mvcur`), so an
/// update that touches forty places on the screen is eighty writes, and each
/// one wakes the terminal (or tmux) to read a few bytes. While ``run(on:_:)``
/// runs its body, the terminal's descriptor points at an unlinked temporary
/// file instead (`dup2`); the bytes gathered there are then sent to the
/// terminal whole. The signals that end the program are held meanwhile, and a
/// crash restores the terminal through the descriptor kept aside (see
/// ``TerminalRestorer``), so the terminal is restored whatever happens.
///
/// ```swift
/// let batch = BatchedOutput()
/// batch?.run(on: fileno(output)) { doupdate() }   // one write to the terminal
/// ```
final class BatchedOutput {
  /// The unlinked file curses writes into during a batch.
  private let spool: Int32
  /// The bytes read back, kept from frame to frame.
  private var bytes: [UInt8] = []
  /// The bytes sent by the last batch (tests and the bench read it).
  private(set) var lastCount = 0

  /// A batch over a new temporary file, or nil when none can be made (then
  /// curses writes to the terminal as it would).
  init?() {
    var template = Array("/tmp/waterfall-output-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    spool = fd
  }

  deinit {
    close(spool)
  }

  /// Runs `body` with `fd` writing into the spool, then sends what was written
  /// to `fd` in one write (more only if the terminal takes part of it).
  func run(on fd: Int32, _ body: () -> Void) {
    var held = sigset_t()
    var previous = sigset_t()
    sigemptyset(&held)
    for signal in TerminalRestorer.fatalSignals + [SIGTSTP, SIGWINCH] { sigaddset(&held, signal) }
    pthread_sigmask(SIG_BLOCK, &held, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

    let terminal = dup(fd)
    guard terminal >= 0, ftruncate(spool, 0) == 0, lseek(spool, 0, SEEK_SET) == 0, dup2(spool, fd) >= 0 else {
      if terminal >= 0 { close(terminal) }
      body()
      return
    }
    let restoreFD = TerminalRestorer.state.outputFD
    TerminalRestorer.state.outputFD = terminal  // a crash in `body` restores the terminal itself
    body()
    _ = dup2(terminal, fd)
    TerminalRestorer.state.outputFD = restoreFD
    close(terminal)
    send(to: fd)
  }

  private func send(to fd: Int32) {
    let count = Int(lseek(spool, 0, SEEK_CUR))
    lastCount = max(0, count)
    guard count > 0 else { return }
    if bytes.count < count { bytes = [UInt8](repeating: 0, count: count) }
    bytes.withUnsafeMutableBytes { buffer in
      let base = buffer.baseAddress!
      var read = 0
      while read < count {
        let n = pread(spool, base + read, count - read, off_t(read))
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        read += n
      }
      var written = 0
      while written < read {
        let n = write(fd, base + written, read - written)
        if n < 0, errno == EINTR || errno == EAGAIN { continue }
        guard n > 0 else { break }
        written += n
      }
    }
  }
}
