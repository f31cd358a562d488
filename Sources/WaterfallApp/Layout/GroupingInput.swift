/// The items a worker groups into sections before laying them out: those
/// already shown (in their sections), then `list`, then the store items of
/// `range`, leaving out `hidden`. A value the main thread makes in constant
/// time (its arrays are shared copy on write), so no key walks every item there.
///
/// Grouping is stable: grouping the items shown, section after section, then
/// more items gives the sections that grouping all of them in their first order
/// gives. So a big page taken in is grouped with what shows, and a sort, a hide
/// or a search shows the list it names anew.
///
/// ```swift
/// let input = GroupingInput(list: matches, hidden: shown.hidden)
/// let sections = input.sections(cards: store.cardSnapshot)   // on any thread
/// ```
struct GroupingInput: Sendable {
  /// Items already in sections, first.
  var shown = SectionedItems()
  /// Items after them, in order.
  var list: [Int] = []
  /// Store items after the list, in order.
  var range: Range<Int> = 0..<0
  /// Items to leave out of `list` and `range` (hidden with `x`).
  var hidden: [Int] = []

  /// How many items there are to group, at most.
  var count: Int { shown.count + list.count + range.count }

  /// The sections, when they are all there is (grouped already, as a worker
  /// that finished grouping hands them back): nothing left to group.
  var grouped: SectionedItems? { list.isEmpty && range.isEmpty ? shown : nil }

  /// Every item to group, in order.
  func items() -> [Int] {
    let showing = ShownItems(hiding: hidden)
    var all = shown.allItems
    all.reserveCapacity(count)
    all += showing.items(among: list)
    all += showing.items(in: range)
    return all
  }

  /// The items grouped by the cards' group values (see ``CardSnapshot/group(of:)``),
  /// or nil when `shouldStop` said so; `progress` hears the share done, 0 to 100.
  func sections(
    cards: CardSnapshot, shouldStop: () -> Bool = { false }, progress: (Int) -> Void = { _ in }
  ) -> SectionedItems? {
    let all = items()
    let total = max(1, all.count)
    return SectionedItems.grouping(
      all, key: cards.group(of:), shouldStop: shouldStop, progress: { progress($0 * 100 / total) })
  }
}
