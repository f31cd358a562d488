import Foundation
import TestSupport

/// Data nobody here wrote, made by the tests from the machine itself: its
/// package list from `dpkg-query` (as JSON Lines, and shaped as `pip list
/// --format json` is), `pip list --format json`, and `ps aux` as CSV.
enum RealListings {
  /// One installed package: its name, version and one-line description.
  struct Package {
    var name: String
    var version: String
    var summary: String
  }

  static var hasDpkg: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query") }
  static var hasPs: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/ps") || FileManager.default.isExecutableFile(atPath: "/bin/ps") }

  /// The machine's packages, as `dpkg-query -W` lists them.
  static func packages() throws -> [Package] {
    let run = try ChildProcess.run("/usr/bin/dpkg-query", ["-W", "-f", "${Package}\t${Version}\t${binary:Summary}\n"])
    return run.out.split(separator: "\n").compactMap { line in
      let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard parts.count == 3, !parts[0].isEmpty else { return nil }
      return Package(name: parts[0], version: parts[1], summary: parts[2])
    }
  }

  /// `packages` as JSON Lines: `{"package":…,"version":…,"description":…}`,
  /// each line written by JSONSerialization (quotes and backslashes escaped).
  static func dpkgJSONLines(_ packages: [Package]) throws -> Data {
    var data = Data()
    for package in packages {
      let object = ["package": package.name, "version": package.version, "description": package.summary]
      data += try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
      data += Data("\n".utf8)
    }
    return data
  }

  /// `packages` shaped as `pip list --format json`: `[{"name":…,"version":…}, …]`.
  static func pipShaped(_ packages: [Package]) throws -> Data {
    try JSONSerialization.data(withJSONObject: packages.map { ["name": $0.name, "version": $0.version] })
  }

  /// `pip list --format json`, or nil when pip is not there.
  static func pipList() -> Data? {
    guard let run = try? ChildProcess.run("/usr/bin/env", ["pip", "list", "--format", "json"], timeout: 60), run.status == 0,
      (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) != nil
    else { return nil }
    return Data(run.out.utf8)
  }

  /// `ps aux` as CSV: its header and a row per process, the command (which has
  /// spaces and may have commas and quotes) quoted as RFC 4180 says.
  static func psCSV() throws -> (csv: Data, commands: [String]) {
    let run = try ChildProcess.run("/usr/bin/env", ["ps", "aux"])
    var csv = ""
    var commands: [String] = []
    for (i, line) in run.out.split(separator: "\n").enumerated() {
      let fields = line.split(separator: " ", maxSplits: 10, omittingEmptySubsequences: true).map(String.init)
      guard fields.count == 11 else { continue }
      if i > 0 { commands.append(fields[10]) }
      csv += fields.map(quoted).joined(separator: ",") + "\n"
    }
    return (Data(csv.utf8), commands)
  }

  static func quoted(_ field: String) -> String {
    guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
