/// A picture in memory: `width` x `height` pixels, 3 bytes each (red, green, blue),
/// row by row from the top left, and, for a picture with transparency, each
/// pixel's opacity.
///
/// A transparent picture's colours are blended over a background (black unless
/// the decoder was given another), so a pixel's colour is its own colour times its
/// opacity: scaling colours and opacities alike then stays exact, and
/// ``Thumbnail`` recovers the colour and leaves the transparent cells to the
/// terminal's background.
///
/// Images come from files (``init(contentsOf:limits:minimumSize:background:)``)
/// or are made in code, and become thumbnails through ``scaled(toWidth:height:region:)``.
///
/// ```swift
/// var image = Image(width: 2, height: 1, repeating: .black)
/// image[1, 0] = RGB(255, 0, 0)
/// image.pixels   // [0, 0, 0, 255, 0, 0]
/// ```
public struct Image: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 3` bytes.
  public private(set) var pixels: [UInt8]
  /// `width * height` opacities (255: opaque, 0: transparent), or `nil` when every
  /// pixel is opaque.
  public private(set) var alpha: [UInt8]?

  /// An image of the given bytes, 3 a pixel, row by row, with the pixels'
  /// opacities when some are not opaque.
  public init(width: Int, height: Int, pixels: [UInt8], alpha: [UInt8]? = nil) {
    precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "pixels must hold width * height * 3 bytes")
    precondition(alpha == nil || alpha?.count == width * height, "alpha must hold width * height bytes")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.alpha = alpha
  }

  /// An image of one colour.
  public init(width: Int, height: Int, repeating color: RGB) {
    var pixels = [UInt8](repeating: 0, count: max(0, width) * max(0, height) * 3)
    for i in stride(from: 0, to: pixels.count, by: 3) {
      pixels[i] = color.red
      pixels[i + 1] = color.green
      pixels[i + 2] = color.blue
    }
    self.init(width: max(0, width), height: max(0, height), pixels: pixels)
  }

  /// The pixel at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> RGB {
    get {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
      let i = (y * width + x) * 3
      return RGB(pixels[i], pixels[i + 1], pixels[i + 2])
    }
    set {
      precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
      let i = (y * width + x) * 3
      pixels[i] = newValue.red
      pixels[i + 1] = newValue.green
      pixels[i + 2] = newValue.blue
    }
  }

  /// The opacity of the pixel at column `x`, row `y` (255: opaque).
  public func opacity(x: Int, y: Int) -> UInt8 {
    precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel out of range")
    return alpha?[y * width + x] ?? 255
  }

  /// The memory the pixels take.
  public var byteCount: Int { pixels.count + (alpha?.count ?? 0) }
}
