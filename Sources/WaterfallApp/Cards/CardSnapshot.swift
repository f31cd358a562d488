import Synchronization
import WaterfallWorkers

/// What a worker thread needs of the store's cards, copied from it in constant
/// time: the packed cards (shared copy on write, or read from the items' texts:
/// ``PackedCards``), the picture sizes read since,
/// and each page's section. With it a worker measures cards (their heights at a
/// width) and groups them (``group(of:)``), as ``ItemStore`` would.
///
/// ```swift
/// let cards = store.cardSnapshot
/// worker.start { job in job.deliver(cards.heights(width: 30, parallelism: job.parallelism)) }
/// ```
public struct CardSnapshot: @unchecked Sendable {
  // @unchecked: immutable copies of copy-on-write values.
  let cards: PackedCards
  let measured: [Int: CardContent.Aspect]
  /// Whether items group by a field of their own (`--group-by`), else by their
  /// page's section (a folder tree).
  let groupsByField: Bool
  let pageSections: [String?]
  /// The line cards sorted by a field they do not show add (``SortFieldLines``).
  var sortLines: SortFieldLines?

  public var count: Int { cards.count }

  /// What item `item`'s card shows, as ``ItemStore/content(at:)``.
  func content(of item: Int) -> CardContent {
    var content = cards.withPacked(of: item) { CardContent(unpacking: $0) }
    if content.aspect == nil, !measured.isEmpty { content.aspect = measured[item] }
    return content
  }

  /// Whether item `item`'s card shows a `key: value` line starting with
  /// `prefix` (`price: `) among those ``CardPlan`` shows: read without
  /// unpacking a card that has no such lines.
  func showsFieldLine(_ prefix: String, of item: Int) -> Bool {
    cards.withPacked(of: item) { bytes in
      guard let flags = bytes.first, flags & CardContent.PackedFlag.fields != 0 else { return false }
      var content = CardContent(unpacking: bytes)
      if content.aspect == nil, !measured.isEmpty { content.aspect = measured[item] }
      return Self.shows(prefix, in: content)
    }
  }

  /// Whether `content` shows a `key: value` line starting with `prefix`.
  private static func shows(_ prefix: String, in content: CardContent) -> Bool {
    let shown = CardPlan.fieldLines(content.fields.count, withPicture: content.aspect != nil)
    return content.fields.prefix(shown).contains { $0.hasPrefix(prefix) }
  }

  /// The rows item `item`'s card is laid out with at `width`: its height
  /// (`known`, when it was measured already), and the sort field's line.
  func layoutHeight(of item: Int, width: Int, known: Int? = nil) -> Int {
    let height = known ?? self.height(of: item, width: width)
    return height + (sortLines?.addedRows(of: item, height: height) ?? 0)
  }

  /// The height of item `item`'s card at `width`, as ``ItemStore/cardHeight(at:width:)``.
  public func height(of item: Int, width: Int) -> Int {
    cards.withPacked(of: item) { height(of: item, packed: $0, width: width) }
  }

  /// The height at `width` of item `item`, whose packed card is `packed`.
  private func height(of item: Int, packed: UnsafeBufferPointer<UInt8>, width: Int) -> Int {
    CardContent.packedHeight(in: packed, width: width, aspect: measured.isEmpty ? nil : measured[item])
  }

  /// The width of item `item`'s card in a horizontal waterfall of rows
  /// `height` tall, as ``CardDataSource`` gives it (``CardWidth``).
  func width(of item: Int, height: Int, within widths: ClosedRange<Int>) -> Int {
    cards.withPacked(of: item) { width(of: item, packed: $0, height: height, within: widths) }
  }

  /// ``width(of:height:within:)`` of item `item`, whose packed card is `packed`.
  private func width(of item: Int, packed: UnsafeBufferPointer<UInt8>, height: Int, within widths: ClosedRange<Int>) -> Int {
    var content = CardContent(unpacking: packed)
    if content.aspect == nil, !measured.isEmpty { content.aspect = measured[item] }
    return CardWidth.fitting(content, height: height, within: widths) { self.height(of: item, packed: packed, width: $0) }
  }

  /// The group item `item` goes in, as ``ItemStore/group(at:)``.
  public func group(of item: Int) -> String? {
    guard groupsByField else { return pageSections[Int(cards.texts.record(item).page)] }
    return cards.withPacked(of: item) { bytes in
      var position = CardContent.packedLength(in: bytes)
      _ = CardContent.readText(bytes, at: &position)
      return CardContent.readText(bytes, at: &position)
    }
  }

  /// How many cards are measured between two looks at `shouldStop`.
  static let batchSize = 1024

  /// Every card's height at `width` (0 for one too tall to keep), by item, or
  /// nil when `shouldStop` said so. Only `items` are measured, when given;
  /// heights in `known` (non-zero) are kept, not measured again; the work is
  /// split in two as `parallelism` says, and `progress` hears how many cards are done,
  /// now and then.
  public func heights(
    width: Int, of items: [Int]? = nil, known: [UInt16]? = nil, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }, progress: @Sendable (Int) -> Void = { _ in }
  ) -> [UInt16]? {
    let aspect = standInAspect
    return table(of: items, known: known, parallelism: parallelism, shouldStop: shouldStop, progress: progress) { batch, put in
      cards.forEachHeights(of: batch, widths: [width], aspect: aspect) { put($0, $1[0]) }
    }
  }

  /// The aspect that stands in for a card's missing one: its picture's size, read since.
  private var standInAspect: @Sendable (Int) -> CardContent.Aspect? {
    let measured = measured
    return { measured.isEmpty ? nil : measured[$0] }
  }

  /// Every card's height at each of `widths`, by width then by item (0 for
  /// one too tall to keep), or nil when `shouldStop` said so: one pass over
  /// the cards, each card read once (from its text, ``PackedCards``) and
  /// measured at every width its table does not know yet (`known`, by width).
  ///
  /// ```swift
  /// let tables = cards.heights(widths: [30, 48], known: [nil, store.knownHeights(width: 48)])
  /// ```
  func heights(widths: [Int], known: [[UInt16]?], shouldStop: () -> Bool = { false }) -> [[UInt16]]? {
    var tables = widths.indices.map { known.indices.contains($0) ? known[$0] ?? [] : [] }
    for t in tables.indices where tables[t].count < count { tables[t] += repeatElement(0, count: count - tables[t].count) }
    var batch: [Int] = []
    var start = 0
    let aspect = standInAspect
    while start < count {
      if shouldStop() { return nil }
      let end = min(start + Self.batchSize, count)
      batch.removeAll(keepingCapacity: true)
      for item in start..<end where tables.contains(where: { $0[item] == 0 }) { batch.append(item) }
      // The widths some card of the batch lacks (a width is known for all or none, mostly).
      let lacking = tables.indices.filter { t in batch.contains { tables[t][$0] == 0 } }
      cards.forEachHeights(of: batch, widths: lacking.map { widths[$0] }, aspect: aspect) { item, heights in
        for (i, t) in lacking.enumerated() where tables[t][item] == 0 {
          tables[t][item] = heights[i] < Int(UInt16.max) ? UInt16(heights[i]) : 0
        }
      }
      start = end
    }
    return tables
  }

  /// Every card's width in a horizontal waterfall of rows `height` tall (see
  /// ``width(of:height:within:)``), by item, or nil when `shouldStop` said so;
  /// only `items` are measured, as ``heights(width:of:known:parallelism:shouldStop:progress:)``.
  func widths(
    height: Int, within widths: ClosedRange<Int>, of items: [Int]? = nil, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }, progress: @Sendable (Int) -> Void = { _ in }
  ) -> [UInt16]? {
    table(of: items, known: nil, parallelism: parallelism, shouldStop: shouldStop, progress: progress) { batch, put in
      cards.forEachPacked(of: batch) { put($0, self.width(of: $0, packed: $1, height: height, within: widths)) }
    }
  }

  /// A table of what `measure` says of each item by item (0 where not
  /// measured, or too large to keep), for `items` or all, the non-zero entries
  /// of `known` kept. `measure` is given a batch of items at a time and puts
  /// each one's figure (`put(item, figure)`).
  private func table(
    of items: [Int]?, known: [UInt16]?, parallelism: Parallelism, shouldStop: @Sendable () -> Bool,
    progress: @Sendable (Int) -> Void, measure: @Sendable (_ batch: [Int], _ put: (Int, Int) -> Void) -> Void
  ) -> [UInt16]? {
    var heights = known ?? []
    if heights.count < count { heights += repeatElement(0, count: count - heights.count) }
    let total = items?.count ?? count
    let parts = max(1, min(2, total / 4096 + 1))
    let stopped = heights.withUnsafeMutableBufferPointer { buffer -> Bool in
      nonisolated(unsafe) let table = buffer
      let done = Atomic<Int>(0)
      parallelism.perform(parts) { part in
        let range = (total * part / parts)..<(total * (part + 1) / parts)
        var batch: [Int] = []
        var start = range.lowerBound
        while start < range.upperBound {
          if shouldStop() { return }
          if start != range.lowerBound { progress(done.add(Self.batchSize, ordering: .relaxed).newValue) }
          let end = min(start + Self.batchSize, range.upperBound)
          batch.removeAll(keepingCapacity: true)
          for index in start..<end {
            let item = items?[index] ?? index
            if table[item] == 0 { batch.append(item) }
          }
          measure(batch) { item, figure in table[item] = figure < Int(UInt16.max) ? UInt16(figure) : 0 }
          start = end
        }
      }
      return shouldStop()
    }
    return stopped ? nil : heights
  }
}
