/// Append-only bytes in fixed-size blocks, addressed by a stable offset.
///
/// An arena grows by adding blocks, so a million small records cost no moment of
/// twice the memory, as one growing array would. Only the first block starts small
/// (``firstBlockSize``) and doubles until it is a whole block, so a page of a few
/// items holds kilobytes, not a mebibyte. A record never spans two blocks (a record
/// longer than a block gets a block of its own), so it can be read back as one
/// contiguous slice; an offset stays valid however the arena grows.
///
/// ```swift
/// var arena = ByteArena()
/// let at = arena.append(Array("hello".utf8))
/// arena.bytes(at: at, count: 5)   // "hello"
/// ```
public struct ByteArena: Sendable {
  /// The size of an ordinary block: 1 MiB.
  public static let blockSize = 1 << 20
  /// What the first block holds before it first doubles: 4 KiB.
  static let firstBlockSize = 1 << 12

  private var blocks: [[UInt8]] = []
  /// Where each block starts, as an arena offset.
  private var blockStarts: [Int] = []
  private var end = 0

  public init() {}

  /// The bytes held, in all.
  public var count: Int { end }

  /// The bytes the arena's blocks have room for, held or not.
  var reservedBytes: Int { blocks.reduce(0) { $0 + $1.capacity } }

  /// Appends `bytes` and returns the offset to read them back with.
  @discardableResult
  public mutating func append<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
    let needed = bytes.count
    if blocks.isEmpty {
      blocks.append([])
      blocks[0].reserveCapacity(max(Self.firstBlockSize, needed))
      blockStarts.append(end)
    } else if blocks[blocks.count - 1].count + needed > blocks[blocks.count - 1].capacity {
      let last = blocks.count - 1
      let wanted = blocks[last].count + needed
      if blocks.count == 1, wanted <= Self.blockSize {
        // The first block doubles until it is a whole block (offsets within it stay).
        blocks[last].reserveCapacity(min(Self.blockSize, max(wanted, 2 * blocks[last].capacity)))
      } else {
        blocks.append([])
        blocks[last + 1].reserveCapacity(max(Self.blockSize, needed))
        blockStarts.append(end)
      }
    }
    let start = end
    blocks[blocks.count - 1].append(contentsOf: bytes)
    end += needed
    return start
  }

  /// The `count` bytes appended at `offset`.
  public func bytes(at offset: Int, count: Int) -> ArraySlice<UInt8> {
    let block = blockIndex(containing: offset)
    let local = offset - blockStarts[block]
    return blocks[block][local..<(local + count)]
  }

  /// Calls `body` with the `count` bytes appended at `offset`, without copying.
  public func withBytes<R>(at offset: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let block = blockIndex(containing: offset)
    let local = offset - blockStarts[block]
    return try blocks[block].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[local..<(local + count)])) }
  }

  /// Calls `body` with the bytes from `offset` to the end of its block: a record
  /// appended at `offset` lies whole within them, so a reader that knows where its
  /// record ends needs no count.
  public func withBytes<R>(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    let block = blockIndex(containing: offset)
    let local = offset - blockStarts[block]
    return try blocks[block].withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[local...])) }
  }

  /// The block holding `offset`: a binary search over block starts.
  private func blockIndex(containing offset: Int) -> Int {
    var low = 0
    var high = blockStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if blockStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low
  }
}
