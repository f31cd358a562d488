// libFuzzer target: WebP alone, so every input reaches libwebp's incremental
// decoder (VP8, VP8L, VP8X with ALPH) through the C doorway, sliced and within its
// time budget, rather than a quarter of FuzzPicture's.
//
// The first byte picks the thumbnail's cells and colours; the rest is the file
// after its 12-byte RIFF header ("RIFF", size, "WEBP"), which is put back here with
// the right size, so the fuzzer spends its mutations on the chunks. Invariants are
// FuzzPicture's (`checkPicture`).

import WaterfallImages

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let first = input.byte()
  let chunks = input.remainingBytes()
  let size = UInt32(truncatingIfNeeded: chunks.count + 4)
  let riff: [UInt8] = Array("RIFF".utf8) + (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) } + Array("WEBP".utf8)
  checkPicture(riff + chunks, columns: 1 + Int(first % 40), mode: first & 0x80 != 0 ? .truecolor : .palette256)
  return 0
}
