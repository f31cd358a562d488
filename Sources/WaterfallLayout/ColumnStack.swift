/// The items of one waterfall column, stacked top to bottom, stored so that finding
/// the first item below a row reads only a few cache lines.
///
/// A column's items never overlap and are stacked in the order they were placed,
/// so their tops and their bottoms both increase along ``entries``. Each entry holds
/// everything a query returns (top, height, item index), and the entries of one
/// column lie next to one another, so the walk down the column after a search reads
/// memory next to what the search read, instead of jumping through an index into an
/// array of every item, which misses the cache at each step once the layout
/// outgrows it.
///
/// The search itself is a small static B-tree over the bottoms, fanout
/// ``checkpointStride`` (16): ``checkpoints`` holds the bottom of every 16th entry
/// and ``coarseCheckpoints`` every 16th checkpoint. A binary search over the coarse
/// level (1/256 of the entries: a few kilobytes at a million items, so it stays in
/// the cache) picks a window of 16 checkpoints (two cache lines), which picks a
/// window of 16 entries (four cache lines). Each window is counted rather than
/// bisected: its loads do not depend on one another, so its cache lines arrive
/// together, and a query pays about two trips to memory per column instead of
/// one per step of a binary search.
///
/// A column of at most ``checkpointStride`` items (a small group's) keeps no
/// checkpoints: its search counts its few entries, and a million one-item
/// groups do not hold two more arrays a column.
///
/// ```swift
/// var stack = ColumnStack(top: 0)
/// stack.append(item: 0, height: 4, spacing: 1)   // rows 0..<4
/// stack.append(item: 3, height: 2, spacing: 1)   // rows 5..<7
/// stack.firstIndex(endingAfter: 4)               // 1: item 3 is the first to reach below row 4
/// stack.nextTop                                  // 8
/// ```
struct ColumnStack {
  /// One item in the column: its top row, its height and its index in the section.
  struct Entry {
    var y: Int
    var height: Int32
    var item: Int32

    /// The row after the item's last row.
    var bottom: Int { y + Int(height) }
  }

  /// Entries per checkpoint, and checkpoints per coarse checkpoint: a window of
  /// this many 16-byte entries (256 bytes) is what a search reads last.
  static let checkpointStride = 16

  /// The column's items, top to bottom.
  private(set) var entries: [Entry] = []
  /// The bottom of entries 0, `checkpointStride`, `2 * checkpointStride`, …;
  /// empty while the column has no more than `checkpointStride` entries.
  private(set) var checkpoints: [Int] = []
  /// Every `checkpointStride`-th checkpoint: the bottom of entries 0,
  /// `checkpointStride²`, `2 * checkpointStride²`, …
  private(set) var coarseCheckpoints: [Int] = []
  /// The row where the next item would start: under the last one and its spacing.
  private(set) var nextTop: Int

  init(top: Int) {
    nextTop = top
  }

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }

  mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
    if count > Self.checkpointStride { checkpoints.reserveCapacity(count / Self.checkpointStride + 1) }
  }

  /// Whether the column is searched through its checkpoints (it has more than
  /// ``checkpointStride`` entries), rather than by counting its entries.
  var hasCheckpoints: Bool { !checkpoints.isEmpty }

  /// Stacks item `item`, `height` rows tall, under the others, and leaves `spacing`
  /// rows before the next one.
  mutating func append(item: Int, height: Int, spacing: Int) {
    let y = nextTop
    let index = entries.count
    if index == Self.checkpointStride {
      // The column outgrows one window: its search levels start, at entry 0.
      checkpoints.append(entries[0].bottom)
      coarseCheckpoints.append(entries[0].bottom)
    }
    if index >= Self.checkpointStride, index % Self.checkpointStride == 0 {
      if checkpoints.count % Self.checkpointStride == 0 { coarseCheckpoints.append(y + height) }
      checkpoints.append(y + height)
    }
    entries.append(Entry(y: y, height: Int32(height), item: Int32(item)))
    nextTop = y + height + spacing
  }

  /// The position in ``entries`` of the first item whose rows reach below `y`, or
  /// ``count`` when none does.
  ///
  /// - Complexity: O(log n): a binary search over the coarse checkpoints, which
  ///   stay in the cache, then a count over at most 16 checkpoints and one over at
  ///   most 16 entries.
  func firstIndex(endingAfter y: Int) -> Int {
    guard hasCheckpoints else { return smallIndex(endingAfter: y) }
    let coarse = Self.firstIndex(in: coarseCheckpoints, above: y)
    let checkpoint = Self.refine(coarse, in: checkpoints, above: y) { $0 }
    return Self.refine(checkpoint, in: entries, above: y) { $0.bottom }
  }

  /// ``firstIndex(endingAfter:)`` in a column without checkpoints: its few
  /// entries counted.
  func smallIndex(endingAfter y: Int) -> Int {
    var skipped = 0
    for entry in entries where entry.bottom <= y { skipped += 1 }
    return skipped
  }

  /// The first index of `sorted` whose value is greater than `y`, or its count.
  ///
  /// A binary search without branches on the data: each step picks its half with a
  /// conditional move, so no step waits on a mispredicted branch.
  static func firstIndex(in sorted: [Int], above y: Int) -> Int {
    var length = sorted.count
    guard length > 0 else { return 0 }
    var base = 0
    // The answer lies in base ... base + length.
    while length > 1 {
      let half = length / 2
      base += sorted[base + half - 1] <= y ? half : 0
      length -= half
    }
    return base + (sorted[base] <= y ? 1 : 0)
  }

  /// The first index of `elements` whose key is greater than `y`, given `mark`, the
  /// first index of a sample of every `checkpointStride`-th key that is greater.
  ///
  /// Element `(mark - 1) * stride` is at or above `y` and element `mark * stride`
  /// (when there is one) is below it, so the answer lies in between: the elements
  /// of that window at or above `y` are counted rather than bisected, since those
  /// loads do not depend on one another and their cache lines arrive together.
  @inline(__always)
  static func refine<Element>(
    _ mark: Int, in elements: [Element], above y: Int, key: (Element) -> Int
  ) -> Int {
    let low = mark == 0 ? 0 : (mark - 1) * checkpointStride + 1
    // With no sample below y (mark == samples), the window runs to the end.
    let high = min(elements.count, mark * checkpointStride)
    var skipped = 0
    for index in low..<high where key(elements[index]) <= y { skipped += 1 }
    return low + skipped
  }

  /// Gives back the room reserved beyond the entries when it is more than an
  /// eighth of them, so a prepared layout holds what it uses.
  mutating func trimCapacity() {
    let count = entries.count
    guard entries.capacity > count + count / 8 + 16 else { return }
    entries = [Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
      _ = buffer.initialize(from: entries)
      initialized = count
    }
  }

  /// The bytes held, by capacity.
  var memoryFootprint: Int {
    entries.capacity * MemoryLayout<Entry>.stride
      + (checkpoints.capacity + coarseCheckpoints.capacity) * MemoryLayout<Int>.stride
  }
}
