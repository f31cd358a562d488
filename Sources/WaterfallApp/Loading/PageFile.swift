#if canImport(Glibc)
  import Glibc
#endif

/// A page's file, open: read front to back in chunks by the loader, and read
/// again at any offset (`pread`) when an item's full text is wanted.
///
/// Keeping the file open rather than its bytes in memory is what lets a million
/// items cost their cards, not their text: an item's text is read again only
/// when its details open, when it is printed, or when the filter looks at it.
/// Standard input is written as it is read to an unlinked temporary file (its
/// spool), and read again from there: it costs what a file costs.
///
/// ```swift
/// let file = try PageFile(path: "Data/notes.jsonl")
/// var chunk = [UInt8](repeating: 0, count: 1 << 16)
/// let n = try file.read(into: &chunk)   // the next bytes; 0 at the end
/// file.bytes(at: 0, count: 10)          // the first ten bytes, again
/// ```
final class PageFile: @unchecked Sendable {
  let path: String
  /// What is read again at an offset (`pread`): the file, or standard input's spool.
  private let fd: Int32
  /// What the next bytes come from: `fd` itself, or standard input (spooled to `fd`).
  private let input: Int32
  private let owned: Bool
  /// Whether the items' texts are kept in memory, the page not being readable again.
  let keepsTextsInMemory: Bool
  /// Whether this is standard input, which cannot be read again from its start.
  let isStandardInput: Bool
  /// The bytes written to the spool so far (standard input's).
  private var spooled = 0

  /// Opens the file at `path` for reading; one that is not a regular file (a
  /// FIFO, a device, a directory) is refused at once.
  init(path: String) throws(FileSystem.Failure) {
    // Never waits on a FIFO nor opens a device: a page is a regular file.
    let fd = try FileSystem.openRegularFile(path)
    self.path = path
    self.fd = fd
    input = fd
    owned = true
    keepsTextsInMemory = false
    isStandardInput = false
  }

  /// Standard input (or `input`), spooled as it is read to an unlinked
  /// temporary file in `directory` (``FileSystem/unlinkedTemporaryFile(in:)``),
  /// so its items are read again from there as a file's are, and cost no more
  /// memory. `input` is never closed here; the spool is closed with the page.
  ///
  /// ```swift
  /// let stdin = try PageFile(spooling: 0, name: "stdin")
  /// let n = try stdin.read(into: &chunk)   // read from 0, written to the spool
  /// stdin.bytes(at: 0, count: n)           // the same bytes, read back from the spool
  /// ```
  init(spooling input: Int32, name: String, directory: String? = nil) throws(FileSystem.Failure) {
    fd = try FileSystem.unlinkedTemporaryFile(in: directory)
    path = name
    self.input = input
    owned = true
    keepsTextsInMemory = false
    isStandardInput = true
  }

  /// Standard input (or `input`), read as it comes, its items' texts kept in
  /// memory (when no spool can be made); it is never closed here.
  init(standardInput path: String, input: Int32 = 0) {
    self.path = path
    fd = input
    self.input = input
    owned = false
    keepsTextsInMemory = true
    isStandardInput = true
  }

  /// A page this program makes as it reads it (a folder's pictures,
  /// ``PicturePage``), named `name`: each chunk made is appended (``append(_:)``)
  /// to an unlinked temporary file in `directory`, and its items are read again
  /// from there.
  init(generated name: String, directory: String? = nil) throws(FileSystem.Failure) {
    fd = try FileSystem.unlinkedTemporaryFile(in: directory)
    path = name
    input = -1
    owned = true
    keepsTextsInMemory = false
    isStandardInput = false
  }

  /// A page whose items' texts are kept in memory, like standard input's (a
  /// database query's rows): nothing is opened.
  init(memoryPage path: String) {
    self.path = path
    fd = -1
    input = -1
    owned = false
    keepsTextsInMemory = true
    isStandardInput = false
  }

  deinit {
    if owned { close(fd) }
  }

  /// Whether the bytes read are spooled to a temporary file (standard input's,
  /// or a generated page's).
  var isSpooled: Bool { input != fd }

  /// The spool's descriptor, for tests (that it is unlinked); nil when not spooled.
  var spoolDescriptor: Int32? { isSpooled ? fd : nil }

  /// Whether this is a regular file read in place (not standard input, nor
  /// a page made or kept in memory): any part of it can be read at any time.
  var readsAnywhere: Bool { !isSpooled && !keepsTextsInMemory && !isStandardInput && fd >= 0 && size != nil }

  /// The file's size, when it is a regular file.
  var size: Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// Reads the next bytes into the front of `buffer` and returns how many; 0 at
  /// the end. Standard input's are written to its spool before they are returned.
  func read(into buffer: inout [UInt8]) throws(FileSystem.Failure) -> Int {
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if n >= 0 {
        if isSpooled, n > 0 { try spool(buffer, count: n) }
        return n
      }
      if errno != EINTR { throw FileSystem.Failure(path: path, reason: FileSystem.lastError()) }
    }
  }

  /// Appends `bytes` to a generated page's file (nothing for a page in memory).
  func append(_ bytes: [UInt8]) throws(FileSystem.Failure) {
    guard isSpooled, input < 0 else { return }
    try spool(bytes, count: bytes.count)
  }

  /// Appends the first `count` bytes of `bytes` to the spool.
  private func spool(_ bytes: [UInt8], count: Int) throws(FileSystem.Failure) {
    var done = 0
    while done < count {
      let n = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress! + done, count - done, off_t(spooled + done)) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        let reason = n < 0 ? FileSystem.lastError() : "nothing written"
        let what = isStandardInput ? "standard input" : "the page made of \(path)"
        throw FileSystem.Failure(path: path, reason: "cannot keep \(what) in \(FileSystem.temporaryDirectory) (TMPDIR): \(reason)")
      }
      done += n
    }
    spooled += count
  }

  /// Reads the bytes at `offset` into `buffer`, as many as fit (fewer at the
  /// file's end), from any thread: what a range of the file read on its own
  /// (``LineRanges``) is read with. Throws when `pread` fails.
  ///
  /// ```swift
  /// let n = try file.read(at: 4096, into: destination)   // 0 past the end
  /// ```
  func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileSystem.Failure) -> Int {
    var done = 0
    while done < buffer.count {
      let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw FileSystem.Failure(path: path, reason: FileSystem.lastError()) }
      if n == 0 { break }
      done += n
    }
    return done
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
