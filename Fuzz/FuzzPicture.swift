// libFuzzer target: the picture headers and decoders (PNG, JPEG, GIF, WebP through
// libpng, libjpeg, giflib and libwebp), reached the way the browser reaches them:
// through the one C doorway (CImageDecoding) and `Codec`, then scaled to a
// thumbnail.
//
// The first byte picks the thumbnail's cells; the rest is the picture file.
// Invariants: no crash, hang or leak; a header's size is what decoding then
// reports; a decoded picture is within the limits and has exactly width × height
// pixels; a thumbnail has exactly the cells it was asked for.

import WaterfallImages

@testable import WaterfallImages

/// Small limits, so the fuzzer spends its time on the parsers rather than on
/// allocating pixels (the real limits are checked the same way).
let fuzzLimits = ImageLimits(maximumSide: 4_096, maximumPixels: 1_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicture(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let columns = 1 + Int(input.byte() % 40)
  let bytes = input.remainingBytes()

  let header = try? Codec.readHeader(.bytes(bytes))
  let image: Image
  do {
    image = try Codec.decode(.bytes(bytes), limits: fuzzLimits, background: .black) { header in
      (min(columns, header.width), min(columns, header.height))
    }
  } catch {
    require(!error.reason.isEmpty, "an image error with no reason")
    return 0
  }
  guard let header else {
    require(false, "decoded a picture whose header could not be read")
    return 0
  }
  require(image.width > 0 && image.height > 0, "a decoded picture of \(image.width)×\(image.height)")
  require(image.width <= header.width && image.height <= header.height, "decoded larger than the header says")
  require(image.pixels.count == image.width * image.height * 3, "pixels for a \(image.width)×\(image.height) picture")
  if let alpha = image.alpha { require(alpha.count == image.width * image.height, "alpha for a \(image.width)×\(image.height) picture") }
  let shape = ThumbnailShape.fitWidth(columns, maximumHeight: 20)
  let thumbnail = Thumbnail(image: image, shape: shape, mode: input.bool() ? .truecolor : .palette256)
  let cells = shape.cells(forPicture: image.width, image.height)
  require(thumbnail.width == cells.width && thumbnail.height == cells.height, "a thumbnail of the wrong size")
  require(thumbnail.cells.count == thumbnail.width * thumbnail.height, "a thumbnail's cells do not fill it")
  return 0
}
