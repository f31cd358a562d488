// libFuzzer target: the picture headers and decoders (PNG, JPEG, GIF, WebP through
// libpng, libjpeg, giflib and libwebp), reached the way the browser reaches them:
// through the one C doorway (CImageDecoding) and `Codec`, then scaled to a
// thumbnail.
//
// The first byte picks the thumbnail's cells and colours; the rest is the picture
// file. Invariants (`checkPicture`): no crash, hang or leak; a header's size is what
// decoding then reports; a decoded picture is within the limits and has exactly
// width × height pixels; a thumbnail has exactly the cells it was asked for.

import WaterfallImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPicture(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let first = input.byte()
  checkPicture(input.remainingBytes(), columns: 1 + Int(first % 40), mode: first & 0x80 != 0 ? .truecolor : .palette256)
  return 0
}
