import Dispatch
import Synchronization

/// Orders the store's items by a ``SortOrder``: reads every item's field on two
/// threads, then sorts numbers, texts and the rest apart (numbers first, then
/// texts; reversed for `desc`; items without the field last either way). Equal
/// keys keep the data's order, so the sort is stable both ways.
///
/// ```swift
/// Sorter.sorted(store.itemTexts, by: SortOrder(field: "price"))   // store indices, cheapest first
/// ```
public enum Sorter {
  /// The store indices of `texts` in `order`, or nil when `shouldStop` said so.
  public static func sorted(_ texts: ItemTexts, by order: SortOrder, shouldStop: @Sendable () -> Bool = { false }) -> [Int]? {
    guard let field = order.field else {
      return order.descending ? Array((0..<texts.count).reversed()) : Array(0..<texts.count)
    }
    let parts = 2
    let count = texts.count
    let results = Mutex<[Keys?]>(Array(repeating: nil, count: parts))
    DispatchQueue.concurrentPerform(iterations: parts) { part in
      let range = (count * part / parts)..<(count * (part + 1) / parts)
      let found = keys(of: texts, in: range, field: field, shouldStop: shouldStop)
      results.withLock { $0[part] = found }
    }
    let pieces = results.withLock { $0.compactMap { $0 } }
    guard pieces.count == parts else { return nil }
    var numbers = pieces.flatMap(\.numbers)
    var words = pieces.flatMap(\.texts)
    let missing = pieces.flatMap(\.missing)
    if shouldStop() { return nil }
    if order.descending {
      numbers.sort { $0.key > $1.key || ($0.key == $1.key && $0.item < $1.item) }
      words.sort { $0.key > $1.key || ($0.key == $1.key && $0.item < $1.item) }
      return words.map { Int($0.item) } + numbers.map { Int($0.item) } + missing.map(Int.init)
    }
    numbers.sort { $0.key < $1.key || ($0.key == $1.key && $0.item < $1.item) }
    words.sort { $0.key < $1.key || ($0.key == $1.key && $0.item < $1.item) }
    return numbers.map { Int($0.item) } + words.map { Int($0.item) } + missing.map(Int.init)
  }

  /// The keys of one part of the items, sorted into kinds.
  struct Keys: Sendable {
    var numbers: [(key: Double, item: Int32)] = []
    var texts: [(key: String, item: Int32)] = []
    var missing: [Int32] = []
  }

  static func keys(of texts: ItemTexts, in range: Range<Int>, field: String, shouldStop: () -> Bool) -> Keys? {
    var keys = Keys()
    var stopped = false
    texts.forEachJSON(of: range) { item, json in
      guard !stopped else { return }
      if item & 1023 == 0, shouldStop() {
        stopped = true
        return
      }
      switch key(of: json, field: field) {
      case .number(let n): keys.numbers.append((n, Int32(item)))
      case .text(let t): keys.texts.append((t, Int32(item)))
      case .missing: keys.missing.append(Int32(item))
      }
    }
    return stopped ? nil : keys
  }

  /// The sort key of member `field` of the object `json`.
  public static func key(of json: UnsafeBufferPointer<UInt8>, field: String) -> SortKey {
    var parser = JSONParser(bytes: json)
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: "{"), let object = try? parser.parseObject(keeping: { $0 == field }) else { return .missing }
    return SortKey(object[field])
  }
}
