/// The picture file formats `WaterfallImages` decodes, told apart by the file's
/// first bytes, never by its name.
///
/// ```swift
/// try ImageHeader.read("photo.png").format   // .jpeg, if it really is one
/// ```
public enum ImageFormat: String, Hashable, Sendable {
  case png
  case jpeg
  /// The first frame of a GIF, still or animated.
  case gif
  case webp

  /// The file name extensions a picture usually has, lower case.
  public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "jfif", "gif", "webp"]

  /// Extensions of pictures that are never drawn, but still listed in a folder of
  /// pictures, each with the reason (``ImageError``) in its details.
  public static let undrawnExtensions: Set<String> = ["svg", "svgz"]

  /// Whether `name` ends with a picture extension (any case): how a folder's pictures
  /// are told from its other files before any of them is read. With
  /// `includingUndrawn`, SVG names count too.
  public static func isPictureName(_ name: String, includingUndrawn: Bool = false) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    let ext = name[name.index(after: dot)...].lowercased()
    return fileExtensions.contains(ext) || (includingUndrawn && undrawnExtensions.contains(ext))
  }

  /// The format's name as people write it: `PNG`, `JPEG`, `GIF`, `WebP`.
  public var name: String {
    switch self {
    case .png: return "PNG"
    case .jpeg: return "JPEG"
    case .gif: return "GIF"
    case .webp: return "WebP"
    }
  }
}
