/// The sizes of the Thumbnail Managing Standard's thumbnails: each a folder of
/// ``FreedesktopThumbnails`` holding pictures whose longest side is at most its
/// size in pixels.
///
/// ```swift
/// ThumbnailSize.covering(200)   // .large (256 pixels, folder "large")
/// ThumbnailSize.covering(2000)  // nil: larger than any
/// ```
public enum ThumbnailSize: Int, CaseIterable, Sendable, Comparable {
  case normal = 128
  case large = 256
  case xLarge = 512
  case xxLarge = 1024

  /// The longest side of a thumbnail of this size, in pixels.
  public var pixels: Int { rawValue }

  /// The folder's name under the thumbnails folder.
  public var folderName: String {
    switch self {
    case .normal: "normal"
    case .large: "large"
    case .xLarge: "x-large"
    case .xxLarge: "xx-large"
    }
  }

  /// The smallest size whose thumbnails have at least `longestSide` pixels on
  /// their longest side, or nil when none has.
  public static func covering(_ longestSide: Int) -> ThumbnailSize? {
    allCases.first { $0.pixels >= longestSide }
  }

  public static func < (a: ThumbnailSize, b: ThumbnailSize) -> Bool { a.rawValue < b.rawValue }
}
