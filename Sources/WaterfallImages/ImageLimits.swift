/// The largest picture decoded: a bound on each side and on the pixel count, checked
/// against the file's header before any pixel memory is allocated.
///
/// The pixel bound is what keeps memory bounded: a decompression bomb (a small file
/// whose header promises a huge picture) is refused from its header alone. At the
/// default 40 megapixels a picture needs at most 120 MB as RGB, and 160 MB more
/// while an interlaced PNG is read (every pass touches every row).
///
/// ```swift
/// let limits = ImageLimits(maximumSide: 4096, maximumPixels: 4_000_000)
/// try limits.check(width: 5000, height: 10)   // throws ImageError.tooLarge
/// ```
public struct ImageLimits: Hashable, Sendable {
  /// The longest side allowed, in pixels.
  public var maximumSide: Int
  /// The most pixels (width times height) allowed.
  public var maximumPixels: Int
  /// The most wall time one decode may take, in milliseconds (0: no limit): the
  /// PNG, JPEG and GIF decoders look at the clock between rows, the WebP decoder
  /// between slices of its file (libwebp's incremental decoder), and stop with
  /// ``ImageError/tooSlow(milliseconds:)``, so a hostile picture never holds up the
  /// others for long (``ThumbnailLoader`` gives a first try less).
  public var maximumDecodeMilliseconds: Int
  /// Whether ``maximumDecodeMilliseconds`` counts the decoding thread's CPU time
  /// (the work done) instead of wall time, which load on the machine stretches: the
  /// thumbnail loader's retries of parked pictures, which keep no one else waiting,
  /// count CPU time, so a busy machine does not fail a large picture.
  public var decodeTimeIsCPUTime = false

  public init(maximumSide: Int = 30_000, maximumPixels: Int = 40_000_000, maximumDecodeMilliseconds: Int = 2_000) {
    self.maximumSide = maximumSide
    self.maximumPixels = maximumPixels
    self.maximumDecodeMilliseconds = maximumDecodeMilliseconds
  }

  /// The limits a browser uses unless told otherwise.
  public static let standard = ImageLimits()

  /// Throws ``ImageError/tooLarge(width:height:limits:)`` unless a `width` x
  /// `height` picture is within the limits; a side of 0 is refused as corrupt.
  public func check(width: Int, height: Int) throws(ImageError) {
    guard width > 0, height > 0 else { throw ImageError.corrupt("the header gives a size of \(width)×\(height)") }
    let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
    guard width <= maximumSide, height <= maximumSide, !overflow, pixels <= maximumPixels else {
      throw ImageError.tooLarge(width: width, height: height, limits: self)
    }
  }

  /// The limits in words: "the limit is 40 megapixels".
  var summary: String {
    if maximumPixels >= 1_000_000, maximumPixels % 1_000_000 == 0 {
      return "the limit is \(maximumPixels / 1_000_000) megapixels"
    }
    return "the limit is \(maximumPixels) pixels"
  }
}
