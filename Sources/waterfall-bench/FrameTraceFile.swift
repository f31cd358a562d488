#if canImport(Glibc)
  import Glibc
#endif

/// Reads the frame times `waterfall` appends to its `WATERFALL_TRACE` file: one
/// line per frame, nanoseconds from reading a key to the frame's write returning,
/// and their parts (``TracedFrame``).
///
/// ```swift
/// let trace = FrameTraceFile(path: "/tmp/trace")   // emptied first
/// // … keys …
/// trace.refresh()
/// trace.samples   // [734512, 802211, …] (nanoseconds)
/// ```
final class FrameTraceFile {
  let path: String
  /// The frames read so far.
  private(set) var frames: [TracedFrame] = []
  /// Their times, in nanoseconds.
  var samples: [UInt64] { frames.map(\.total) }
  private var offset = 0
  private var partial: [UInt8] = []

  /// Starts a trace at `path`, removing what a former run left there.
  init(path: String) {
    self.path = path
    unlink(path)
  }

  deinit {
    unlink(path)
  }

  /// Reads the lines added since the last call; returns how many frames there are.
  @discardableResult
  func refresh() -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return frames.count }
    defer { close(fd) }
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    while true {
      let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(offset)) }
      guard n > 0 else { break }
      offset += n
      partial.append(contentsOf: chunk[0..<n])
    }
    frames += Self.parse(&partial)
    return frames.count
  }

  /// Takes the complete lines out of `bytes` as frames, leaving an unfinished one.
  static func parse(_ bytes: inout [UInt8]) -> [TracedFrame] {
    guard let last = bytes.lastIndex(of: 0x0A) else { return [] }
    let values = bytes[...last].split(separator: 0x0A).compactMap { TracedFrame(line: String(decoding: $0, as: UTF8.self)) }
    bytes.removeSubrange(...last)
    return values
  }
}
