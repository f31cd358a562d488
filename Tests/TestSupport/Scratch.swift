import Foundation

/// Scratch folders and files for a test, under the system's temporary folder.
///
/// Each call makes a new one, named after the test (its `#function`) and made
/// unique, so tests running in parallel never share one. The caller removes it.
///
/// ```swift
/// let folder = try Scratch.folder()
/// defer { try? FileManager.default.removeItem(at: folder) }
/// try Data("[]".utf8).write(to: folder.appendingPathComponent("1.json"))
/// ```
public enum Scratch {
  /// A new empty folder.
  public static func folder(_ name: String = #function) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(uniqueName(name))
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A new file called `fileName` (in a folder of its own, which the caller
  /// removes with the file), filled by `write`.
  public static func file(
    _ fileName: String, test name: String = #function, _ write: (FileHandle) throws -> Void
  ) throws -> URL {
    let url = try folder(name).appendingPathComponent(fileName)
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try write(handle)
    return url
  }

  /// `waterfall-<test>-<pid>-<random>`: letters and digits of the test's name only.
  static func uniqueName(_ name: String) -> String {
    let tag = name.filter { $0.isLetter || $0.isNumber }.prefix(32)
    return "waterfall-\(tag)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }
}
