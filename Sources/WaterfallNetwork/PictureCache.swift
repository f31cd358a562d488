#if canImport(Glibc)
  import Glibc
#endif
import WaterfallDigest
import WaterfallFiles
import WaterfallWorkers

/// Pictures fetched by URL, kept on disk: in `$XDG_CACHE_HOME/waterfall/pictures`
/// (else `~/.cache/waterfall/pictures`), so a picture shows again without the
/// network, and a server is asked again only after a week (and then with its
/// ETag or date, so an unchanged picture costs a 304).
///
/// Each picture is one file named by the MD5 of its URL (32 hex digits), mode
/// 0600, in folders of mode 0700: a short header (the URL, the validators, the
/// body's length) and the picture's bytes. A file is written under a temporary
/// name in the same folder and renamed into place, so a reader sees a whole file
/// or none, also with several programs at once. The file's modification time is
/// when the picture was stored or last revalidated: the revalidation clock and
/// the eviction order both. Past ``capacity`` bytes in all, the oldest files
/// go first. A file that does not read back as a whole entry for its URL (cut
/// short, another URL, garbage) is removed and counts as a miss.
///
/// ```swift
/// let cache = PictureCache(capacity: 512 << 20)          // the default folder
/// try cache.store(bytes, for: url, head: response.head)
/// let entry = cache.entry(for: url)                       // the header, no body
/// let again = try cache.body(of: entry!)                  // the picture's bytes
/// ```
public final class PictureCache: @unchecked Sendable {
  /// What went wrong with the cache's folder or a file in it.
  public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The default bound on the cache's size on disk (`--cache-size`).
  public static let defaultCapacity = 512 << 20
  /// A week: pictures older than this are revalidated before they count as current.
  public static let revalidationSeconds = 7 * 24 * 3600
  /// The first line of every cache file.
  static let magic = "waterfall-picture 1"
  /// The longest header read.
  static let headerLimit = 16 << 10

  /// The folder the files are in.
  public let directory: String
  /// The most bytes the files may take together.
  public let capacity: Int
  private let lock = ConditionLock()
  /// The bytes on disk as last counted plus those stored since (nil: not counted yet).
  private var estimatedBytes: Int?

  /// - Parameters:
  ///   - directory: the folder (created when the first picture is stored); nil:
  ///     ``defaultDirectory(environment:)``'s.
  public init(directory: String, capacity: Int = PictureCache.defaultCapacity) {
    self.directory = directory
    self.capacity = max(0, capacity)
  }

  /// The cache in the default folder, or nil when there is no home to put it in.
  public convenience init?(capacity: Int = PictureCache.defaultCapacity, environment: [String: String]? = nil) {
    guard let directory = Self.defaultDirectory(environment: environment ?? Self.environment()) else { return nil }
    self.init(directory: directory, capacity: capacity)
  }

  /// `$XDG_CACHE_HOME/waterfall/pictures` when that variable is an absolute path
  /// (the XDG specification ignores a relative one), else `$HOME/.cache/waterfall/pictures`.
  public static func defaultDirectory(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/waterfall/pictures" }
    if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/waterfall/pictures" }
    return nil
  }

  static func environment() -> [String: String] {
    var values: [String: String] = [:]
    for name in ["XDG_CACHE_HOME", "HOME"] {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }

  /// The file a URL's picture is kept in.
  public func path(for url: String) -> String {
    directory + "/" + MD5(of: url).hex
  }

  // MARK: Reading

  /// The entry kept for `url`, read from its file's header; nil when there is none,
  /// or its file is not a whole entry for `url` (then the file is removed).
  public func entry(for url: String) -> PictureCacheEntry? {
    let path = path(for: url)
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var header = [UInt8](repeating: 0, count: min(Self.headerLimit, Int(info.st_size)))
    let got = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard got == header.count, let parsed = Self.parseHeader(header), parsed.url == url,
      parsed.offset + parsed.length == Int(info.st_size)
    else {
      unlink(path)
      return nil
    }
    return PictureCacheEntry(
      url: url, path: path, bodyOffset: parsed.offset, bodyLength: parsed.length, etag: parsed.fields["etag"],
      lastModified: parsed.fields["last-modified"], contentType: parsed.fields["content-type"],
      validated: Int(info.st_mtim.tv_sec))
  }

  /// The picture's bytes for `entry`.
  public func body(of entry: PictureCacheEntry) throws(Failure) -> [UInt8] {
    let fd = open(entry.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(description: "\(entry.path): \(Self.errorText())") }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: entry.bodyLength)
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, $0.count - done, off_t(entry.bodyOffset + done)) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { throw Failure(description: "\(entry.path): cut short") }
      done += n
    }
    return bytes
  }

  /// `(url, header fields, body offset, body length)` from a header, or nil.
  static func parseHeader(_ bytes: [UInt8]) -> (url: String, fields: [String: String], offset: Int, length: Int)? {
    var fields: [String: String] = [:]
    var lineStart = 0
    var first = true
    for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
      let line = String(decoding: bytes[lineStart..<i], as: UTF8.self)
      lineStart = i + 1
      if first {
        guard line == magic else { return nil }
        first = false
        continue
      }
      if line.isEmpty {
        guard let url = fields["url"], let length = fields["length"].flatMap({ Int($0) }), length >= 0 else { return nil }
        return (url, fields, lineStart, length)
      }
      guard let space = line.firstIndex(of: " ") else { return nil }
      fields[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    return nil
  }

  // MARK: Writing

  /// Keeps `bytes` as the picture of `url`, with `head`'s validators; replaces
  /// what was kept. Then, past the capacity, the oldest files go. A picture
  /// larger than the whole capacity is not kept (nil).
  @discardableResult
  public func store(_ bytes: [UInt8], for url: String, head: HTTPResponseHead? = nil) throws(Failure) -> PictureCacheEntry? {
    var header = Self.magic + "\n" + "url \(Self.oneLine(url))\n"
    if let etag = head?.etag { header += "etag \(Self.oneLine(etag))\n" }
    if let date = head?.lastModified { header += "last-modified \(Self.oneLine(date))\n" }
    if let type = head?.contentType { header += "content-type \(Self.oneLine(type))\n" }
    header += "length \(bytes.count)\n\n"
    let headerBytes = Array(header.utf8)
    let total = headerBytes.count + bytes.count
    guard total <= capacity, headerBytes.count <= Self.headerLimit else { return nil }
    try makeDirectory()
    let path = path(for: url)
    let temporary = directory + "/.tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw Failure(description: "\(temporary): \(Self.errorText())") }
    var ok = Self.writeAll(fd, headerBytes) && Self.writeAll(fd, bytes)
    let writeError = Self.errorText()
    ok = close(fd) == 0 && ok
    guard ok else {
      unlink(temporary)
      throw Failure(description: "\(temporary): \(writeError)")
    }
    guard rename(temporary, path) == 0 else {
      let text = Self.errorText()
      unlink(temporary)
      throw Failure(description: "\(path): \(text)")
    }
    let over: Bool = lock.withLock {
      if var estimate = estimatedBytes {
        estimate += total
        estimatedBytes = estimate
        return estimate > capacity
      }
      return true
    }
    if over { evict() }
    return entry(for: url)
  }

  /// Marks `url`'s picture as current as of `time` (now when nil): after a 304.
  public func markValidated(_ url: String, at time: Int? = nil) {
    var times = [timespec](repeating: timespec(tv_sec: 0, tv_nsec: Self.omitTime), count: 2)
    if let time {
      times[1] = timespec(tv_sec: time, tv_nsec: 0)
    } else {
      times[1].tv_nsec = Self.nowTime
    }
    _ = utimensat(AT_FDCWD, path(for: url), times, 0)
  }

  /// Forgets `url`'s picture.
  public func remove(_ url: String) {
    unlink(path(for: url))
  }

  /// Makes the folder (and its parents) with mode 0700; a folder that is there
  /// with more open modes is closed to 0700, one that is someone else's refused.
  func makeDirectory() throws(Failure) {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(description: "\(directory) is not a folder") }
      guard info.st_uid == getuid() else { throw Failure(description: "\(directory) belongs to another user") }
      if info.st_mode & 0o077 != 0 { chmod(directory, 0o700) }
      return
    }
    var path = ""
    for part in directory.split(separator: "/") {
      path += "/" + part
      if mkdir(path, 0o700) != 0, errno != EEXIST { throw Failure(description: "\(path): \(Self.errorText())") }
    }
    // Folders made here are made 0700 (a umask only takes modes away).
  }

  // MARK: Size

  /// One cache file: its path, its size, its modification time in nanoseconds.
  struct FileInfo {
    var path: String
    var bytes: Int
    var modified: Int
  }

  /// The cache files, temporary ones left out (and removed when older than an hour:
  /// a program that died while writing).
  func files() -> [FileInfo] {
    guard let names = DirectoryNames.list(directory) else { return [] }
    var found: [FileInfo] = []
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    for name in names {
      let path = directory + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
      if name.hasPrefix(".tmp-") {
        if now.tv_sec - info.st_mtim.tv_sec > 3600 { unlink(path) }
        continue
      }
      guard name.count == 32, name.allSatisfy({ $0.isHexDigit }) else { continue }
      found.append(FileInfo(path: path, bytes: Int(info.st_size), modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec))
    }
    return found
  }

  /// The bytes the cache files take now.
  public var totalBytes: Int { files().reduce(0) { $0 + $1.bytes } }

  /// Removes the oldest files until the rest fit in ``capacity``.
  public func evict() {
    let all = files().sorted { $0.modified < $1.modified }
    var total = all.reduce(0) { $0 + $1.bytes }
    for file in all where total > capacity {
      if unlink(file.path) == 0 || errno == ENOENT { total -= file.bytes }
    }
    lock.withLock { estimatedBytes = total }
  }

  // MARK: Helpers

  /// `UTIME_OMIT` and `UTIME_NOW` (macros Swift does not import).
  static let omitTime = (1 << 30) - 2
  static let nowTime = (1 << 30) - 1

  static func oneLine(_ text: String) -> String {
    String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
  }

  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      done += n
    }
    return true
  }

  static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
