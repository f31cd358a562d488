@testable import WaterfallImages

/// Small limits, so the fuzzer spends its time on the parsers rather than on
/// allocating pixels (the real limits are checked the same way).
let fuzzPictureLimits = ImageLimits(maximumSide: 4_096, maximumPixels: 1_000_000)

/// Decodes `bytes` as a picture file the way the browser does (through `Codec` and
/// the C doorway, scaled for a thumbnail `columns` cells wide), then makes the
/// thumbnail, and stops the fuzzer on any broken invariant: a failure has a reason;
/// a header's size is what decoding then reports; a decoded picture is within the
/// limits and has exactly width × height pixels; a thumbnail has the cells asked for.
///
/// ```swift
/// checkPicture(Array(pngBytes), columns: 12, mode: .truecolor)
/// ```
func checkPicture(_ bytes: [UInt8], columns: Int, mode: ColorMode) {
  let header = try? Codec.readHeader(.bytes(bytes))
  let image: Image
  do {
    image = try Codec.decode(.bytes(bytes), limits: fuzzPictureLimits, background: .black) { header in
      (min(columns, header.width), min(columns, header.height))
    }
  } catch {
    require(!error.reason.isEmpty, "an image error with no reason")
    return
  }
  guard let header else {
    require(false, "decoded a picture whose header could not be read")
    return
  }
  require(image.width > 0 && image.height > 0, "a decoded picture of \(image.width)×\(image.height)")
  require(image.width <= header.width && image.height <= header.height, "decoded larger than the header says")
  require(image.pixels.count == image.width * image.height * 3, "pixels for a \(image.width)×\(image.height) picture")
  if let alpha = image.alpha { require(alpha.count == image.width * image.height, "alpha for a \(image.width)×\(image.height) picture") }
  let shape = ThumbnailShape.fitWidth(columns, maximumHeight: 20)
  let thumbnail = Thumbnail(image: image, shape: shape, mode: mode)
  let cells = shape.cells(forPicture: image.width, image.height)
  require(thumbnail.width == cells.width && thumbnail.height == cells.height, "a thumbnail of the wrong size")
  require(thumbnail.cells.count == thumbnail.width * thumbnail.height, "a thumbnail's cells do not fill it")
}
