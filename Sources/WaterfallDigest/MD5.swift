/// An MD5 digest (RFC 1321) of some bytes: 16 bytes, written as 32 lowercase hex digits.
///
/// MD5 is broken as a signature and is used here only as a name: the picture
/// cache names its files by the digest of their URL, and the freedesktop
/// thumbnail cache (`~/.cache/thumbnails`) names thumbnails by the digest of
/// their file's URI, so another program's thumbnails can be found.
///
/// ```swift
/// MD5(of: "abc").hex            // "900150983cd24fb0d6963f7d28e17f72"
/// MD5(of: [UInt8]()).bytes.count // 16
/// ```
public struct MD5: Hashable, Sendable, CustomStringConvertible {
  /// The digest's 16 bytes.
  public let bytes: [UInt8]

  /// The digest of `bytes`.
  public init(of bytes: some Collection<UInt8>) {
    var state = State()
    var block = [UInt8]()
    block.reserveCapacity(64)
    for byte in bytes {
      block.append(byte)
      if block.count == 64 {
        state.consume(block)
        block.removeAll(keepingCapacity: true)
      }
    }
    // Padding: a 1 bit, zeros to 56 bytes mod 64, then the length in bits, little-endian.
    let bitCount = UInt64(bytes.count) &* 8
    block.append(0x80)
    if block.count > 56 {
      block += [UInt8](repeating: 0, count: 64 - block.count)
      state.consume(block)
      block.removeAll(keepingCapacity: true)
    }
    block += [UInt8](repeating: 0, count: 56 - block.count)
    for shift in stride(from: 0, to: 64, by: 8) { block.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
    state.consume(block)
    self.bytes = [state.a, state.b, state.c, state.d].flatMap { word in
      (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) }
    }
  }

  /// The digest of `text`'s UTF-8 bytes.
  public init(of text: String) {
    self.init(of: Array(text.utf8))
  }

  /// The 32 lowercase hex digits.
  public var hex: String {
    let digits = Array("0123456789abcdef".utf8)
    var out = [UInt8]()
    out.reserveCapacity(32)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 15)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  public var description: String { hex }

  /// The four words and one 64-byte round.
  private struct State {
    var a: UInt32 = 0x6745_2301
    var b: UInt32 = 0xefcd_ab89
    var c: UInt32 = 0x98ba_dcfe
    var d: UInt32 = 0x1032_5476

    /// Per-round left rotations.
    static let shifts: [UInt32] = [
      7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
      5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
      4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
      6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) * 2^32).
    static let constants: [UInt32] = [
      0xd76a_a478, 0xe8c7_b756, 0x2420_70db, 0xc1bd_ceee, 0xf57c_0faf, 0x4787_c62a, 0xa830_4613, 0xfd46_9501,
      0x6980_98d8, 0x8b44_f7af, 0xffff_5bb1, 0x895c_d7be, 0x6b90_1122, 0xfd98_7193, 0xa679_438e, 0x49b4_0821,
      0xf61e_2562, 0xc040_b340, 0x265e_5a51, 0xe9b6_c7aa, 0xd62f_105d, 0x0244_1453, 0xd8a1_e681, 0xe7d3_fbc8,
      0x21e1_cde6, 0xc337_07d6, 0xf4d5_0d87, 0x455a_14ed, 0xa9e3_e905, 0xfcef_a3f8, 0x676f_02d9, 0x8d2a_4c8a,
      0xfffa_3942, 0x8771_f681, 0x6d9d_6122, 0xfde5_380c, 0xa4be_ea44, 0x4bde_cfa9, 0xf6bb_4b60, 0xbebf_bc70,
      0x289b_7ec6, 0xeaa1_27fa, 0xd4ef_3085, 0x0488_1d05, 0xd9d4_d039, 0xe6db_99e5, 0x1fa2_7cf8, 0xc4ac_5665,
      0xf429_2244, 0x432a_ff97, 0xab94_23a7, 0xfc93_a039, 0x655b_59c3, 0x8f0c_cc92, 0xffef_f47d, 0x8584_5dd1,
      0x6fa8_7e4f, 0xfe2c_e6e0, 0xa301_4314, 0x4e08_11a1, 0xf753_7e82, 0xbd3a_f235, 0x2ad7_d2bb, 0xeb86_d391,
    ]

    mutating func consume(_ block: [UInt8]) {
      var words = [UInt32](repeating: 0, count: 16)
      for i in 0..<16 {
        words[i] =
          UInt32(block[4 * i]) | UInt32(block[4 * i + 1]) << 8 | UInt32(block[4 * i + 2]) << 16
          | UInt32(block[4 * i + 3]) << 24
      }
      var (a, b, c, d) = (self.a, self.b, self.c, self.d)
      for i in 0..<64 {
        var f: UInt32
        let g: Int
        switch i {
        case 0..<16:
          f = (b & c) | (~b & d)
          g = i
        case 16..<32:
          f = (d & b) | (~d & c)
          g = (5 * i + 1) % 16
        case 32..<48:
          f = b ^ c ^ d
          g = (3 * i + 5) % 16
        default:
          f = c ^ (b | ~d)
          g = (7 * i) % 16
        }
        f = f &+ a &+ Self.constants[i] &+ words[g]
        a = d
        d = c
        c = b
        let s = Self.shifts[i]
        b = b &+ (f << s | f >> (32 - s))
      }
      self.a &+= a
      self.b &+= b
      self.c &+= c
      self.d &+= d
    }
  }
}
