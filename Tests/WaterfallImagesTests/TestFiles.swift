import Foundation
import TestSupport
import WaterfallImages

/// Files for the tests: the generated fixtures, a scratch folder, and PNG files
/// written here byte by byte (stored or run-length deflate), for headers and data no
/// encoder would produce.
enum TestFiles {
  /// Tests/WaterfallImagesTests/Fixtures, written by Scripts/generate-pictures.py.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

  /// The package's root.
  static let root = Repository.root.path

  static func fixture(_ name: String) -> String { fixtures + "/" + name }

  /// A new empty folder (see ``Scratch``), removed by the caller.
  static func scratchFolder(_ name: String = #function) throws -> String {
    try Scratch.folder(name).path
  }

  static func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  static func read(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// The pixel formula of the RGB fixtures (`fixture_rgb` in the generator).
  static func fixtureRGB(_ x: Int, _ y: Int) -> RGB {
    RGB(UInt8((x * 16) % 256), UInt8((y * 20) % 256), UInt8((x * 7 + y * 13) % 256))
  }

  // MARK: PNG by hand

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
  }

  static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A PNG whose IHDR says `width` x `height`, colour type `colorType`, with `idat`
  /// as its compressed data.
  static func png(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 2, idat: [UInt8]) -> [UInt8] {
    let header = bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0]
    return signature + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
  }

  /// An 8-bit RGB PNG of `image`, its data stored (deflate without compression).
  static func png(_ image: Image) -> [UInt8] {
    var raw: [UInt8] = []
    for y in 0..<image.height {
      raw.append(0)
      raw += image.pixels[(y * image.width * 3)..<((y + 1) * image.width * 3)]
    }
    var stream: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65_535, raw.count - offset)
      let last: UInt8 = offset + count == raw.count ? 1 : 0
      stream += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      stream += raw[offset..<(offset + count)]
      offset += count
    } while offset < raw.count
    stream += bigEndian(adler32(raw))
    return png(width: UInt32(image.width), height: UInt32(image.height), idat: stream)
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return b << 16 | a
  }

  /// A zlib stream of `count` zero bytes, compressed about 160:1 (one literal, then
  /// matches of 258 bytes at distance 1, in a fixed-Huffman block): the stuff of
  /// decompression bombs.
  static func zeros(count: Int) -> [UInt8] {
    var bits = BitWriter()
    bits.write(1, count: 1)  // BFINAL
    bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    var left = count
    if left > 0 {
      bits.writeCode(0b0011_0000, length: 8)  // literal 0
      left -= 1
    }
    while left >= 258 {
      bits.writeCode(0b1100_0101, length: 8)  // length 258 (symbol 285)
      bits.writeCode(0, length: 5)  // distance 1 (code 0)
      left -= 258
    }
    for _ in 0..<left { bits.writeCode(0b0011_0000, length: 8) }
    bits.writeCode(0, length: 7)  // end of block (256)
    // Adler-32 of `count` zeros: a stays 1, b adds 1 per byte.
    let adler = UInt32(count % 65_521) << 16 | 1
    return [0x78, 0x01] + bits.bytes + bigEndian(adler)
  }

  struct BitWriter {
    var bytes: [UInt8] = []
    var used = 0

    /// Writes `count` bits of `value`, least significant first (header fields).
    mutating func write(_ value: UInt32, count: Int) {
      for i in 0..<count { push(Int((value >> UInt32(i)) & 1)) }
    }

    /// Writes a Huffman code, most significant bit first.
    mutating func writeCode(_ code: UInt32, length: Int) {
      for i in stride(from: length - 1, through: 0, by: -1) { push(Int((code >> UInt32(i)) & 1)) }
    }

    private mutating func push(_ bit: Int) {
      if used == 0 { bytes.append(0) }
      bytes[bytes.count - 1] |= UInt8(bit << used)
      used = (used + 1) % 8
    }
  }

  /// The peak resident memory of this process so far, in bytes.
  static func peakMemory() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
