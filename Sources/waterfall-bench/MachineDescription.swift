#if canImport(Glibc)
  import Glibc
#endif

/// The machine and date a run measured, for the README's table.
enum MachineDescription {
  static func current() -> String {
    var parts: [String] = []
    if let model = cpuModel() { parts.append(model) }
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    parts.append("\(cores) cores")
    var now = time(nil)
    var tm = tm()
    gmtime_r(&now, &tm)
    parts.append(String(format4(Int(tm.tm_year) + 1900)) + "-" + two(Int(tm.tm_mon) + 1) + "-" + two(Int(tm.tm_mday)))
    if let load = loadAverage() { parts.append("load \(load) at start") }
    return parts.joined(separator: ", ")
  }

  /// The 1-minute load average (`/proc/loadavg`): timings on a busy machine are slower.
  static func loadAverage() -> String? {
    let fd = open("/proc/loadavg", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0 else { return nil }
    return String(decoding: bytes[0..<n].prefix { $0 != 0x20 }, as: UTF8.self)
  }

  private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
  private static func format4(_ n: Int) -> String { String(n) }

  private static func cpuModel() -> String? {
    guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    while getline(&line, &capacity, file) > 0 {
      guard let line else { break }
      let text = String(cString: line)
      if text.hasPrefix("model name") {
        free(line)
        return text.split(separator: ":", maxSplits: 1).last.map {
          $0.trimmingCharacters(in: " \t\n")
        }
      }
    }
    free(line)
    return nil
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> String {
    var s = self[...]
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    return String(s)
  }
}
