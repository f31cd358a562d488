import Synchronization
import WaterfallWorkers

/// What a worker thread needs of the store's cards, copied from it in constant
/// time: the packed cards (shared copy on write), the picture sizes read since,
/// and each page's section. With it a worker measures cards (their heights at a
/// width) and groups them (``group(of:)``), as ``ItemStore`` would.
///
/// ```swift
/// let cards = store.cardSnapshot
/// worker.start { job in job.deliver(cards.heights(width: 30, parallelism: job.parallelism)) }
/// ```
public struct CardSnapshot: @unchecked Sendable {
  // @unchecked: immutable copies of copy-on-write values.
  let records: ItemRecords
  let summaries: ByteArena
  let measured: [Int: CardContent.Aspect]
  /// Whether items group by a field of their own (`--group-by`), else by their
  /// page's section (a folder tree).
  let groupsByField: Bool
  let pageSections: [String?]
  /// The line cards sorted by a field they do not show add (``SortFieldLines``).
  var sortLines: SortFieldLines?

  public var count: Int { records.count }

  /// What item `item`'s card shows, as ``ItemStore/content(at:)``.
  func content(of item: Int) -> CardContent {
    var content = summaries.withBytes(from: records[item].summary) { CardContent(unpacking: $0) }
    if content.aspect == nil, !measured.isEmpty { content.aspect = measured[item] }
    return content
  }

  /// Whether item `item`'s card shows a `key: value` line starting with
  /// `prefix` (`price: `) among those ``CardPlan`` shows: read without
  /// unpacking a card that has no such lines.
  func showsFieldLine(_ prefix: String, of item: Int) -> Bool {
    let hasFields = summaries.withBytes(from: records[item].summary) { bytes in
      bytes.first.map { $0 & CardContent.PackedFlag.fields != 0 } ?? false
    }
    guard hasFields else { return false }
    let content = content(of: item)
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
    summaries.withBytes(from: records[item].summary) {
      CardContent.packedHeight(in: $0, width: width, aspect: measured.isEmpty ? nil : measured[item])
    }
  }

  /// The width of item `item`'s card in a horizontal waterfall of rows
  /// `height` tall, as ``CardDataSource`` gives it (``CardWidth``).
  func width(of item: Int, height: Int, within widths: ClosedRange<Int>) -> Int {
    let content = content(of: item)
    return CardWidth.fitting(content, height: height, within: widths) { self.height(of: item, width: $0) }
  }

  /// The group item `item` goes in, as ``ItemStore/group(at:)``.
  public func group(of item: Int) -> String? {
    let record = records[item]
    guard groupsByField else { return pageSections[Int(record.page)] }
    return summaries.withBytes(from: record.summary) { bytes in
      var position = CardContent.packedLength(in: bytes)
      _ = CardContent.readText(bytes, at: &position)
      return CardContent.readText(bytes, at: &position)
    }
  }

  /// Every card's height at `width` (0 for one too tall to keep), by item, or
  /// nil when `shouldStop` said so. Only `items` are measured, when given;
  /// heights in `known` (non-zero) are kept, not measured again; the work is
  /// split in two as `parallelism` says, and `progress` hears how many cards are done,
  /// now and then.
  public func heights(
    width: Int, of items: [Int]? = nil, known: [UInt16]? = nil, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }, progress: @Sendable (Int) -> Void = { _ in }
  ) -> [UInt16]? {
    table(of: items, known: known, parallelism: parallelism, shouldStop: shouldStop, progress: progress) {
      self.height(of: $0, width: width)
    }
  }

  /// Every card's width in a horizontal waterfall of rows `height` tall (see
  /// ``width(of:height:within:)``), by item, or nil when `shouldStop` said so;
  /// only `items` are measured, as ``heights(width:of:known:parallelism:shouldStop:progress:)``.
  func widths(
    height: Int, within widths: ClosedRange<Int>, of items: [Int]? = nil, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }, progress: @Sendable (Int) -> Void = { _ in }
  ) -> [UInt16]? {
    table(of: items, known: nil, parallelism: parallelism, shouldStop: shouldStop, progress: progress) {
      self.width(of: $0, height: height, within: widths)
    }
  }

  /// A table of `measure(item)` by item (0 where not measured, or too large
  /// to keep), for `items` or all, the non-zero entries of `known` kept.
  private func table(
    of items: [Int]?, known: [UInt16]?, parallelism: Parallelism, shouldStop: @Sendable () -> Bool,
    progress: @Sendable (Int) -> Void, measure: @Sendable (Int) -> Int
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
        for index in range {
          if index & 1023 == 0 {
            if shouldStop() { return }
            if index != range.lowerBound { progress(done.add(1024, ordering: .relaxed).newValue) }
          }
          let item = items?[index] ?? index
          guard table[item] == 0 else { continue }
          let height = measure(item)
          table[item] = height < Int(UInt16.max) ? UInt16(height) : 0
        }
      }
      return shouldStop()
    }
    return stopped ? nil : heights
  }
}
