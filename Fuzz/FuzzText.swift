// libFuzzer target: the sanitiser, measuring and wrapping of hostile text.
//
// Invariants: no glyph holds a control, C1 or bidi control; width is the sum of
// the glyphs' widths and survives sanitising; wrapped lines fit, are already
// sanitised, and a shorter wrap is a prefix of the full one; truncation fits;
// drawing advances by the measured width.

import WaterfallLayout
import WaterfallView

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let width = Int(input.byte() % 24) + 1
  let maxLines = Int(input.byte() % 5) + 1
  let text = String(decoding: input.remainingBytes(), as: UTF8.self)

  let glyphs = DisplayText.glyphs(of: text)
  var total = 0
  for glyph in glyphs {
    require(glyph.width == 1 || glyph.width == 2, "glyph width \(glyph.width)")
    for scalar in glyph.text.unicodeScalars {
      let v = scalar.value
      require(!(v < 0x20 || (0x7F..<0xA0).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)),
        "unsafe scalar U+\(String(v, radix: 16)) in a glyph")
    }
    total += glyph.width
  }
  require(DisplayText.width(of: text) == total, "width \(DisplayText.width(of: text)) != glyphs \(total)")
  let safe = DisplayText.sanitized(text)
  require(DisplayText.sanitized(safe) == safe, "sanitising is not idempotent")
  require(DisplayText.width(of: safe) == total, "sanitising changed the width")

  let all = TextWrapper.wrap(text, width: width)
  for line in all {
    require(DisplayText.width(of: line) <= width, "line \(line.debugDescription) wider than \(width)")
    require(DisplayText.sanitized(line) == line, "line \(line.debugDescription) not sanitised")
  }
  let cut = TextWrapper.wrap(text, width: width, maxLines: maxLines)
  require(cut.count == min(maxLines, all.count), "\(cut.count) lines cut to \(maxLines) of \(all.count)")
  require(Array(cut.dropLast()) == Array(all.prefix(max(0, cut.count - 1))), "a shorter wrap is not a prefix")
  let line = TextWrapper.truncate(text, width: width)
  require(DisplayText.width(of: line) <= width, "truncated \(line.debugDescription) wider than \(width)")

  // Drawing advances by the measured width, or stops at the edge.
  let buffer = CellBuffer(width: 30, height: 2)
  let x = Int(input.byte() % 4)
  let advanced = buffer.put(text, at: Point(x: x, y: 0))
  if x + total <= 30 {
    require(advanced == total, "put advanced \(advanced), measured \(total)")
  } else {
    require(advanced >= 30 - x && advanced <= total, "put advanced \(advanced) past the edge, measured \(total)")
  }
  require(buffer.lines.allSatisfy { DisplayText.width(of: $0) == 30 }, "a row of the buffer is not 30 wide")
  return 0
}
