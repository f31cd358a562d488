import Testing
import TestSupport

@testable import WaterfallApp

/// What is left of a page keeps its place: newlines counted eight bytes at a
/// time give the count a byte at a time, and an error after many short lines
/// is placed on its line.
@Suite struct ChunkBufferTests {
  @Test func newlinesAreCountedAsOneByOne() {
    var rng = SeededGenerator(seed: 29)
    for length in [0, 1, 7, 8, 9, 63, 64, 65, 1_000, 4_099] {
      // Newlines, bytes one bit from one (0x0B, 0x8A), and anything else.
      let bytes = (0..<length).map { _ in [0x0A, 0x0B, 0x8A, 0x00, 0xFF, UInt8.random(in: 0...255, using: &rng)].randomElement(using: &rng)! }
      let counted = bytes.withUnsafeBufferPointer { ChunkBuffer.newlines(in: $0) }
      #expect(counted == bytes.count { $0 == 0x0A }, "\(length) bytes")
    }
    let large = (0..<(ChunkBuffer.newlinesInHalvesThreshold + 77)).map { UInt8(truncatingIfNeeded: $0 % 11 == 0 ? 0x0A : $0) }
    let halves = large.withUnsafeBufferPointer { ChunkBuffer.newlines(in: $0, parallelism: .helpers(.normal)) }
    #expect(halves == large.count { $0 == 0x0A })
  }

  @Test func consumingShortLinesKeepsTheLine() {
    var buffer = ChunkBuffer()
    let text = String(repeating: "  {\n    \"a\": 1\n  },\n", count: 1_000) + "tail"
    _ = Array(text.utf8).withUnsafeBufferPointer { buffer.append($0) }
    buffer.consume(text.utf8.count - 2, waitingForDouble: false)
    #expect(buffer.location == TextLocation(line: 3_001, column: 3))
    #expect(buffer.start == text.utf8.count - 2)
  }
}
