/// The items of one waterfall column, stacked top to bottom, stored in 8 bytes an
/// item so that finding the first item below a row reads only a few cache lines.
///
/// A column's items never overlap and are stacked in the order they were placed,
/// one ``spacing`` apart, so their tops and bottoms both increase along
/// ``entries``, and so do their item indices (a section places items in item order).
/// An entry keeps only the item's height and index: its top is the top of its
/// block of ``checkpointStride`` (16) entries plus the heights and spacings above it
/// in the block, a sum over at most 15 entries that lie in the same two cache lines
/// the query reads anyway. The block tops need no array of their own: ``checkpoints``
/// holds the bottom of each block's first entry, whose top is that bottom less its
/// height. Tops beyond `Int32.max` (a hundred million items in one column) are
/// exact, since the checkpoints are `Int`.
///
/// The search is a small static B-tree over the bottoms, fanout 16: ``checkpoints``
/// every 16th entry and ``coarseCheckpoints`` every 16th checkpoint. A binary search
/// over the coarse level (1/256 of the entries: a few kilobytes at a million items,
/// so it stays in the cache) picks a window of 16 checkpoints (two cache lines),
/// which picks a window of 16 entries (two cache lines). Each window is counted
/// rather than bisected: its loads do not depend on one another, so its cache lines
/// arrive together, and a query pays about two trips to memory per column instead
/// of one per step of a binary search. ``itemSamples`` (the item of every 16th
/// entry) does the same for finding an item: ``position(ofItem:)``.
///
/// A column of at most ``checkpointStride`` items (a small group's) keeps no
/// checkpoints: its searches count its few entries from ``top``, and a million
/// one-item groups do not hold three more arrays a column.
///
/// ```swift
/// var stack = ColumnStack(top: 0, spacing: 1)
/// stack.append(item: 0, height: 4)               // rows 0..<4
/// stack.append(item: 3, height: 2)               // rows 5..<7
/// stack.firstIndex(endingAfter: 4)               // 1: item 3 is the first to reach below row 4
/// stack.placement(at: 1)                         // y 5, height 2, item 3
/// stack.position(ofItem: 3)                      // 1
/// stack.nextTop                                  // 8
/// ```
struct ColumnStack {
  /// One item in the column: its height and its index in the section. Its top is
  /// worked out from its block's (see ``top(at:)``).
  struct Entry {
    var height: UInt32
    var item: Int32
  }

  /// An entry with its top worked out: where an item is.
  struct Placement: Equatable {
    var y: Int
    var height: Int
    var item: Int

    /// The row after the item's last row.
    var bottom: Int { y + height }
  }

  /// Entries per checkpoint, and checkpoints per coarse checkpoint: a window of
  /// this many 8-byte entries (128 bytes) is what a search reads last.
  static let checkpointStride = 16

  /// The column's items, top to bottom.
  private(set) var entries: [Entry] = []
  /// The bottom of entries 0, `checkpointStride`, `2 * checkpointStride`, …;
  /// empty while the column has no more than `checkpointStride` entries.
  private(set) var checkpoints: [Int] = []
  /// Every `checkpointStride`-th checkpoint: the bottom of entries 0,
  /// `checkpointStride²`, `2 * checkpointStride²`, …
  private(set) var coarseCheckpoints: [Int] = []
  /// The item of entries 0, `checkpointStride`, `2 * checkpointStride`, …, kept
  /// beside ``checkpoints``: what ``position(ofItem:)`` searches.
  private(set) var itemSamples: [Int32] = []
  /// The row the column's first item starts at.
  let top: Int
  /// The empty rows between two items.
  let spacing: Int
  /// The row where the next item would start: under the last one and its spacing.
  private(set) var nextTop: Int

  init(top: Int, spacing: Int) {
    self.top = top
    self.spacing = spacing
    nextTop = top
  }

  var count: Int { entries.count }
  var isEmpty: Bool { entries.isEmpty }

  mutating func reserveCapacity(_ count: Int) {
    entries.reserveCapacity(count)
    guard count > Self.checkpointStride else { return }
    checkpoints.reserveCapacity(count / Self.checkpointStride + 1)
    itemSamples.reserveCapacity(count / Self.checkpointStride + 1)
  }

  /// Whether the column is searched through its checkpoints (it has more than
  /// ``checkpointStride`` entries), rather than by counting its entries.
  var hasCheckpoints: Bool { !checkpoints.isEmpty }

  /// Stacks item `item`, `height` rows tall, under the others, and leaves
  /// ``spacing`` rows before the next one.
  ///
  /// `item` must be greater than every item already in the column, and `height`
  /// at most `UInt32.max` (the layout clamps heights to
  /// ``ItemSize/maximumHeight``, 2^20).
  mutating func append(item: Int, height: Int) {
    precondition(height >= 0 && height <= Int(UInt32.max), "a column item's height is 0...UInt32.max")
    assert(entries.last.map { Int($0.item) < item } ?? true, "a column's items are appended in item order")
    let y = nextTop
    let index = entries.count
    if index == Self.checkpointStride {
      // The column outgrows one window: its search levels start, at entry 0.
      let bottom = top + Int(entries[0].height)
      checkpoints.append(bottom)
      coarseCheckpoints.append(bottom)
      itemSamples.append(entries[0].item)
    }
    if index >= Self.checkpointStride, index % Self.checkpointStride == 0 {
      if checkpoints.count % Self.checkpointStride == 0 { coarseCheckpoints.append(y + height) }
      checkpoints.append(y + height)
      itemSamples.append(Int32(item))
    }
    entries.append(Entry(height: UInt32(height), item: Int32(item)))
    nextTop = y + height + spacing
  }

  // MARK: Tops

  /// The top row of the entry at `position`, or ``nextTop`` when `position` is
  /// ``count``.
  ///
  /// - Complexity: O(1): the block's top plus at most 15 heights.
  @inline(__always)
  func top(at position: Int) -> Int {
    guard position < entries.count else { return nextTop }
    var start = 0
    var y = top
    if hasCheckpoints {
      start = position & ~(Self.checkpointStride - 1)
      y = checkpoints[position / Self.checkpointStride] - Int(entries[start].height)
    }
    for index in start..<position { y += Int(entries[index].height) + spacing }
    return y
  }

  /// The entry at `position` with its top.
  func placement(at position: Int) -> Placement {
    let entry = entries[position]
    return Placement(y: top(at: position), height: Int(entry.height), item: Int(entry.item))
  }

  /// Every entry from `position` down, with its top: ``top(at:)`` once, then a sum.
  func placements(from position: Int = 0) -> some Sequence<Placement> {
    var index = position
    var y = top(at: position)
    return AnySequence {
      AnyIterator {
        guard index < entries.count else { return nil }
        let entry = entries[index]
        let placement = Placement(y: y, height: Int(entry.height), item: Int(entry.item))
        y += Int(entry.height) + spacing
        index += 1
        return placement
      }
    }
  }

  // MARK: Searching rows

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
    return refineEntries(checkpoint, above: y)
  }

  /// ``firstIndex(endingAfter:)`` in a column without checkpoints: its few
  /// entries counted, their bottoms summed from ``top``.
  func smallIndex(endingAfter y: Int) -> Int {
    var skipped = 0
    var bottom = top - spacing
    for entry in entries {
      bottom += spacing + Int(entry.height)
      skipped += bottom <= y ? 1 : 0
    }
    return skipped
  }

  /// The last step of ``firstIndex(endingAfter:)``: given `mark`, the first
  /// checkpoint greater than `y`, the entries of its window counted.
  ///
  /// Entry `(mark - 1) * stride` ends at or above `y` (its bottom is checkpoint
  /// `mark - 1`) and entry `mark * stride` (when there is one) below it, so the
  /// answer lies in between; the bottoms in between are that checkpoint plus the
  /// spacings and heights that follow.
  @inline(__always)
  func refineEntries(_ mark: Int, above y: Int) -> Int {
    guard mark > 0 else { return 0 }
    let low = (mark - 1) * Self.checkpointStride + 1
    // With no checkpoint below y (mark == checkpoints.count), the window runs to the end.
    let high = min(entries.count, mark * Self.checkpointStride)
    var bottom = checkpoints[mark - 1]
    var skipped = 0
    for index in low..<high {
      bottom += spacing + Int(entries[index].height)
      skipped += bottom <= y ? 1 : 0
    }
    return low + skipped
  }

  /// The first index of `sorted` whose value is greater than `y`, or its count.
  ///
  /// A binary search without branches on the data: each step picks its half with a
  /// conditional move, so no step waits on a mispredicted branch.
  @inline(__always)
  static func firstIndex<Key: Comparable>(in sorted: [Key], above y: Key) -> Int {
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

  // MARK: Searching items

  /// The position of item `item` in ``entries``, or `nil` when it is not in this
  /// column.
  ///
  /// The items increase down the column, so this is a search like
  /// ``firstIndex(endingAfter:)``'s: a binary search over ``itemSamples`` picks a
  /// window of 16 entries, which is counted.
  ///
  /// - Complexity: O(log n).
  func position(ofItem item: Int) -> Int? {
    guard let first = entries.first, let last = entries.last, Int(first.item) <= item, item <= Int(last.item)
    else { return nil }
    var low = 0
    var high = entries.count
    if hasCheckpoints {
      // At least 1: sample 0 is the first item, at most `item`.
      let mark = Self.firstIndex(in: itemSamples, above: Int32(item))
      low = (mark - 1) * Self.checkpointStride
      high = min(entries.count, mark * Self.checkpointStride)
    }
    var position = low
    for index in low..<high where Int(entries[index].item) < item { position += 1 }
    return position < high && Int(entries[position].item) == item ? position : nil
  }

  // MARK: Memory

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
      + itemSamples.capacity * MemoryLayout<Int32>.stride
  }
}
