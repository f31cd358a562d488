#if canImport(Glibc)
  import Glibc
#endif

/// A file written through a large buffer, then renamed into place when complete.
///
/// ```swift
/// let file = try OutputFile(path: "out.partial")
/// try file.append(Array("hello\n".utf8))
/// try file.finish(renamingTo: "out")
/// ```
final class OutputFile {
  let path: String
  private let fd: Int32
  private var buffer: [UInt8] = []
  private let capacity = 1 << 22

  init(path: String) throws(BenchData.Failure) {
    self.path = path
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw BenchData.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
    buffer.reserveCapacity(capacity)
  }

  deinit {
    close(fd)
  }

  func append(_ bytes: [UInt8]) throws(BenchData.Failure) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= capacity { try flush() }
  }

  /// Writes what is buffered and renames the file to `finalPath`.
  func finish(renamingTo finalPath: String) throws(BenchData.Failure) {
    try flush()
    guard rename(path, finalPath) == 0 else {
      throw BenchData.Failure(description: "cannot rename \(path): \(String(cString: strerror(errno)))")
    }
  }

  private func flush() throws(BenchData.Failure) {
    var offset = 0
    while offset < buffer.count {
      let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      guard n > 0 else { throw BenchData.Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))") }
      offset += n
    }
    buffer.removeAll(keepingCapacity: true)
  }
}
