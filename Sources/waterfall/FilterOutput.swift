#if canImport(Glibc)
  import Glibc
#endif

/// Standard output for `--filter`: lines gathered into blocks of 64 KiB and
/// written whole, so a million matches cost a few thousand writes; ``flush()``
/// sends what is gathered (after each chunk of input, so matches stream).
///
/// A reader that went away (`waterfall --filter x data | head -1`) ends the
/// program at once and quietly, as it ends `yes | head`: by SIGPIPE (status 141
/// in the shell), whatever the parent left SIGPIPE set to. Any other failure to
/// write (a full disk) exits 2 with its reason.
///
/// ```swift
/// var output = FilterOutput()
/// output.writeLine(Array("{\"title\":\"Mug\"}".utf8))
/// output.flush()
/// ```
struct FilterOutput {
  static let blockSize = 64 << 10
  private var block: [UInt8] = []

  init() {
    block.reserveCapacity(Self.blockSize + 4096)
    // EPIPE is then seen here, and answered by raising SIGPIPE with its default
    // action: the same end either way, and nothing on standard error.
    signal(SIGPIPE, SIG_IGN)
  }

  mutating func writeLine(_ bytes: [UInt8]) {
    block += bytes
    block.append(0x0A)
    if block.count >= Self.blockSize { flush() }
  }

  mutating func flush() {
    var offset = 0
    while offset < block.count {
      let n = block[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 && errno == EPIPE { Self.endQuietly() }
      if n <= 0 { fail("cannot write to standard output: \(n < 0 ? String(cString: strerror(errno)) : "nothing was written")") }
      offset += n
    }
    block.removeAll(keepingCapacity: true)
  }

  /// Ends the program as a closed pipe ends it: killed by SIGPIPE, silently.
  static func endQuietly() -> Never {
    signal(SIGPIPE, SIG_DFL)
    var pending = sigset_t()
    sigemptyset(&pending)
    sigaddset(&pending, SIGPIPE)
    pthread_sigmask(SIG_UNBLOCK, &pending, nil)
    raise(SIGPIPE)
    exit(141)
  }
}
