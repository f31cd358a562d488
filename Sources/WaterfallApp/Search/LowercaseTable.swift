/// Which scalars of the Basic Multilingual Plane lower-casing leaves alone, a
/// bit each (8 KiB), asked of Unicode's tables once, at first use; the next
/// plane's (emoji) in a table of its own, made when first asked for.
///
/// Asking `Unicode.Scalar.Properties` costs tens of nanoseconds a scalar: for
/// text in Chinese or Japanese, where almost no scalar has a lower case, that
/// was most of a search's time. The table answers with one load.
///
/// ```swift
/// LowercaseTable.leavesAlone(0x8336)   // true: 茶
/// LowercaseTable.leavesAlone(0x00C9)   // false: É lowers to é
/// ```
enum LowercaseTable {
  /// Bit `v % 64` of word `v / 64` is set when scalar `v` lowers to itself.
  static let words = table(of: 0..<0x10000)
  /// The same for the plane after it, from U+10000.
  static let nextPlane = table(of: 0x10000..<0x20000)

  private static func table(of range: Range<UInt32>) -> [UInt64] {
    var words = [UInt64](repeating: 0, count: range.count / 64)
    for value in range {
      guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased else { continue }
      let bit = value - range.lowerBound
      words[Int(bit >> 6)] |= 1 << UInt64(bit & 63)
    }
    return words
  }

  /// Whether `value` is a scalar of the BMP that lower-casing leaves as it is
  /// (false for every scalar above it: those take the slow road).
  @inline(__always) static func leavesAlone(_ value: UInt32) -> Bool {
    value < 0x10000 && words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }

  /// The same answer from `words`, the BMP's table, held by the caller (no check
  /// that it is made on each call), and for the next plane from ``nextPlane``.
  @inline(__always) static func leavesAlone(_ value: UInt32, in words: UnsafeBufferPointer<UInt64>) -> Bool {
    if value < 0x10000 { return words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0 }
    guard value < 0x20000 else { return false }
    let bit = value - 0x10000
    return nextPlane[Int(bit >> 6)] & (1 << UInt64(bit & 63)) != 0
  }
}
