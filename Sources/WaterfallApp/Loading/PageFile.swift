#if canImport(Glibc)
  import Glibc
#endif

/// A page's file, open: read front to back in chunks by the loader, and read
/// again at any offset (`pread`) when an item's full text is wanted.
///
/// Keeping the file open rather than its bytes in memory is what lets a million
/// items cost their cards, not their text: an item's text is read again only
/// when its details open, when it is printed, or when the filter looks at it.
///
/// ```swift
/// let file = try PageFile(path: "Data/notes.jsonl")
/// var chunk = [UInt8](repeating: 0, count: 1 << 16)
/// let n = try file.read(into: &chunk)   // the next bytes; 0 at the end
/// file.bytes(at: 0, count: 10)          // the first ten bytes, again
/// ```
final class PageFile: @unchecked Sendable {
  let path: String
  private let fd: Int32
  private let owned: Bool

  /// Opens the file at `path` for reading; one that is not a regular file (a
  /// FIFO, a device, a directory) is refused at once.
  init(path: String) throws(FileSystem.Failure) {
    // Never waits on a FIFO nor opens a device: a page is a regular file.
    let fd = try FileSystem.openRegularFile(path)
    self.path = path
    self.fd = fd
    owned = true
  }

  /// Standard input, read as it comes; it is never closed here.
  init(standardInput path: String) {
    self.path = path
    fd = 0
    owned = false
  }

  /// A page whose items' texts are kept in memory, like standard input's (a
  /// database query's rows): nothing is opened.
  init(memoryPage path: String) {
    self.path = path
    fd = -1
    owned = false
  }

  deinit {
    if owned { close(fd) }
  }

  /// Whether this is standard input (or a page in memory), which cannot be read again.
  var isStandardInput: Bool { !owned }

  /// The file's size, when it is a regular file.
  var size: Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Reads the next bytes into the front of `buffer` and returns how many; 0 at the end.
  func read(into buffer: inout [UInt8]) throws(FileSystem.Failure) -> Int {
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n >= 0 { return n }
      if errno != EINTR { throw FileSystem.Failure(path: path, reason: FileSystem.lastError()) }
    }
  }

  /// The `count` bytes at `offset`, read again; fewer if the file has shrunk since.
  func bytes(at offset: Int, count: Int) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let n = result.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
      if n < 0 && errno == EINTR { continue }
      if n <= 0 { break }
      done += n
    }
    result.removeSubrange(done..<count)
    return result
  }
}
