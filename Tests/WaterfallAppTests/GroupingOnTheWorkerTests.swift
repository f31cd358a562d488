import Foundation
import Testing
import TestSupport
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// Sections stored flat (``SectionedItems``) and many items grouped on the
/// worker (``Browser/regroupInBackground(_:keep:)``): the same sections as
/// grouping here, the old sections shown (and keys answered) meanwhile, a
/// stale grouping never shown, the selection kept on its item.
@Suite struct GroupingOnTheWorkerTests {
  typealias Helpers = BackgroundLayoutTests

  /// Sections grouped the plain way: values in order of first appearance.
  static func naive(_ items: [Int], key: (Int) -> String?) -> [[Int]] {
    var order: [String?] = []
    var lists: [String?: [Int]] = [:]
    for item in items {
      let value = key(item)
      if lists[value] == nil { order.append(value) }
      lists[value, default: []].append(item)
    }
    return order.map { lists[$0]! }
  }

  static func lists(_ sections: SectionedItems) -> [[Int]] {
    (0..<sections.sectionCount).map { sections.items(inSection: $0, 0..<sections.count(inSection: $0)) }
  }

  @Test func groupingAndAddingEqualThePlainGroupingForRandomItems() {
    var rng = SeededGenerator(seed: 41)
    for round in 0..<300 {
      let count = Int.random(in: 0...200, using: &rng)
      let items = (0..<count).map { _ in Int.random(in: 0..<10_000, using: &rng) }
      let groups = Int.random(in: 1...40, using: &rng)
      let salt = Int.random(in: 0..<1_000, using: &rng)
      let key: (Int) -> String? = { ($0 &* 31 &+ salt) % 7 == 0 ? nil : "g\(($0 &* 17 &+ salt) % groups)" }
      let expected = Self.naive(items, key: key)
      let grouped = SectionedItems.grouping(items, key: key)!
      #expect(Self.lists(grouped) == expected, "round \(round)")
      #expect(grouped.allItems == expected.flatMap { $0 })
      #expect(grouped.counts == expected.map(\.count))
      // Some grouped at once, the rest added one by one: the same sections.
      let split = Int.random(in: 0...count, using: &rng)
      var added = SectionedItems.grouping(Array(items[..<split]), key: key)!
      var change = SectionedItems.Change()
      let last = added.sectionCount - 1
      for item in items[split...] { added.add(item, key: key(item), change: &change, lastBefore: last) }
      #expect(Self.lists(added) == expected, "round \(round), split at \(split)")
      let all = added.allItems
      #expect(all == expected.flatMap { $0 })
      // Positions, index paths and items agree, with items added aside too.
      for (position, item) in all.enumerated() where position % 7 == 0 {
        #expect(added.item(atPosition: position) == item)
        let indexPath = added.indexPath(ofItem: item)!
        #expect(added.item(indexPath.item, inSection: indexPath.section) == item)
        #expect(added.position(of: indexPath) <= position, "a repeated item is found first")
      }
      // Grouping again what shows, then more: as grouping everything.
      let more = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0..<10_000, using: &rng) }
      // Then a range of store items, hidden ones left out of both.
      let range = 10_000..<(10_000 + Int.random(in: 0...30, using: &rng))
      let hidden = (more + Array(range)).filter { _ in Bool.random(using: &rng) }
      let input = GroupingInput(shown: added, list: more, range: range, hidden: hidden)
      let again = SectionedItems.grouping(input.items(), key: key)!
      let gone = Set(hidden)
      #expect(Self.lists(again) == Self.naive(items + (more + Array(range)).filter { !gone.contains($0) }, key: key))
      let first = Int.random(in: 0...max(0, expected.count), using: &rng)
      #expect(Self.lists(added.prefix(sections: first)) == Array(expected.prefix(first)))
    }
  }

  /// A grouped browser that groups and lays out on a worker from 1,000 items up.
  static func browser(_ store: ItemStore) -> Browser {
    var options = Browser.Options()
    options.groups = true
    return Helpers.browser(store, options: options)
  }

  /// The same cards with everything done here, at once.
  static func reference(_ store: ItemStore) -> Browser {
    var options = Browser.Options()
    options.groups = true
    return Fixture.reference(store, options: options)
  }

  /// `reference` with `items` hidden, shown anew selecting `item`, as keys
  /// would, at once.
  static func hide(_ items: [Int], in reference: Browser, selecting item: Int? = nil) {
    for hidden in items { reference.pipeline.hide(hidden) }
    reference.cards.reshow(reference.pipeline.input, selecting: item)
  }

  static func sameSections(_ a: Browser, _ b: Browser) -> Bool {
    a.sections.map(\.key) == b.sections.map(\.key) && a.sections.map(\.count) == b.sections.map(\.count)
      && a.cards.dataSource.shownItems == b.cards.dataSource.shownItems
  }

  @Test func aHideWithManyGroupsIsGroupedOnTheWorkerAsHere() {
    let store = Helpers.store(3_000, groups: 1_500)
    let b = Self.browser(store)
    Helpers.settle(b)
    let reference = Self.reference(store)
    b.select(item: 10)
    reference.select(item: 10)
    _ = b.handle(.key(.character("x")))
    _ = reference.handle(.key(.character("x")))
    #expect(b.isGrouping)
    #expect(b.hasBackgroundWork)
    #expect(b.cards.dataSource.indexPath(ofItem: 10) != nil, "the old sections show until the new ones come")
    #expect(b.selectedItem == reference.selectedItem, "the next card is selected at once")
    let screen = CellBuffer(width: Helpers.size.width, height: Helpers.size.height)
    b.draw(in: screen)
    let status = screen.line(Helpers.size.height - 1)
    #expect(status.contains("grouping") || status.contains("laying out"), "\(status)")
    Helpers.settle(b)
    #expect(!b.isGrouping)
    #expect(Self.sameSections(b, reference))
    #expect(b.cards.dataSource.indexPath(ofItem: 10) == nil)
    #expect(b.selectedItem == reference.selectedItem)
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
    // And back.
    _ = b.handle(.key(.character("u")))
    _ = reference.handle(.key(.character("u")))
    #expect(b.isGrouping)
    Helpers.settle(b)
    #expect(Self.sameSections(b, reference))
    #expect(b.selectedItem == 10, "the card that came back is selected")
  }

  @Test func keysWorkMeanwhileAndTheSelectionStaysOnTheItemMovedTo() {
    let store = Helpers.store(3_000, groups: 1_500)
    let b = Self.browser(store)
    Helpers.settle(b)
    b.select(item: 20)
    _ = b.handle(.key(.character("x")))
    #expect(b.isGrouping)
    for _ in 0..<3 { _ = b.handle(.key(.down)) }
    let moved = b.selectedItem
    #expect(moved != nil && moved != 21, "Down moves in the old sections")
    Helpers.settle(b)
    #expect(b.selectedItem == moved, "the card moved to stays selected")
  }

  @Test func aStaleGroupingIsNeverShown() {
    let store = Helpers.store(3_000, groups: 1_500)
    let b = Self.browser(store)
    Helpers.settle(b)
    let reference = Self.reference(store)
    let revision = b.cards.dataSource.revision
    // Hides in the old sections while the new ones are grouped: each asks anew.
    for key: Character in ["x", "x", "x", "u", "x", "j", "x"] {
      _ = b.handle(.key(key == "j" ? .down : .character(key)))
    }
    #expect(b.shown.hidden.count == 4)
    let selected = b.selectedItem
    Helpers.settle(b)
    #expect(b.cards.dataSource.revision == revision + 1, "only the last grouping was shown")
    // The same hides, done here.
    Self.hide(b.shown.hidden, in: reference)
    #expect(Self.sameSections(b, reference))
    #expect(b.selectedItem == selected)
    #expect(b.counts.shown == reference.counts.shown)
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
  }

  @Test func aSortAndASearchWithManyGroupsGroupOnTheWorker() {
    let store = Helpers.store(3_000, groups: 700)
    let b = Self.browser(store)
    Helpers.settle(b)
    let reference = Self.reference(store)
    let order = SortOrder(field: "title", descending: true)
    b.requestSort(order)
    reference.requestSort(order)
    Helpers.settle(b)
    #expect(b.sortOrder == order)
    #expect(Self.sameSections(b, reference))
    for key: Character in ["/", "w", "o", "o", "l"] {
      _ = b.handle(.key(.character(key)))
      _ = reference.handle(.key(.character(key)))
    }
    Helpers.settle(b)
    #expect(Self.sameSections(b, reference))
    #expect(b.selectedItem == reference.selectedItem, "the first match")
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
  }

  @Test(arguments: [
    (LayoutKind.grid, ScrollDirection.vertical), (.list, .vertical), (.waterfall, .horizontal),
    (.line, .vertical), (.circle, .vertical), (.mosaic, .vertical),
  ])
  func everyLayoutGroupsOnTheWorker(kind: LayoutKind, direction: ScrollDirection) {
    let store = Helpers.store(3_000, groups: 1_500)
    var options = Browser.Options()
    options.groups = true
    options.layout = kind
    options.parameters.direction = direction
    let b = Helpers.browser(store, options: options)
    Helpers.settle(b)
    options.animates = false
    let reference = Browser(store: store, options: options, size: Helpers.size)
    b.select(item: 10)
    reference.select(item: 10)
    _ = b.handle(.key(.character("x")))
    _ = reference.handle(.key(.character("x")))
    #expect(b.isGrouping)
    Helpers.settle(b)
    #expect(Self.sameSections(b, reference))
    #expect(b.selectedItem == reference.selectedItem)
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
  }

  /// A layout that places cards by index is made here at once, but the
  /// grouping goes on on the worker through a resize and a switch of layout:
  /// neither groups a million items between two keys.
  @Test(arguments: [LayoutKind.mosaic, .waterfall])
  func aResizeAndASwitchWhileGroupingLeaveTheGroupingToTheWorker(from kind: LayoutKind) {
    let store = Helpers.store(3_000, groups: 1_500)
    var options = Browser.Options()
    options.groups = true
    options.layout = kind
    let b = Helpers.browser(store, options: options)
    Helpers.settle(b)
    b.select(item: 10)
    _ = b.handle(.key(.character("x")))
    #expect(b.isGrouping)
    let job = b.cards.worker.generation
    let newSize = Size(width: Helpers.size.width - 17, height: Helpers.size.height + 5)
    b.resize(to: newSize)
    #expect(b.isGrouping, "a resize leaves the grouping to the worker")
    #expect(b.cards.dataSource.indexPath(ofItem: 10) != nil, "the old sections show until the new ones come")
    b.cards.switchLayout(to: .circle, large: false)
    #expect(b.isGrouping, "so does a switch to the circle")
    // A job for a layout placed by index goes on; one that would lay out a waterfall starts again.
    #expect((b.cards.worker.generation == job) == kind.placesByIndex)
    #expect(b.collectionView.layout is CircleLayout, "the old sections show in the new layout at once")
    _ = b.handle(.key(.down))
    let moved = b.selectedItem
    Helpers.settle(b)
    #expect(!b.isGrouping)
    #expect(b.cards.dataSource.indexPath(ofItem: 10) == nil)
    #expect(b.selectedItem == moved, "the card moved to stays selected")
    // The same, here, at once.
    options.layout = .circle
    options.animates = false
    let reference = Browser(store: store, options: options, size: newSize)
    Self.hide([10], in: reference, selecting: moved)
    #expect(Self.sameSections(b, reference))
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
  }

  /// A grouping done while the cards slide (the carousel and the circle
  /// animate every step) stops the slide at its end and shows: the animation
  /// would end on layouts made for the old sections.
  @Test(arguments: [LayoutKind.line, .circle])
  func aGroupingDoneWhileCardsSlideEndsTheSlide(kind: LayoutKind) {
    let store = Helpers.store(3_000, groups: 1_500)
    var options = Browser.Options()
    options.groups = true
    options.layout = kind
    let b = Fixture.browser(store, options: options, animates: true)
    Helpers.settle(b)
    b.select(item: 10)
    _ = b.handle(.key(.character("x")), time: 0)
    // The card shrinks away; then the items are grouped anew, on the worker.
    b.finishAnimation()
    #expect(b.isGrouping)
    _ = b.handle(.key(.right), time: 1)
    #expect(b.isAnimating)
    b.cards.worker.runPending()
    let selected = b.selectedItem
    #expect(b.takeLayoutResult(), "the new sections show")
    #expect(!b.isAnimating, "the slide ended")
    #expect(!b.isGrouping)
    #expect(b.selectedItem == selected)
    #expect(!b.advanceAnimation(to: 10_000), "nothing is left to put back an old layout")
    Helpers.settle(b)
    options.animates = false
    let reference = Browser(store: store, options: options, size: Helpers.size)
    Self.hide([10], in: reference, selecting: selected)
    #expect(Self.sameSections(b, reference))
    #expect(b.collectionView.contentSize == reference.collectionView.contentSize)
    #expect(Helpers.firstDifference(Helpers.frames(b), Helpers.frames(reference)) == nil)
  }

  @Test func sectionsGroupedAlreadyAreTakenAsTheyAre() {
    let sections = SectionedItems.grouping([3, 1, 4, 1, 5], key: { "g\($0 % 2)" })!
    #expect(GroupingInput(shown: sections).grouped.map(Self.lists) == Self.lists(sections))
    #expect(GroupingInput(shown: sections, list: [9]).grouped == nil, "items still to group")
    #expect(GroupingInput(shown: sections, range: 5..<6).grouped == nil)
  }

  @Test func fewItemsAreGroupedHereAtOnce() {
    let store = Helpers.store(300, groups: 50)
    var options = Browser.Options()
    options.groups = true
    options.animates = false
    let b = Fixture.browser(store, options: options, threshold: 20_000)
    b.select(item: 5)
    _ = b.handle(.key(.character("x")))
    #expect(!b.isGrouping)
    #expect(b.cards.dataSource.indexPath(ofItem: 5) == nil)
    #expect(b.counts.shown == 299)
  }
}
