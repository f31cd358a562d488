/// Which of the store's items the browser shows: those the search matched (all,
/// with no search) that `x` has not hidden, in store order.
///
/// A value the browser holds and hands its list to the cards; it knows nothing
/// of the screen, so it is tested alone. The search itself runs elsewhere
/// (``SearchEngine``): this is given its matches.
///
/// ```swift
/// var shown = ShownItems()
/// shown.hide(3)
/// shown.items(of: store)            // every item but 3
/// shown.items(among: [1, 3, 5])     // [1, 5]: a search's matches, 3 left out
/// shown.undoHide()                  // 3 again
/// ```
public struct ShownItems: Equatable, Sendable {
  /// The search typed after `/`; empty shows everything.
  public var filter = ""
  /// Items hidden with `x`, most recent last.
  public private(set) var hidden: [Int] = []

  public init() {}

  /// Nothing searched, `hidden` hidden (most recent last).
  public init(hiding hidden: [Int]) {
    self.hidden = hidden
  }

  /// Whether the search and the hides leave every item shown.
  public var showsEverything: Bool { filter.isEmpty && hidden.isEmpty }

  /// The items of `range` (all of the store by default) not hidden, in order:
  /// what shows when there is no search.
  public func items(of store: ItemStore, in range: Range<Int>? = nil) -> [Int] {
    items(in: range ?? 0..<store.count)
  }

  /// The items of `range` not hidden, in order.
  public func items(in range: Range<Int>) -> [Int] {
    guard !hidden.isEmpty else { return Array(range) }
    // The runs between the hidden items, copied whole: no lookup per item (a
    // million cards, on the main thread, at each `x`).
    var result: [Int] = []
    result.reserveCapacity(range.count)
    var start = range.lowerBound
    for gone in Set(hidden).sorted() where range.contains(gone) {
      result.append(contentsOf: start..<gone)
      start = gone + 1
    }
    result.append(contentsOf: start..<range.upperBound)
    return result
  }

  /// Those of `items` (a search's matches) not hidden, in their order.
  public func items(among items: some Sequence<Int>) -> [Int] {
    if hidden.isEmpty { return Array(items) }
    let gone = Set(hidden)
    return items.filter { !gone.contains($0) }
  }

  /// Hides `item` (from the view, never from the data).
  public mutating func hide(_ item: Int) {
    hidden.append(item)
  }

  /// Shows the item hidden last again; returns it, or nil when none is hidden.
  @discardableResult
  public mutating func undoHide() -> Int? {
    hidden.popLast()
  }

  /// Forgets every hide (the data was read again).
  public mutating func showHidden() {
    hidden = []
  }
}
