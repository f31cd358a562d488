/// How a search's candidates are cut into the chunks its lanes take: small
/// ones first, so the first matches show after a few dozen items, then
/// ``SearchEngine/chunkSize`` items each, lying on the compact texts' blocks.
///
/// A lane searches a chunk whole before handing it over, and the main thread
/// takes chunks in order. With 1,024 items in the first chunk, the first key
/// typed right after `/` (no compact text built yet, every item read in its
/// JSON, the texts being built beside it) showed its first matches 10-15 ms
/// after the lane started; the leading chunks together cover the first
/// 1,024 items, so every chunk after them still covers a whole block.
///
/// ```swift
/// let chunks = SearchChunks(count: 5_000)
/// chunks.count          // 7: 64, 192, 768, then 1,024 each (the last 904)
/// chunks.bounds(of: 1)  // 64..<256
/// chunks.bounds(of: 3)  // 1_024..<2_048
/// ```
struct SearchChunks: Equatable, Sendable {
  /// The leading chunks' sizes; they add up to ``SearchEngine/chunkSize``.
  static let leading = [64, 192, 768]
  /// How many candidates there are.
  let candidates: Int
  /// How many chunks they make (none when there is no candidate).
  let count: Int

  init(count candidates: Int) {
    self.candidates = candidates
    let size = SearchEngine.chunkSize
    var count = 0
    var end = 0
    for lead in Self.leading where end < candidates {
      end += lead
      count += 1
    }
    if end < candidates { count += (candidates - end + size - 1) / size }
    self.count = count
  }

  /// The candidates chunk `chunk` covers (positions in the candidates' order).
  func bounds(of chunk: Int) -> Range<Int> {
    let start = Self.start(of: chunk)
    return min(start, candidates)..<min(Self.start(of: chunk + 1), candidates)
  }

  /// How many candidates the chunks before `chunk` cover.
  func covered(before chunk: Int) -> Int { min(Self.start(of: chunk), candidates) }

  private static func start(of chunk: Int) -> Int {
    guard chunk > leading.count else { return leading.prefix(chunk).reduce(0, +) }
    return (chunk - leading.count + 1) * SearchEngine.chunkSize
  }
}
