/// What measuring a card's height needs, copied from the store for a worker
/// thread: the packed cards (shared copy on write) and the picture sizes read
/// since.
///
/// ```swift
/// let source = store.cardHeightSource
/// DispatchQueue.global().async { let heights = source.heights(width: 30) }
/// ```
public struct CardHeightSource: @unchecked Sendable {
  // @unchecked: immutable copies of copy-on-write values.
  let summaryOffsets: [Int]
  let summaries: ByteArena
  let measured: [Int: CardContent.Aspect]

  public var count: Int { summaryOffsets.count }

  /// The height of item `item`'s card at `width`, as ``ItemStore/cardHeight(at:width:)``.
  public func height(of item: Int, width: Int) -> Int {
    summaries.withBytes(from: summaryOffsets[item]) {
      CardContent.packedHeight(in: $0, width: width, aspect: measured.isEmpty ? nil : measured[item])
    }
  }

  /// Every card's height at `width` (0 for one too tall to keep), or nil when
  /// `shouldStop` said so.
  public func heights(width: Int, shouldStop: () -> Bool = { false }) -> [UInt16]? {
    var heights = [UInt16](repeating: 0, count: count)
    for item in 0..<count {
      if item & 1023 == 0, shouldStop() { return nil }
      let height = self.height(of: item, width: width)
      heights[item] = height < Int(UInt16.max) ? UInt16(height) : 0
    }
    return heights
  }
}
