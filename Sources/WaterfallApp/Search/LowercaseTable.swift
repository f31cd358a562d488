/// Which scalars of the first two planes (the Basic Multilingual Plane and the
/// one of emoji) lower-casing leaves alone, a bit each (16 KiB), asked of
/// Unicode's tables once, at first use.
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
  static let words: [UInt64] = {
    var words = [UInt64](repeating: 0, count: Int(limit) / 64)
    for value in 0..<limit {
      guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased else { continue }
      words[Int(value >> 6)] |= 1 << UInt64(value & 63)
    }
    return words
  }()

  /// The first scalar value the table does not cover.
  static let limit: UInt32 = 0x20000

  /// Whether `value` is a scalar of the first two planes that lower-casing
  /// leaves as it is (false for every scalar above them: those take the slow road).
  @inline(__always) static func leavesAlone(_ value: UInt32) -> Bool {
    value < limit && words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }

  /// The same answer from `words`, the table, held by the caller (no check that
  /// it is made on each call).
  @inline(__always) static func leavesAlone(_ value: UInt32, in words: UnsafeBufferPointer<UInt64>) -> Bool {
    value < limit && words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
  }
}
