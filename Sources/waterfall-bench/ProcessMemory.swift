#if canImport(Glibc)
  import Glibc
#endif

/// A process's resident memory as Linux reports it in `/proc/PID/status`.
///
/// ```swift
/// ProcessMemory.read(pid: getpid())?.peakResident   // VmHWM, in bytes
/// ProcessMemory.read(pid: getpid())?.anonymous      // RssAnon: the program's own memory
/// ```
struct ProcessMemory: Equatable {
  /// `VmHWM`: the most resident memory the process has had, in bytes.
  var peakResident: Int
  /// `VmRSS`: the resident memory now, in bytes.
  var resident: Int
  /// `RssAnon`: the resident memory that is the process's own (its heap and
  /// stacks), in bytes; nil on a kernel that does not say (before 4.5).
  var anonymous: Int? = nil
  /// `RssFile`: the resident pages of files it has mapped (its binary and
  /// libraries, a mapped data file), in bytes; nil when not said.
  var file: Int? = nil

  /// The figures of process `pid`, or `nil` when it has gone.
  static func read(pid: pid_t) -> ProcessMemory? {
    let fd = open("/proc/\(pid)/status", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { break }
      bytes += chunk[0..<n]
    }
    return parse(status: String(decoding: bytes, as: UTF8.self))
  }

  /// The figures in the text of a `/proc/PID/status` file.
  static func parse(status: String) -> ProcessMemory? {
    var peak: Int?
    var now: Int?
    var anonymous: Int?
    var file: Int?
    for line in status.split(separator: "\n") {
      if line.hasPrefix("VmHWM:") { peak = kilobytes(line) }
      if line.hasPrefix("VmRSS:") { now = kilobytes(line) }
      if line.hasPrefix("RssAnon:") { anonymous = kilobytes(line) }
      if line.hasPrefix("RssFile:") { file = kilobytes(line) }
    }
    guard let peak, let now else { return nil }
    return ProcessMemory(peakResident: peak, resident: now, anonymous: anonymous, file: file)
  }

  /// `VmHWM:   123456 kB` → 123456 * 1024.
  private static func kilobytes(_ line: Substring) -> Int? {
    let fields = line.split { $0 == " " || $0 == "\t" }
    guard fields.count >= 2, let value = Int(fields[1]) else { return nil }
    return value * 1024
  }
}
