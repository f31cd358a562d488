import WaterfallWorkers

/// Orders the store's items by a ``SortOrder``: reads every item's field on two
/// threads (``SortKeyReader``: one walk to the field, no value built), then sorts
/// numbers, texts and the rest apart (numbers first, then texts; reversed for
/// `desc`; items without the field last either way). Equal keys keep the data's
/// order, so the sort is stable both ways.
///
/// Keys are sorted compact, each half on its own thread, then merged: a number
/// as 8 bytes whose unsigned order is the number's, a text as its first 8 bytes
/// (when it is ASCII) with the whole text only for ties; every key carries its
/// item, which breaks ties.
///
/// ```swift
/// Sorter.sorted(store.itemTexts, by: SortOrder(field: "price"))   // store indices, cheapest first
/// ```
public enum Sorter {
  /// The store indices of `texts` in `order`, or nil when `shouldStop` said so;
  /// the passes are split in two as `parallelism` says (on a worker, its
  /// ``WorkerJob/parallelism``: helper threads at the worker's priority).
  public static func sorted(
    _ texts: ItemTexts, by order: SortOrder, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }
  ) -> [Int]? {
    guard let field = order.field else {
      return order.descending ? Array((0..<texts.count).reversed()) : Array(0..<texts.count)
    }
    let parts = 2
    let count = texts.count
    let descending = order.descending
    var pieces = parallelism.map(parts) { part in
      keys(of: texts, in: (count * part / parts)..<(count * (part + 1) / parts), field: field, descending: descending, shouldStop: shouldStop)
    }.compactMap { $0 }
    guard pieces.count == parts, !shouldStop() else { return nil }
    var all = pieces.removeFirst()
    for piece in pieces { all.append(piece) }
    pieces = []
    let strings = all.strings
    let numbers = parallelSorted(&all.numbers, parallelism: parallelism, shouldStop: shouldStop) { a, b in a.key < b.key || (a.key == b.key && a.item < b.item) }
    guard let numbers else { return nil }
    let words = strings.withUnsafeBufferPointer { strings in
      parallelSorted(&all.texts, parallelism: parallelism, shouldStop: shouldStop) { a, b in
        if a.ascii, b.ascii, a.prefix != b.prefix { return descending ? a.prefix > b.prefix : a.prefix < b.prefix }
        let (x, y) = (strings[Int(a.slot)], strings[Int(b.slot)])
        if x != y { return descending ? x > y : x < y }
        return a.item < b.item
      }
    }
    guard let words else { return nil }
    let missing = all.missing.lazy.map { Int($0) }
    return descending ? words + numbers + missing : numbers + words + missing
  }

  /// A number's key: the item, and 8 bytes whose unsigned order is the
  /// number's (flipped for a descending sort).
  struct NumberKey {
    var key: UInt64
    var item: UInt32

    init(_ value: Double, item: Int, descending: Bool) {
      let bits = (value == 0 ? 0 : value).bitPattern
      let ordered = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
      key = descending ? ~ordered : ordered
      self.item = UInt32(item)
    }
  }

  /// A text's key: its first 8 bytes (big-endian, zeros after the end) when
  /// the whole text is ASCII, where bytes order as the text does; the text
  /// itself is `strings[slot]`.
  struct TextKey {
    var prefix: UInt64
    var item: UInt32
    var slot: UInt32
    var ascii: Bool

    init(_ text: String, item: Int, slot: Int) {
      var prefix: UInt64 = 0
      var ascii = true
      var n = 0
      for byte in text.utf8 {
        if byte >= 0x80 {
          ascii = false
          break
        }
        if n < 8 { prefix |= UInt64(byte) << (56 - 8 * n) }
        n += 1
      }
      self.prefix = prefix
      self.ascii = ascii
      self.item = UInt32(item)
      self.slot = UInt32(slot)
    }
  }

  /// The keys of one part of the items, sorted into kinds.
  struct Keys {
    var numbers: [NumberKey] = []
    var texts: [TextKey] = []
    var strings: [String] = []
    var missing: [UInt32] = []

    mutating func append(_ other: Keys) {
      numbers += other.numbers
      let offset = UInt32(strings.count)
      texts += other.texts.lazy.map { var key = $0; key.slot += offset; return key }
      strings += other.strings
      missing += other.missing
    }
  }

  static func keys(of texts: ItemTexts, in range: Range<Int>, field: String, descending: Bool, shouldStop: () -> Bool) -> Keys? {
    var keys = Keys()
    keys.numbers.reserveCapacity(range.count)
    var reader = SortKeyReader(field: field)
    var stopped = false
    texts.forEachJSON(of: range) { item, json in
      guard !stopped else { return }
      if item & 1023 == 0, shouldStop() {
        stopped = true
        return
      }
      switch reader.key(of: json) {
      case .number(let n): keys.numbers.append(NumberKey(n, item: item, descending: descending))
      case .text(let t):
        keys.texts.append(TextKey(t, item: item, slot: keys.strings.count))
        keys.strings.append(t)
      case .missing: keys.missing.append(UInt32(item))
      }
    }
    return stopped ? nil : keys
  }

  /// The items of `keys` sorted by `less`: each half on a thread of its own,
  /// then merged; nil when `shouldStop` said so in between.
  static func parallelSorted<Key: HasItem>(
    _ keys: inout [Key], parallelism: Parallelism, shouldStop: () -> Bool, by less: (Key, Key) -> Bool
  ) -> [Int]? {
    let n = keys.count
    guard n > 20_000 else {
      keys.sort(by: less)
      return keys.map { Int($0.item) }
    }
    let mid = n / 2
    return keys.withUnsafeMutableBufferPointer { buffer -> [Int]? in
      nonisolated(unsafe) let whole = buffer
      withoutActuallyEscaping(less) { less in
        nonisolated(unsafe) let less = less
        parallelism.perform(2) { half in
          var part = UnsafeMutableBufferPointer(rebasing: whole[half == 0 ? 0..<mid : mid..<n])
          part.sort(by: less)
        }
      }
      if shouldStop() { return nil }
      return [Int](unsafeUninitializedCapacity: n) { out, written in
        var (i, j, k) = (0, mid, 0)
        while i < mid, j < n {
          if less(whole[j], whole[i]) {
            out[k] = Int(whole[j].item)
            j += 1
          } else {
            out[k] = Int(whole[i].item)
            i += 1
          }
          k += 1
        }
        while i < mid { out[k] = Int(whole[i].item); i += 1; k += 1 }
        while j < n { out[k] = Int(whole[j].item); j += 1; k += 1 }
        written = n
      }
    }
  }

  /// The sort key of member `field` of the object `json`.
  public static func key(of json: UnsafeBufferPointer<UInt8>, field: String) -> SortKey {
    var reader = SortKeyReader(field: field)
    return reader.key(of: json)
  }

  /// The sort key as read by parsing the object (what ``SortKeyReader`` must
  /// equal; kept for its test).
  public static func parsedKey(of json: UnsafeBufferPointer<UInt8>, field: String) -> SortKey {
    var parser = JSONParser(bytes: json)
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: "{"), let object = try? parser.parseObject(keeping: { $0 == field }) else { return .missing }
    return SortKey(object[field])
  }
}

/// A sort key that knows its item.
protocol HasItem: SendableMetatype {
  var item: UInt32 { get }
}

extension Sorter.NumberKey: HasItem {}
extension Sorter.TextKey: HasItem {}
