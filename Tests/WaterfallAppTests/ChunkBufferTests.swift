import Testing
import TestSupport

@testable import WaterfallApp

/// What is left of a page keeps its place: newlines counted eight bytes at a
/// time, in byte counters, give the count a byte at a time, and an error after many short lines
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
    // Only newlines: each byte's counter reaches its most (255) in a run of 255 words, and not one more.
    for length in [2_039, 2_040, 2_041, 2_048, 5_000] {
      let newlines = [UInt8](repeating: 0x0A, count: length)
      #expect(newlines.withUnsafeBufferPointer { ChunkBuffer.newlines(in: $0) } == length, "\(length) newlines")
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

  /// A chunk read into a storage of its own is taken as the buffer's: what was
  /// left is copied in front of it, and the old storage comes back to be read
  /// into next. What is left longer than the room in front is appended instead.
  @Test func adoptingAChunkKeepsWhatWasLeftInFront() {
    var buffer = ChunkBuffer()
    _ = Array("line one\nline two\npartial".utf8).withUnsafeBufferPointer { buffer.append($0) }
    buffer.consume(18, waitingForDouble: false)
    var fresh = [UInt8](repeating: 0, count: 16) + Array(" end\n".utf8)
    #expect(buffer.adopt(&fresh, at: 16, count: 5))
    #expect(fresh.count >= 25, "the old storage, given back")
    #expect(Self.text(of: buffer) == "partial end\n")
    #expect(buffer.start == 18 && buffer.location == TextLocation(line: 3, column: 1))

    var tight = [0, 0] + Array("more".utf8)
    #expect(buffer.adopt(&tight, at: 2, count: 4))
    #expect(tight == [0, 0] + Array("more".utf8), "not taken: 12 bytes left do not fit in 2")
    #expect(Self.text(of: buffer) == "partial end\nmore")
    buffer.consume(12, waitingForDouble: false)
    #expect(buffer.start == 30 && buffer.location == TextLocation(line: 4, column: 1) && Self.text(of: buffer) == "more")
  }

  static func text(of buffer: ChunkBuffer) -> String {
    (try? buffer.withChunk(path: "t", atEnd: false) { chunk in String(decoding: chunk.bytes, as: UTF8.self) }) ?? "?"
  }
}
