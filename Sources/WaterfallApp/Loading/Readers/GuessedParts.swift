/// Where a chunk is cut into parts read at once when only reading it in turn
/// can tell where an item starts (a JSON array's element, a CSV record): each
/// cut after the first is a guess, and a part is kept only when the part
/// before it, read in turn, ended exactly at its guess.
///
/// Many parts keep both cores busy to a chunk's end: two halves left one core
/// waiting whenever its half held the cheaper items.
///
/// ```swift
/// let starts = GuessedParts.starts(from: 0, end: bytes.count, parts: 8) { at in firstLineStart(after: at) }
/// let runs = parallelism.map(starts.count) { read(from: starts[$0], until: $0 + 1 < starts.count ? starts[$0 + 1] : nil) }
/// let kept = GuessedParts.keptCount(starts: starts) { runs[$0].next }
/// ```
enum GuessedParts {
  /// The fewest bytes a part is given: 128 KiB, under a millisecond of
  /// scanning. The chunk's thread waits at its end for the parts the helper
  /// holds, and on two cores shared with the main thread and the read-ahead
  /// the helper is often kept waiting for one: with 512 KiB parts (16 a
  /// chunk) a 1M JSON array loaded 7 % slower (`waterfall-bench scale`,
  /// seven rounds in turn).
  static let partBytes = 1 << 17
  /// The most parts a chunk is cut into (an 8 MiB chunk: 64).
  static let maximumParts = 64

  /// How many parts `count` bytes are cut into: two at the least (the caller
  /// decides whether to cut at all), one for each ``partBytes`` up to ``maximumParts``.
  static func parts(for count: Int) -> Int {
    min(maximumParts, max(2, count / partBytes))
  }

  /// The parts' starts: `start`, then the guess `guess` makes at or after each
  /// even share of `start..<end`; a share whose guess finds nothing past the
  /// last start ends the list.
  static func starts(from start: Int, end: Int, parts: Int, guess: (Int) -> Int?) -> [Int] {
    var starts = [start]
    let share = (end - start) / max(1, parts)
    for part in 1..<max(1, parts) {
      guard let found = guess(max(start + part * share, starts[part - 1] + 1)), found > starts[part - 1], found < end else { break }
      starts.append(found)
    }
    return starts
  }

  /// How many parts are kept: the first, and each after it while the part
  /// before ended where it starts. `next(k)` is where part `k` stopped, the
  /// start of the item after its last (nil: it stopped short, at an error or
  /// the chunk's end).
  static func keptCount(starts: [Int], next: (Int) -> Int?) -> Int {
    var kept = 1
    while kept < starts.count, next(kept - 1) == starts[kept] { kept += 1 }
    return kept
  }
}
