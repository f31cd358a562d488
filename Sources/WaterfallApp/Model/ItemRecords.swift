/// Every item's ``ItemStore/Record``, in 16 bytes each rather than 24.
///
/// A record is four numbers: where the item's packed card starts, where its
/// text starts in its page, its length and its page. Kept as they are, they
/// take 24 bytes (two 64-bit offsets, two 32-bit numbers); here they share two
/// 64-bit words: each offset in 40 bits (1 TiB), the length and the page in 24
/// bits each (16 MiB, 16,777,215 pages). An item whose numbers do not fit (a
/// line longer than 16 MiB, a file past 1 TiB) keeps its whole record in a side
/// table, found by its index; its words say so by a length of all ones.
///
/// ```swift
/// var records = ItemRecords()
/// records.append(ItemStore.Record(summary: 0, offset: 120, length: 300, page: 0))
/// records[0].offset   // 120
/// ```
struct ItemRecords {
  /// One record's two words.
  struct Packed {
    /// The summary's offset, then the page in the top 24 bits.
    var summaryAndPage: UInt64
    /// The text's offset, then the length in the top 24 bits.
    var offsetAndLength: UInt64
  }

  /// What a record costs here, in bytes.
  static let bytesPerRecord = MemoryLayout<Packed>.stride

  private static let offsetBits: UInt64 = 40
  private static let offsetMask: UInt64 = (1 << offsetBits) - 1
  /// The summary offset that says an item keeps no packed card: the largest
  /// that fits (``PackedCards/fromText``).
  static let noSummary = Int(offsetMask)
  /// The length that says the record is in ``wide``.
  private static let wideMark: UInt64 = (1 << (64 - offsetBits)) - 1

  private var packed: [Packed] = []
  /// The records that do not fit in two words, by item index.
  private var wide: [Int: ItemStore.Record] = [:]

  init() {}

  var count: Int { packed.count }

  /// How many records are kept whole, in the side table (tests).
  var wideCount: Int { wide.count }

  subscript(index: Int) -> ItemStore.Record {
    let words = packed[index]
    let length = words.offsetAndLength >> Self.offsetBits
    if length == Self.wideMark, let record = wide[index] { return record }
    return ItemStore.Record(
      summary: Int(words.summaryAndPage & Self.offsetMask), offset: Int(words.offsetAndLength & Self.offsetMask),
      length: UInt32(length), page: UInt32(words.summaryAndPage >> Self.offsetBits))
  }

  mutating func append(_ record: ItemStore.Record) {
    let fits =
      record.summary >= 0 && UInt64(record.summary) <= Self.offsetMask && record.offset >= 0
      && UInt64(record.offset) <= Self.offsetMask && UInt64(record.length) < Self.wideMark && UInt64(record.page) < Self.wideMark
    if fits {
      packed.append(
        Packed(
          summaryAndPage: UInt64(record.summary) | UInt64(record.page) << Self.offsetBits,
          offsetAndLength: UInt64(record.offset) | UInt64(record.length) << Self.offsetBits))
    } else {
      wide[packed.count] = record
      packed.append(Packed(summaryAndPage: 0, offsetAndLength: Self.wideMark << Self.offsetBits))
    }
  }

  /// Appends each of `records`, in order (a delivery's, in one access to the store's records).
  mutating func append(contentsOf records: some Sequence<ItemStore.Record>) {
    for record in records { append(record) }
  }

  mutating func removeAll() {
    packed.removeAll()
    wide.removeAll()
  }
}
