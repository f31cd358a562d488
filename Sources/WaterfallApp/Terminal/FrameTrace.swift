#if canImport(Glibc)
  import Glibc
#endif

/// Frame timing for the benchmark: with `WATERFALL_TRACE=FILE` in the environment,
/// one line per frame drawn after input: the nanoseconds from reading the event
/// to the frame's write returning, then the part of them before the draw began
/// (handling the event, waiting for the core) and the draw's own part. What is
/// left of the first number is the output: encoding the frame and writing it.
///
/// Off unless asked for: ``fromEnvironment()`` returns `nil` when the variable is
/// unset or empty, and the loop then pays one `nil` check per frame. Lines are
/// appended with one `write` each, so a reader sees whole lines. Frames drawn
/// without input (a wake-up) are not traced.
///
/// ```swift
/// let trace = FrameTrace.fromEnvironment()
/// trace?.eventRead()     // just after the event arrives
/// trace?.drawStarted()   // the browser starts drawing into the canvas …
/// trace?.drawEnded()     // … and is done
/// trace?.frameShown()    // just after the frame is written: writes "734512 120300 402118\n"
/// ```
final class FrameTrace {
  private let fd: Int32
  /// When the first event not yet shown was read (0: none).
  private var eventTime: UInt64 = 0
  /// When the draw of the frame for that event began and ended (0: not yet).
  private var drawStart: UInt64 = 0
  private var drawEnd: UInt64 = 0

  private init(fd: Int32) {
    self.fd = fd
  }

  deinit {
    close(fd)
  }

  /// The trace `WATERFALL_TRACE` asks for, or `nil`.
  static func fromEnvironment() -> FrameTrace? {
    guard let path = getenv("WATERFALL_TRACE"), path.pointee != 0 else { return nil }
    let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    return fd >= 0 ? FrameTrace(fd: fd) : nil
  }

  /// Notes that an event was read (the first of a burst counts).
  func eventRead() {
    if eventTime == 0 { eventTime = MonotonicTime.nanoseconds() }
  }

  /// Notes that the frame's draw begins (the first draw after the event counts).
  func drawStarted() {
    if eventTime != 0, drawStart == 0 { drawStart = MonotonicTime.nanoseconds() }
  }

  /// Notes that the frame's draw is done.
  func drawEnded() {
    if drawStart != 0 { drawEnd = MonotonicTime.nanoseconds() }
  }

  /// Writes the time since the event and its parts, once its frame is on the screen.
  func frameShown() {
    guard eventTime != 0 else { return }
    let total = MonotonicTime.nanoseconds() &- eventTime
    let beforeDraw = drawStart == 0 ? 0 : drawStart &- eventTime
    let draw = drawEnd < drawStart ? 0 : drawEnd &- drawStart
    var line = Array("\(total) \(beforeDraw) \(draw)".utf8)
    line.append(0x0A)
    _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    eventTime = 0
    drawStart = 0
    drawEnd = 0
  }
}
