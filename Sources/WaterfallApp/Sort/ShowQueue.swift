/// The cards still to come after the order changed at scale (a sort taken in,
/// a search's matches put in a new order): the first cards show at once and the
/// rest follow a frame's worth at a time through the layout's append path, so a
/// million cards never hold a key up. The card that was selected is selected
/// again when it comes, at its row, unless the user moved the selection meanwhile.
///
/// ```swift
/// var queue = ShowQueue(items: order, shown: 10_000, selecting: 42, row: 7)
/// let next = queue.take(10_000)   // items 10,000 to 19,999 of the order
/// queue.isDone                     // false until every item is taken
/// ```
struct ShowQueue: Equatable, Sendable {
  /// Every item to show, in order (store indices).
  var items: [Int]
  /// How many of ``items`` are shown already.
  var shown: Int
  /// The item to select when it comes.
  var selecting: Int?
  /// The screen row to put it at.
  var row: Int?
  /// The item selected while the queue runs: another selection means the user moved.
  var waitingSelection: Int?

  init(items: [Int], shown: Int, selecting: Int? = nil, row: Int? = nil) {
    self.items = items
    self.shown = shown
    self.selecting = selecting
    self.row = row
  }

  /// Whether every item has been taken.
  var isDone: Bool { shown >= items.count }

  /// The next `limit` items, marked as shown.
  mutating func take(_ limit: Int) -> [Int] {
    let end = min(items.count, shown + max(1, limit))
    defer { shown = end }
    return Array(items[shown..<end])
  }
}
