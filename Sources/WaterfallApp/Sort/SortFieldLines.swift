import WaterfallWorkers

/// The line a card sorted by a field it does not show adds (`price: 12.50`),
/// so the order can be seen: which items' cards add it, a bit each, found by
/// the sort's worker in the same job as the order (``find(field:texts:cards:shownInPlace:shouldStop:)``).
///
/// A card adds the line when its item has the field with a value that is not
/// null or empty, and the card does not show it already: the field is not the
/// one its title, subtitle, text, tags or group come from, nor among its
/// `key: value` lines. A boxed card is one row taller for it (``addedRows(of:height:)``);
/// a card of one row keeps its row and shows the value at its right end; a
/// card of a fixed size (a grid's) gives it a row of its own.
///
/// The value itself is read when the card is drawn (``value(in:)``), from the
/// item's text: only the cards on the screen pay for it.
///
/// ```swift
/// let lines = SortFieldLines.find(field: "price", texts: store.itemTexts, cards: store.cardSnapshot, shownInPlace: ["title"])
/// lines?.adds(3)                       // true: item 3 has a price its card does not show
/// lines?.addedRows(of: 3, height: 5)   // 1
/// ```
public struct SortFieldLines: Sendable, Equatable {
  /// The field sorted by.
  public let field: String
  /// Bit `i % 64` of word `i / 64`: whether item `i`'s card adds the line.
  private var bits: [UInt64]
  /// The items looked at (those the store had when sorted); later ones add nothing.
  public let count: Int

  /// Lines for no card (the field is shown in place on every card).
  init(field: String, count: Int) {
    self.field = field
    self.count = count
    bits = []
  }

  /// Whether item `item`'s card adds the line.
  public func adds(_ item: Int) -> Bool {
    let word = item >> 6
    guard item >= 0, word < bits.count else { return false }
    return bits[word] & (1 << UInt64(item & 63)) != 0
  }

  /// The rows the line adds to item `item`'s waterfall card, `height` rows
  /// tall without it: one for a boxed card, none for a card of one row.
  public func addedRows(of item: Int, height: Int) -> Int {
    height > 1 && adds(item) ? 1 : 0
  }

  /// How many cards add the line.
  public var addingCount: Int { bits.reduce(0) { $0 + $1.nonzeroBitCount } }

  /// The line's text for the item whose JSON text is `json`: `price: 12.50`
  /// (an array or object as its compact JSON); nil when it has no value.
  public func line(in json: UnsafeBufferPointer<UInt8>) -> String? {
    guard let value = FrequencyTable.value(of: Array(field.utf8), in: json), !value.isEmpty else { return nil }
    return field + ": " + value
  }

  /// Which of the first `texts.count` items' cards add the line for `field`:
  /// those with a value for it, unless `shownInPlace` holds it (a role's
  /// field) or the card's `key: value` lines show it (``CardPlan``'s first
  /// ones). The items are read in two halves as `parallelism` says. Nil once
  /// `shouldStop` says so (asked every 1,024 items).
  public static func find(
    field: String, texts: ItemTexts, cards: CardSnapshot, shownInPlace: Set<String>, parallelism: Parallelism = .serial,
    shouldStop: @Sendable () -> Bool = { false }
  ) -> SortFieldLines? {
    var lines = SortFieldLines(field: field, count: texts.count)
    guard !shownInPlace.contains(field) else { return lines }
    let words = (texts.count + 63) / 64
    var bits = [UInt64](repeating: 0, count: words)
    let name = Array(field.utf8)
    let prefix = field + ": "
    // Two halves on a whole word each, so no word is written by both.
    let parts = words >= 2 * 64 ? 2 : 1
    let finished = bits.withUnsafeMutableBufferPointer { buffer -> Bool in
      nonisolated(unsafe) let table = buffer
      parallelism.perform(parts) { part in
        let firstWord = words * part / parts
        let items = (firstWord * 64)..<min(texts.count, words * (part + 1) / parts * 64)
        _ = texts.forEachJSON(inBatchesOf: items, shouldStop: shouldStop) { item, json in
          guard item < cards.count, let value = FrequencyTable.value(of: name, in: json), !value.isEmpty,
            !cards.showsFieldLine(prefix, of: item)
          else { return }
          table[item >> 6] |= 1 << UInt64(item & 63)
        }
      }
      return !shouldStop()
    }
    guard finished else { return nil }
    lines.bits = bits
    return lines
  }
}
