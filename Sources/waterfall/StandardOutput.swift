#if canImport(Glibc)
  import Glibc
#endif

/// What the commands that print (`layout`, `render`, `keys`, `--help`,
/// `--version`, `--print`) write to standard output, in chunks, every one
/// checked: a write that fails (a full disk, a closed descriptor) ends the
/// program with one line on standard error and status 2, never a silent 0.
///
/// A reader that goes away (`waterfall layout … | head -1`) ends the program as
/// it ends `cat`: SIGPIPE, quietly, status 141 in the shell. Where SIGPIPE is
/// ignored (inherited so from the parent), the write fails with EPIPE instead,
/// and that is a write error like any other.
///
/// ```swift
/// var out = StandardOutput()
/// for line in report.lines() { out.line(line) }
/// out.flush()
/// ```
struct StandardOutput {
  /// How much is gathered before it is written.
  static let chunk = 1 << 16

  private var buffer: [UInt8] = []

  /// Adds `text` and a line break.
  mutating func line(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    buffer.append(0x0A)
    if buffer.count >= Self.chunk { flush() }
  }

  /// Writes what was gathered, or ends the program saying why it could not.
  mutating func flush() {
    writeStandardOutput(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `text` and a line break at once (`--help`, `--version`).
  static func print(_ text: String) {
    var out = StandardOutput()
    out.line(text)
    out.flush()
  }

  /// Opens `/dev/null` onto whichever of standard input, output and error is
  /// closed when the program starts, so that no file it opens later takes that
  /// number and receives what was meant for it: standard output is opened for
  /// reading only, so a write to it fails (EBADF) and is reported; standard
  /// error for writing, its messages then going nowhere.
  static func guardStandardDescriptors() {
    for (descriptor, mode) in [(Int32(0), O_RDONLY), (1, O_RDONLY), (2, O_WRONLY)] where fcntl(descriptor, F_GETFD) == -1 {
      let opened = open("/dev/null", mode)
      // Lower numbers are open by now, so /dev/null lands on `descriptor`.
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
