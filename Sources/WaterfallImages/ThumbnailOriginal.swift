#if canImport(Glibc)
  import Glibc
#endif

/// A picture file as the Thumbnail Managing Standard knows it: its absolute path,
/// its `file://` URI (what a thumbnail's name is the MD5 of) and its modification
/// time in whole seconds (a thumbnail made before the file last changed is stale).
///
/// ```swift
/// let original = ThumbnailOriginal(path: "/home/jens/photos/me.png", modified: 1_700_000_000)
/// original.uri   // "file:///home/jens/photos/me.png"
/// ```
public struct ThumbnailOriginal: Hashable, Sendable {
  public var path: String
  public var uri: String
  public var modified: Int64

  /// The picture at the absolute `path`, changed last at `modified` (seconds since 1970).
  public init(path: String, modified: Int64) {
    self.path = path
    uri = Self.uri(forAbsolutePath: path)
    self.modified = modified
  }

  /// The regular file at `path` (relative to the working directory, or absolute)
  /// as it is now; nil when it cannot be looked at or is not a regular file.
  public init?(file path: String) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    guard let absolute = Self.absolutePath(path) else { return nil }
    self.init(path: absolute, modified: Int64(info.st_mtim.tv_sec))
  }

  /// `path` made absolute against the working directory, with `.`, `..` and repeated
  /// slashes taken out by its words alone (links are not followed: a picture is
  /// named as the user named it, as file managers do).
  ///
  /// ```swift
  /// ThumbnailOriginal.absolutePath("a/./b/../c.png", workingDirectory: "/home/jens")   // "/home/jens/a/c.png"
  /// ```
  public static func absolutePath(_ path: String, workingDirectory: String? = nil) -> String? {
    var full = path
    if !path.hasPrefix("/") {
      guard let directory = workingDirectory ?? Self.workingDirectory() else { return nil }
      full = directory + "/" + path
    }
    var parts: [Substring] = []
    for part in full.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The `file://` URI of an absolute path, escaped as GLib's `g_filename_to_uri`
  /// does (what GNOME and KDE name thumbnails by): letters, digits and
  /// `-_.!~*'()$&+,/:=@` as they are, every other byte (a space, `%`, `#`, `?`, each
  /// byte of a non-ASCII letter) as `%` and two upper-case hex digits.
  ///
  /// ```swift
  /// ThumbnailOriginal.uri(forAbsolutePath: "/tmp/a b#1.png")   // "file:///tmp/a%20b%231.png"
  /// ```
  public static func uri(forAbsolutePath path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes = Array("file://".utf8)
    for byte in path.utf8 {
      if Self.keepsInURI(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func keepsInURI(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("-_.!~*'()$&+,/:=@".utf8).contains(byte)
    }
  }

  private static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(cString: buffer)
  }
}
