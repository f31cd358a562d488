/// Which scalars of the Basic Multilingual Plane lower-casing leaves alone, a
/// bit each (8 KiB), asked of Unicode's tables once, at first use.
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
  private static let words: [UInt64] = {
    var words = [UInt64](repeating: 0, count: 0x10000 / 64)
    for value in 0..<UInt32(0x10000) {
      guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased else { continue }
      words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }
    return words
  }()

  /// Whether `value` is a scalar of the BMP that lower-casing leaves as it is
  /// (false for every scalar above it: those take the slow road).
  @inline(__always) static func leavesAlone(_ value: UInt32) -> Bool {
    value < 0x10000 && words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }
}
