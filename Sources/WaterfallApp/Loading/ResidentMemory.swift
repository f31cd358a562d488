#if canImport(Glibc)
  import Glibc
#endif

/// The program's own memory, as Linux counts it: what ``MemoryLimit`` is held
/// against. Cheap enough to ask between chunks: one read of `/proc/self/statm`.
///
/// ```swift
/// ResidentMemory.bytes()   // 31_457_280: the resident set, in bytes (nil without /proc)
/// ```
public enum ResidentMemory {
  /// The resident set size of this process, in bytes, or nil when `/proc` cannot tell.
  public static func bytes() -> Int? {
    guard let text = read("/proc/self/statm") else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The machine's physical memory, in bytes.
  static var physicalBytes: Int? {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    return pages > 0 && size > 0 ? pages * size : nil
  }

  /// The memory limit of this process's control group (cgroup v2's
  /// `memory.max`), when it has one.
  static var controlGroupLimit: Int? {
    guard let text = read("/sys/fs/cgroup/memory.max"), let bytes = Int(text.trimmingSpaces()) else { return nil }
    return bytes
  }

  /// The first few hundred bytes of a small file of `/proc` or `/sys`.
  private static func read(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 256)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    return String(decoding: buffer[0..<n], as: UTF8.self)
  }
}
