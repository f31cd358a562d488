#if canImport(Glibc)
  import Glibc
#endif
import WaterfallFiles

/// The processes a process started, as `/proc` lists them: how the benchmark
/// finds `waterfall` at the end of a shell pipeline (`yes … | waterfall -`),
/// whose pseudo-terminal's child is the shell.
///
/// ```swift
/// ProcessTree.child(of: shell, named: "waterfall")   // its pid, once started
/// ```
enum ProcessTree {
  /// The first child of `parent` whose command name (`/proc/PID/comm`) is `name`.
  static func child(of parent: pid_t, named name: String) -> pid_t? {
    for text in DirectoryNames.list("/proc") ?? [] {
      guard let pid = pid_t(text), let stat = read("/proc/\(pid)/stat"), parentID(stat: stat) == parent else { continue }
      if read("/proc/\(pid)/comm")?.split(separator: "\n").first.map(String.init) == name { return pid }
    }
    return nil
  }

  /// The parent's pid in the text of a `/proc/PID/stat` file: the second field
  /// after the command name in parentheses (which may hold spaces).
  ///
  /// ```swift
  /// ProcessTree.parentID(stat: "123 (a b) S 45 …")   // 45
  /// ```
  static func parentID(stat: String) -> pid_t? {
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count >= 2 ? pid_t(fields[1]) : nil
  }

  private static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 1024)
    let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    return n > 0 ? String(decoding: bytes[0..<n], as: UTF8.self) : nil
  }
}
