#if canImport(Glibc)
  import Glibc
#endif

/// The CPU time a process has used, from `/proc/PID/stat`: a figure that a busy
/// machine does not inflate the way it inflates wall-clock time.
///
/// ```swift
/// ProcessTimes.read(pid: pid)?.total   // user + system seconds
/// ```
struct ProcessTimes: Equatable {
  var user: Double
  var system: Double

  var total: Double { user + system }

  /// The times of process `pid`, or `nil` when it has gone.
  static func read(pid: pid_t) -> ProcessTimes? {
    let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    return parse(stat: String(decoding: bytes[0..<n], as: UTF8.self), ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
  }

  /// The times in the text of a `/proc/PID/stat` file: `utime` and `stime`, the
  /// 14th and 15th fields, counted after the command name in parentheses (which
  /// may hold spaces).
  static func parse(stat: String, ticksPerSecond: Double) -> ProcessTimes? {
    guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    // fields[0] is the 3rd field (state): utime is the 14th, stime the 15th.
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
    return ProcessTimes(user: user / ticksPerSecond, system: system / ticksPerSecond)
  }
}
