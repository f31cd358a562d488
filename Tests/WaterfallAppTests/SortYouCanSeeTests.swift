import TestSupport
import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// A sort you can see: each card shows the sort field's value when it does
/// not show the field already, the layout makes room for that line (here and
/// on the worker alike), and the waterfall places sorted cards in reading
/// order, row by row.
@Suite struct SortYouCanSeeTests {
  /// Items with a title and a description (shown), a weight (not shown), a
  /// price (the subtitle); some without a weight, some of one line.
  static func store(_ count: Int = 12) -> ItemStore {
    let store = ItemStore(roles: FieldRoles())
    for i in 0..<count {
      let weight = i % 5 == 4 ? "" : #","weight":\#((i * 7) % 11)"#
      let text = i % 3 == 2 ? "" : #","description":"\#(String(repeating: "oak ", count: i % 4 + 1))""#
      try! store.append(json: Array(#"{"id":\#(i),"title":"Item \#(i)","price":"$\#(i)"\#(weight)\#(text)}"#.utf8))
    }
    return store
  }

  static func sorted(_ store: ItemStore, by order: SortOrder, size: Size = Size(width: 90, height: 40)) -> Browser {
    var options = Browser.Options()
    options.sort = order
    options.animates = false
    return Browser(store: store, options: options, size: size)
  }

  @Test func aCardSortedByAFieldItDoesNotShowShowsItsValueAndIsLaidOutWithIt() {
    let store = Self.store()
    let b = Self.sorted(store, by: SortOrder(field: "weight", descending: true))
    let lines = Fixture.screen(b).lines
    #expect(lines.contains { $0.contains("│weight: 9 ") || $0.contains("┃weight: 9 ") })
    // Items without a weight add nothing; one-row cards keep their row, the value at their end.
    let one = try! #require(lines.first { $0.contains("Item 5 ") })
    #expect(one.contains("$5 · weight: 2"), "\(one)")
    let lines2 = store.sortLines!
    #expect(!lines2.adds(4) && !lines2.adds(9) && lines2.adds(0) && lines2.adds(5))
    for item in 0..<store.count {
      let frame = try! #require(b.collectionView.frameForItem(at: b.cards.dataSource.indexPath(ofItem: item)!))
      var content = store.content(at: item)
      content.sortLine = b.cards.dataSource.sortLine(of: item)
      #expect(frame.height == CardPlan(content: content, width: frame.width).height, "item \(item)")
      #expect(frame.height == store.layoutHeight(at: item, width: frame.width))
    }
    // Sorted by the subtitle, shown already: no line; back in the data's order: none.
    let byPrice = Self.sorted(store, by: SortOrder(field: "price"))
    #expect(store.sortLines?.addingCount == 0 && !Fixture.screen(byPrice).lines.joined().contains("price:"))
    b.requestSort(SortOrder(field: nil))
    #expect(b.store.sortLines == nil && !Fixture.screen(b).lines.joined().contains("weight:"))
  }

  @Test func aFieldTheCardShowsAsAKeyValueLineIsNotShownTwice() throws {
    let store = ItemStore(roles: FieldRoles())
    try store.append(json: Array(#"{"section":"libs","size":12,"more":"x"}"#.utf8))
    try store.append(json: Array(#"{"title":"named","size":3}"#.utf8))
    let lines = try #require(
      SortFieldLines.find(field: "size", texts: store.itemTexts, cards: store.cardSnapshot, shownInPlace: ["title"]))
    #expect(!lines.adds(0), "its card's key: value lines show size")
    #expect(lines.adds(1))
    #expect(SortFieldLines.find(field: "title", texts: store.itemTexts, cards: store.cardSnapshot, shownInPlace: ["title"])?.addingCount == 0)
  }

  @Test func sortedCardsAreReadRowByRowUnlessOrderSaysOtherwise() {
    let store = Fixture.store(60)
    let b = Self.sorted(store, by: SortOrder(field: "title"), size: Size(width: 120, height: 40))
    let columns = b.columns
    #expect(columns > 1)
    let order = (0..<b.counts.shown).map { b.cards.dataSource.item(at: IndexPath(item: $0, section: 0))! }
    #expect(order == Sorter.sorted(store.itemTexts, by: SortOrder(field: "title"))!)
    let frames = (0..<order.count).map { b.collectionView.frameForItem(at: IndexPath(item: $0, section: 0))! }
    let lefts = Array(Set(frames.map(\.minX))).sorted()
    for (position, frame) in frames.enumerated() {
      // The n-th card in the n-th column, in turn: each row read left to right.
      #expect(frame.minX == lefts[position % columns], "card \(position)")
      if position >= columns { #expect(frame.minY > frames[position - columns].minY) }
    }
    // `--order shortest` keeps the masonry, sorted or not.
    var options = Browser.Options()
    options.sort = SortOrder(field: "title")
    options.order = .shortestFirst
    options.animates = false
    let masonry = Browser(store: store, options: options, size: Size(width: 120, height: 40))
    #expect(masonry.cards.policy.itemOrder == .shortestFirst && b.cards.policy.itemOrder == .leftToRight)
    let unsorted = Fixture.reference(store, size: Size(width: 120, height: 40))
    #expect(unsorted.cards.policy.itemOrder == .shortestFirst)
  }

  @Test func onTheWorkerTheLayoutMakesRoomForTheLineAsHere() {
    let store = Self.store(3_000)
    let size = Size(width: 100, height: 30)
    var options = Browser.Options()
    options.sort = SortOrder(field: "weight")
    let stepped = Fixture.browser(store, options: options, size: size, threshold: 500)
    stepped.runPendingWork()
    #expect(stepped.sortOrder == options.sort && !stepped.isLayingOut)
    let reference = Fixture.reference(Self.store(3_000), options: options, size: size)
    #expect(Fixture.firstDifference(Fixture.frames(stepped), Fixture.frames(reference)) == nil)
    expectScreen(Fixture.screen(stepped).lines, equals: Fixture.screen(reference).lines)
  }

  @Test func aGridCardGivesTheLineARowOfItsOwn() {
    var content = CardContent(title: "Linen", subtitle: "$4", text: "a long description of linen")
    content.sortLine = "weight: 3"
    let plan = CardPlan(content: content, size: Size(width: 20, height: 6))
    #expect(plan.title == ["Linen"] && plan.subtitle == "$4" && plan.sortLine == "weight: 3")
    #expect(plan.innerHeight <= 4)
  }
}
