import WaterfallDigest

#if canImport(Glibc)
  import Glibc
#endif

/// The thumbnails folder the freedesktop.org Thumbnail Managing Standard describes,
/// shared with GNOME's and KDE's file managers: `$XDG_CACHE_HOME/thumbnails` (else
/// `~/.cache/thumbnails`), a folder per ``ThumbnailSize``, each thumbnail a PNG named
/// by the MD5 of its picture's URI whose `Thumb::URI` and `Thumb::MTime` texts say
/// which file, changed when, it was made from.
///
/// ``read(_:limits:background:covering:)`` gives a thumbnail that is fresh and large
/// enough, and ``write(_:of:size:)`` keeps one (mode 0600, written to a temporary
/// file in the same folder and renamed, folders made 0700). Only files are kept
/// here, never pictures from a database or the web, and nothing is ever written
/// anywhere but under ``root``, nor made of a picture inside it.
///
/// ```swift
/// let folder = FreedesktopThumbnails(environment: ["HOME": "/home/jens"])!
/// folder.root                                            // "/home/jens/.cache/thumbnails"
/// let original = ThumbnailOriginal(path: "/home/jens/photos/me.png", modified: 1_700_000_000)
/// folder.path(of: original, size: .normal)
/// // "/home/jens/.cache/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png"
/// ```
public struct FreedesktopThumbnails: Hashable, Sendable {
  /// The thumbnails folder (`…/thumbnails`), absolute.
  public var root: String

  public init(root: String) {
    self.root = root
  }

  /// The folder the environment names: `$XDG_CACHE_HOME/thumbnails` when that is an
  /// absolute path (the XDG specification ignores a relative one), else
  /// `$HOME/.cache/thumbnails`; nil when neither is set. Without `environment`, the
  /// process's own.
  public init?(environment: [String: String]? = nil) {
    let values = environment ?? Self.processEnvironment()
    if let cache = values["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      self.init(root: cache + "/thumbnails")
    } else if let home = values["HOME"], home.hasPrefix("/") {
      self.init(root: home + "/.cache/thumbnails")
    } else {
      return nil
    }
  }

  /// The name of the thumbnail of the picture at `uri`: its MD5 in lower-case hex, `.png`.
  public static func fileName(forURI uri: String) -> String { MD5(of: uri).hex + ".png" }

  /// Where the thumbnail of `original` in `size` is (or would be).
  public func path(of original: ThumbnailOriginal, size: ThumbnailSize) -> String {
    root + "/" + size.folderName + "/" + Self.fileName(forURI: original.uri)
  }

  /// Whether thumbnails of `original` belong here: not a picture inside this folder.
  public func keeps(_ original: ThumbnailOriginal) -> Bool {
    !(original.path + "/").hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// The smallest fresh thumbnail of `original` that `covering` takes, decoded: the
  /// sizes are tried from the smallest up, and `covering` is asked of each found
  /// whose texts match the file as it is now. nil when there is none.
  public func read(
    _ original: ThumbnailOriginal, limits: ImageLimits, background: RGB, covering: (ImageHeader) -> Bool
  ) -> Image? {
    guard keeps(original) else { return nil }
    for size in ThumbnailSize.allCases {
      if let image = Codec.decodeThumbnail(
        at: path(of: original, size: size), of: original, limits: limits, background: background, accepts: covering)
      {
        return image
      }
    }
    return nil
  }

  /// Keeps `image`, made of `original`, as its thumbnail in `size`: scaled so its
  /// longest side is the size's (it must be at least that large), written to a
  /// temporary file beside the thumbnail's place and renamed there. Throws when a
  /// folder or the file could not be made or written (nothing is left behind).
  public func write(_ image: Image, of original: ThumbnailOriginal, size: ThumbnailSize) throws(ImageError) {
    guard keeps(original) else { return }
    let longest = max(image.width, image.height)
    guard longest >= size.pixels, image.width > 0, image.height > 0 else { return }
    let width = max(1, (image.width * size.pixels + longest / 2) / longest)
    let height = max(1, (image.height * size.pixels + longest / 2) / longest)
    let scaled = image.scaled(toWidth: width, height: height)
    let folder = root + "/" + size.folderName
    try Self.makeFolders(folder)
    var template = Array((folder + "/.waterfall-XXXXXX.png").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemps($0, 4) } ?? -1 }
    guard fd >= 0 else { throw Self.failure("mkstemps", folder) }
    let temporary = String(cString: template)
    var written = false
    defer {
      if !written { unlink(temporary) }
    }
    do {
      defer { close(fd) }
      guard fchmod(fd, 0o600) == 0 else { throw Self.failure("fchmod", temporary) }
      try Codec.writePNG(
        scaled, to: fd,
        texts: [
          ("Thumb::URI", original.uri), ("Thumb::MTime", String(original.modified)),
          ("Software", "waterfall"),
        ])
    }
    guard rename(temporary, path(of: original, size: size)) == 0 else { throw Self.failure("rename", temporary) }
    written = true
  }

  /// Makes `folder` and the folders above it that are missing, each 0700.
  private static func makeFolders(_ folder: String) throws(ImageError) {
    var path = ""
    for part in folder.split(separator: "/") {
      path += "/" + part
      var info = stat()
      if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { continue }
      if mkdir(path, 0o700) != 0, errno != EEXIST { throw failure("mkdir", path) }
    }
  }

  private static func failure(_ call: String, _ path: String) -> ImageError {
    .unreadable("\(call) \(path): \(String(cString: strerror(errno)))")
  }

  private static func processEnvironment() -> [String: String] {
    var values: [String: String] = [:]
    for name in ["XDG_CACHE_HOME", "HOME"] {
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
    return values
  }
}
