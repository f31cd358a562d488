#if canImport(Glibc)
  import Glibc
#endif
import WaterfallFiles

/// The few file operations the loader needs, on POSIX calls (no Foundation, so
/// the program starts fast).
enum FileSystem {
  struct Failure: Error, Equatable {
    var path: String
    var reason: String
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }

  /// Whether `path` is itself a symbolic link (not followed).
  static func isSymbolicLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// The modification time and size of `path`, or nil.
  static func signature(_ path: String) -> (seconds: Int, nanoseconds: Int, size: Int)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size))
  }

  /// Opens the regular file at `path` for reading, never waiting: a FIFO, a
  /// socket or a device is refused (opening a FIFO would wait for a writer, and
  /// opening a device can do things), as is a directory. The descriptor is
  /// blocking again once it is known to be a regular file.
  ///
  /// ```swift
  /// let fd = try FileSystem.openRegularFile("Data/notes.jsonl")
  /// try FileSystem.openRegularFile("/dev/zero")   // Failure: not a regular file (a device)
  /// ```
  static func openRegularFile(_ path: String) throws(Failure) -> Int32 {
    // Look before opening, so a device node is never opened at all; fstat after,
    // so what was opened is what was looked at.
    var before = stat()
    guard stat(path, &before) == 0 else { throw Failure(path: path, reason: lastError()) }
    if (before.st_mode & S_IFMT) == S_IFDIR, let reason = unlistable(path) { throw Failure(path: path, reason: reason) }
    if let kind = nonRegularKind(before.st_mode) { throw Failure(path: path, reason: refusal(kind)) }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { throw Failure(path: path, reason: lastError()) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      let reason = lastError()
      close(fd)
      throw Failure(path: path, reason: reason)
    }
    if let kind = nonRegularKind(info.st_mode) {
      close(fd)
      throw Failure(path: path, reason: refusal(kind))
    }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    return fd
  }

  /// Why the folder at `path` cannot be listed, or nil when it can: what a
  /// folder of a tree that could not be read says when its turn comes.
  static func unlistable(_ path: String) -> String? {
    guard let directory = opendir(path) else { return "cannot read the folder: " + lastError() }
    closedir(directory)
    return nil
  }

  /// What a file of mode `mode` is when it is not a regular file, or nil.
  static func nonRegularKind(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR, S_IFBLK: return "a device"
    default: return "not a file"
    }
  }

  /// Why a file of kind `kind` is not read.
  static func refusal(_ kind: String) -> String {
    kind == "a directory" ? "Is a directory" : "not a regular file (\(kind)); pipe it to standard input instead: waterfall < FILE"
  }

  /// Every byte of the file at `path`.
  static func readAll(_ path: String) throws(Failure) -> [UInt8] {
    let fd = try openRegularFile(path)
    defer { close(fd) }
    return try readAll(fd: fd, path: path)
  }

  /// Every byte from `fd` until its end.
  static func readAll(fd: Int32, path: String) throws(Failure) -> [UInt8] {
    var result: [UInt8] = []
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
      result.reserveCapacity(Int(info.st_size))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(path: path, reason: "Is a directory") }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(path: path, reason: lastError())
      }
      if n == 0 { break }
      result.append(contentsOf: chunk[0..<n])
    }
    return result
  }

  /// A new empty file in `directory` (`$TMPDIR`, or else `/tmp`, when nil), open
  /// for reading and writing and already unlinked: its bytes live while the
  /// descriptor is open and nothing is left behind, even after a crash or a kill.
  ///
  /// ```swift
  /// let fd = try FileSystem.unlinkedTemporaryFile()   // its name is gone already
  /// ```
  static func unlinkedTemporaryFile(in directory: String? = nil) throws(Failure) -> Int32 {
    let folder = directory ?? temporaryDirectory
    var template = Array((folder + "/waterfall-stdin-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw Failure(path: folder, reason: lastError()) }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    let name = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    guard unlink(name) == 0 else {
      let reason = lastError()
      close(fd)
      throw Failure(path: name, reason: reason)
    }
    return fd
  }

  /// Where temporary files go: `$TMPDIR` when set and not empty, else `/tmp`.
  static var temporaryDirectory: String {
    guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
    return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
  }

  /// The names in directory `path`, unsorted.
  static func list(_ path: String) throws(Failure) -> [String] {
    guard let names = DirectoryNames.list(path) else { throw Failure(path: path, reason: lastError()) }
    return names
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
