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
    return parts.joined(separator: ", ")
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
