/// Which of the store's items the browser shows, and in what order: those the
/// filter matches and `x` has not hidden, in store order (later: sorted).
///
/// A value the browser holds and hands its list to the cards; it knows nothing
/// of the screen, so it is tested alone.
///
/// ```swift
/// var shown = ShownItems()
/// shown.filter = "mug"
/// shown.hide(3)
/// let items = shown.items(of: store)          // matching items, 3 left out
/// shown.undoHide()                            // 3 again
/// ```
public struct ShownItems: Equatable, Sendable {
  /// The filter typed after `/`; empty shows everything.
  public var filter = ""
  /// Items hidden with `x`, most recent last.
  public private(set) var hidden: [Int] = []

  public init() {}

  /// Whether the filter and the hides leave every item shown.
  public var showsEverything: Bool { filter.isEmpty && hidden.isEmpty }

  /// Whether store item `item` is shown.
  public func shows(_ item: Int, in store: ItemStore) -> Bool {
    (filter.isEmpty || store.matches(item, query: filter)) && !hidden.contains(item)
  }

  /// The items of `range` (all of the store by default) that are shown, in order.
  public func items(of store: ItemStore, in range: Range<Int>? = nil) -> [Int] {
    (range ?? 0..<store.count).filter { shows($0, in: store) }
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
