/// How far an ``ItemReader`` got through a chunk.
///
/// ```swift
/// ReadProgress(done: 120)                          // 120 bytes consumed; read again at the next chunk
/// ReadProgress(done: 120, waitsForDouble: true)   // an item cut off at 120: read again once the rest has doubled
/// ```
struct ReadProgress {
  /// The bytes done with, from the chunk's start.
  var done: Int
  /// Whether an item is cut off at `done`: it is tried again only once the
  /// bytes from there have doubled, so a huge item costs O(n) in all.
  var waitsForDouble = false
}
