/// A picture as a sixel sequence (DEC's bitmap graphics, shown by xterm `-ti vt340`,
/// mlterm, foot, WezTerm and others): the bytes to write where the picture's
/// top-left cell is.
///
/// Colours are the 6 x 6 x 6 cube's nearest (at most 216 registers, each defined
/// once, only those used); a pixel less than half opaque is not painted (the
/// sequence asks for unpainted pixels to be left as they are), so what is under it
/// shows. The bytes hold nothing but the fixed introducer and terminator, numbers,
/// and sixel characters: no text from the data ever reaches them.
///
/// ```swift
/// let picture = SixelPicture(image: Image(width: 1, height: 1, repeating: RGB(255, 0, 0)))
/// String(decoding: picture.bytes, as: UTF8.self)   // "\u{1B}P0;1;0q\"1;1;1;1#180;2;100;0;0#180@\u{1B}\\"
/// ```
public struct SixelPicture: Hashable, Sendable {
  /// Pixels across and down.
  public let width: Int
  public let height: Int
  /// The whole sequence, from `ESC P` to `ESC \`.
  public let bytes: [UInt8]

  public init(image: Image) {
    width = image.width
    height = image.height
    var out = Array("\u{1B}P0;1;0q\"1;1;\(image.width);\(image.height)".utf8)
    // Each pixel's register, or -1 where it is not painted.
    var registers = [Int16](repeating: -1, count: image.width * image.height)
    var used = [Bool](repeating: false, count: 216)
    func level(_ v: UInt8) -> Int { (Int(v) * 5 + 127) / 255 }
    for i in 0..<(image.width * image.height) {
      if let alpha = image.alpha, alpha[i] < 128 { continue }
      var r = image.pixels[3 * i]
      var g = image.pixels[3 * i + 1]
      var b = image.pixels[3 * i + 2]
      if let alpha = image.alpha, alpha[i] < 255 {
        // Undo the blend over black (see Image).
        let a = Int(alpha[i])
        func unblend(_ v: UInt8) -> UInt8 { UInt8(min(255, (Int(v) * 255 + a / 2) / a)) }
        (r, g, b) = (unblend(r), unblend(g), unblend(b))
      }
      let register = 36 * level(r) + 6 * level(g) + level(b)
      registers[i] = Int16(register)
      used[register] = true
    }
    for register in 0..<216 where used[register] {
      let (r, g, b) = (register / 36, register / 6 % 6, register % 6)
      out += Array("#\(register);2;\(r * 20);\(g * 20);\(b * 20)".utf8)
    }
    var bands = 0
    var row = 0
    var columns = [[UInt8]](repeating: [], count: 216)
    while row < image.height {
      if bands > 0 { out.append(UInt8(ascii: "-")) }
      bands += 1
      var present: [Int] = []
      for dy in 0..<min(6, image.height - row) {
        let start = (row + dy) * image.width
        for x in 0..<image.width {
          let register = Int(registers[start + x])
          guard register >= 0 else { continue }
          if columns[register].isEmpty {
            columns[register] = [UInt8](repeating: 0, count: image.width)
            present.append(register)
          }
          columns[register][x] |= 1 << UInt8(dy)
        }
      }
      for (n, register) in present.sorted().enumerated() {
        if n > 0 { out.append(UInt8(ascii: "$")) }
        out += Array("#\(register)".utf8)
        Self.appendRuns(columns[register], to: &out)
        columns[register] = []
      }
      row += 6
    }
    out += [0x1B, 0x5C]
    bytes = out
  }

  /// Sixel characters for `bits` (one a column), runs of four or more as `!n`.
  private static func appendRuns(_ bits: [UInt8], to out: inout [UInt8]) {
    // Trailing empty columns need not be sent.
    var end = bits.count
    while end > 0, bits[end - 1] == 0 { end -= 1 }
    var x = 0
    while x < end {
      var run = 1
      while x + run < end, bits[x + run] == bits[x] { run += 1 }
      let character = 63 + bits[x]
      if run >= 4 {
        out += Array("!\(run)".utf8)
        out.append(character)
      } else {
        out += [UInt8](repeating: character, count: run)
      }
      x += run
    }
  }
}
