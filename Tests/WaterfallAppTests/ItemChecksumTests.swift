import Testing
import TestSupport

@testable import WaterfallApp

/// A checksum tells an item's bytes from changed ones: any byte changed, words
/// or blocks swapped, bytes added, at every length around its four lanes.
@Suite struct ItemChecksumTests {
  static func sum(_ bytes: [UInt8]) -> UInt32 { bytes.withUnsafeBytes { ItemChecksum($0).value } }

  @Test func anyChangeIsSeen() {
    var rng = SeededGenerator(seed: 7)
    for length in [0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 100, 257] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
      #expect(Self.sum(bytes) == Self.sum(bytes), "the same bytes, the same sum")
      #expect(Self.sum(bytes) != Self.sum(bytes + [0]), "a byte more, at \(length)")
      for at in 0..<length {
        var changed = bytes
        changed[at] ^= 1 << UInt8(at % 8)
        #expect(Self.sum(changed) != Self.sum(bytes), "byte \(at) of \(length)")
      }
    }
    // Words of one block swapped between lanes, and two blocks swapped.
    let words = (0..<64).map { UInt8($0) }
    var lanesSwapped = words
    lanesSwapped.replaceSubrange(0..<16, with: Array(words[8..<16]) + Array(words[0..<8]))
    #expect(Self.sum(lanesSwapped) != Self.sum(words))
    let blocksSwapped = Array(words[32..<64]) + Array(words[0..<32])
    #expect(Self.sum(blocksSwapped) != Self.sum(words))
  }
}
