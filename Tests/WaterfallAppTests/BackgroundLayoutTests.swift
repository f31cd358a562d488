import Foundation
import Testing
import TestSupport
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// Laying every card out on a worker at scale (``LayoutCoordinator``): the screen
/// changes at once with the cards around the selection exact, keys keep working,
/// and the whole layout that follows equals the one made on the main thread.
@Suite struct BackgroundLayoutTests {
  static let size = Fixture.size

  static func store(_ count: Int, groups: Int? = nil, seed: UInt64 = 11) -> ItemStore {
    Fixture.store(count, groups: groups, seed: seed)
  }

  /// A browser that lays out on a worker from 1,000 cards up, stepped by the test.
  static func browser(_ store: ItemStore, options: Browser.Options = Browser.Options()) -> Browser {
    Fixture.browser(store, options: options)
  }

  /// Runs the workers' jobs and takes in their results, until none is left.
  static func settle(_ b: Browser) { b.runPendingWork() }

  static func frames(_ b: Browser) -> [Rect?] { Fixture.frames(b) }

  static func firstDifference(_ a: [Rect?], _ b: [Rect?]) -> String? { Fixture.firstDifference(a, b) }

  /// The same cards laid out on the main thread, at `columns` columns.
  static func reference(_ store: ItemStore, columns: Int, options: Browser.Options = Browser.Options()) -> [Rect?] {
    var options = options
    options.columns = columns
    options.animates = false
    return frames(Browser(store: store, options: options, size: size))
  }

  /// The visible cards' frames: each as tall as its card at its width.
  static func visibleCardsAreExact(_ b: Browser, _ store: ItemStore) -> Bool {
    let view = b.collectionView
    let cells = view.layout.attributes(in: view.visibleRect).filter { $0.kind == .cell }
    return !cells.isEmpty
      && cells.allSatisfy { cell in
        guard let item = b.cards.dataSource.item(at: cell.indexPath) else { return false }
        return cell.frame.height == store.cardHeight(at: item, width: cell.frame.width)
      }
  }

  @Test func aNewWidthShowsTheSelectionAtOnceAndTheWholeLayoutFollows() throws {
    let store = Self.store(3_000)
    let b = Self.browser(store)
    b.select(item: 1_700)
    let row = try #require(b.cards.selectedRow)
    let columns = b.columns
    _ = b.handle(.key(.character("+")))
    #expect(b.isLayingOut)
    #expect(b.collectionView.layout is WindowLayout, "the cards around the selection only")
    #expect(b.selectedItem == 1_700)
    #expect(Self.visibleCardsAreExact(b, store))
    // The same key laid out on the main thread keeps the card at the same row.
    var plain = Browser.Options()
    plain.animates = false
    let reference = Browser(store: store, options: plain, size: Self.size)
    reference.select(item: 1_700)
    #expect(reference.cards.selectedRow == row)
    _ = reference.handle(.key(.character("+")))
    #expect(b.cards.selectedRow == reference.cards.selectedRow, "the selected card goes where it would without a worker")
    let screen = CellBuffer(width: Self.size.width, height: Self.size.height)
    b.draw(in: screen)
    #expect(screen.line(Self.size.height - 1).contains("laying out"))
    Self.settle(b)
    #expect(!b.isLayingOut)
    #expect(b.collectionView.layout is WaterfallLayout)
    #expect(b.columns == columns + 1)
    #expect(Self.firstDifference(Self.frames(b), Self.reference(store, columns: columns + 1)) == nil)
    #expect(b.selectedItem == 1_700)
    #expect(b.cards.selectedRow == reference.cards.selectedRow)
  }

  @Test func keysAreAnsweredWhileTheWorkerLaysOut() {
    let store = Self.store(3_000)
    let b = Self.browser(store)
    b.select(item: 1_000)
    _ = b.handle(.key(.character("-")))
    for _ in 0..<5 { _ = b.handle(.key(.down)) }
    let moved = b.selectedItem
    #expect(moved != 1_000, "Down moves among the cards laid out so far")
    Self.settle(b)
    #expect(b.selectedItem == moved, "the whole layout keeps the selection")
  }

  @Test func aLayoutForAnOlderKeyIsNeverInstalled() {
    let store = Self.store(3_000)
    let b = Self.browser(store)
    let columns = b.columns
    _ = b.handle(.key(.character("+")))
    _ = b.handle(.key(.character("+")))
    _ = b.handle(.key(.character("-")))
    Self.settle(b)
    #expect(b.columns == columns + 1)
    #expect(Self.firstDifference(Self.frames(b), Self.reference(store, columns: columns + 1)) == nil)
  }

  @Test func aResizeLaysOutForTheNewWidth() {
    let store = Self.store(3_000)
    let b = Self.browser(store)
    b.resize(to: Size(width: 90, height: 30))
    #expect(Self.visibleCardsAreExact(b, store))
    Self.settle(b)
    var options = Browser.Options()
    options.animates = false
    let reference = Browser(store: store, options: options, size: Size(width: 90, height: 30))
    #expect(Self.firstDifference(Self.frames(b), Self.frames(reference)) == nil)
  }

  @Test func aHideAtScaleLaysOutTheRestOnTheWorker() {
    let store = Self.store(3_000)
    let b = Self.browser(store)
    b.select(item: 10)
    _ = b.handle(.key(.character("x")))
    #expect(b.selectedItem == 11)
    Self.settle(b)
    #expect(b.counts.shown == 2_999)
    #expect(b.cards.dataSource.indexPath(ofItem: 10) == nil)
    #expect(b.collectionView.layout is WaterfallLayout)
    #expect(Self.frames(b).allSatisfy { $0 != nil })
  }

  /// `store`'s items after `new` new ones, with an id field or none.
  static func reread(_ store: ItemStore, new: Int, ids: Bool) -> ItemStore {
    var roles = store.roles
    if !ids { roles.id = [] }
    let reread = ItemStore(roles: roles)
    for k in 0..<new { try! reread.append(json: Array(#"{"id":"new \#(k)","title":"new","shelf":"shelf new"}"#.utf8)) }
    for item in 0..<store.count { try! reread.append(json: store.json(at: item)) }
    return reread
  }

  /// A reload at scale (`r`, a watched file) shows the new store's cards
  /// around the selection at once, all of them laid out on the worker; many
  /// grouped items show ungrouped meanwhile (the old groups index the old
  /// store) and are grouped there too. The item with the same id stays
  /// selected, at its row; with no ids, the item at the same index.
  @Test(arguments: [(nil, true), (4, true), (1_500, true), (nil, false), (4, false)])
  func aReloadAtScaleLaysOutOnTheWorker(groups: Int?, ids: Bool) {
    let store = Self.reread(Self.store(3_000, groups: groups), new: 0, ids: ids)
    var options = Browser.Options()
    options.groups = groups != nil
    let b = Self.browser(store, options: options)
    Self.settle(b)
    b.select(item: 2_000)
    let row = b.cards.selectedRow
    // Seven new items first: the same ids, seven items on.
    let fresh = Self.reread(Self.store(3_000, groups: groups, seed: 12), new: 7, ids: ids)
    let expected = ids ? 2_007 : 2_000
    b.replaceStore(fresh)
    #expect(b.isLayingOut, "the whole layout is the worker's")
    #expect(b.isGrouping == (groups != nil), "grouped on the worker")
    #expect(b.collectionView.numberOfSections == 1, "ungrouped meanwhile")
    #expect(b.collectionView.layout is WindowLayout, "the cards around the selection only")
    #expect(b.selectedItem == expected)
    #expect(b.cards.selectedRow == row)
    #expect(Self.visibleCardsAreExact(b, fresh))
    Self.settle(b)
    #expect(b.selectedItem == expected)
    #expect(b.cards.selectedRow == row, "at its row")
    #expect(b.cards.dataSource.interimHeights == nil)
    #expect(b.collectionView.numberOfSections == (groups.map { $0 + 1 } ?? 1))
    #expect(Self.firstDifference(Self.frames(b), Self.reference(fresh, columns: b.columns, options: options)) == nil)
  }

  @Test func manyGroupsComeInFirstGroupsFirst() {
    let full = Self.store(3_000, groups: 1_500)
    let store = ItemStore(roles: full.roles)
    var options = Browser.Options()
    options.groups = true
    let b = Self.browser(store, options: options)
    for item in 0..<full.count { try! store.append(json: full.json(at: item)) }
    b.storeDidAppend()
    #expect(b.isGrouping, "3,000 items are grouped on the worker")
    #expect(b.collectionView.numberOfSections == 0, "nothing shows until the groups come")
    b.cards.worker.runPending()
    // The first groups, handed over before the whole layout.
    #expect(b.cards.takeLayoutResult(limit: 1))
    #expect(b.collectionView.numberOfSections == LayoutCoordinator.interimSectionLimit, "the first groups first")
    #expect(b.selectedItem == 0)
    Self.settle(b)
    #expect(b.collectionView.numberOfSections == 1_500)
    #expect(Self.firstDifference(Self.frames(b), Self.reference(full, columns: b.columns, options: options)) == nil)
    // A new width with many groups: the cards keep their layout until the worker's is in.
    let before = Self.frames(b)
    _ = b.handle(.key(.character("+")))
    #expect(Self.firstDifference(Self.frames(b), before) == nil)
    Self.settle(b)
    #expect(Self.firstDifference(Self.frames(b), Self.reference(full, columns: b.columns, options: options)) == nil)
  }
}

/// Guessed heights for the cards a worker has not measured yet.
@Suite struct CardHeightEstimateTests {
  @Test func knownHeightsStayAndTheRestAreGuessedFromAnotherWidth() {
    var heights = CardHeights()
    heights.remember(12, of: 0, width: 20)
    heights.remember(4, of: 1, width: 20)
    heights.remember(3, of: 1, width: 38)
    let guessed = heights.estimate(count: 3, width: 38) { _ in 99 }
    #expect(guessed[0] == 7, "2 rows of border and 10 of text at half as many: 5")
    #expect(guessed[1] == 3, "known")
    #expect(guessed[2] == 99, "no width knows it: measured")
    #expect(heights.knownCount(width: 38) == 1, "guesses are not remembered")
  }
}

/// A hide undone at scale, animated: the whole layout comes in when the
/// worker's layout is taken while the animation runs, which ends it (the test
/// runs the worker's job once the animation has begun; nothing is left to
/// timing).
@Suite struct BackgroundLayoutAnimationTests {
  @Test func anUndoneHideIsLaidOutWholeAfterItsAnimation() throws {
    let store = BackgroundLayoutTests.store(3_000)
    let b = Fixture.browser(store, animates: true)
    b.select(item: 500)
    _ = b.handle(.key(.character("x")))
    b.runPendingWork()
    _ = b.handle(.key(.character("u")))
    #expect(b.isAnimating)
    #expect(b.isLayingOut)
    // The worker's layout is done while the cards slide.
    #expect(b.cards.worker.runPending() == 1)
    // Taken mid-animation: the cards jump to the animation's end, then take it.
    #expect(b.takeBackgroundWork())
    #expect(!b.isAnimating)
    #expect(!b.isLayingOut, "it is the whole layout")
    var now: UInt64 = 1_000
    while b.hasBackgroundWork || b.isAnimating {
      now += 16
      b.advanceAnimation(to: now)
      b.runPendingWork()
    }
    #expect(b.selectedItem == 500)
    #expect(b.collectionView.layout is WaterfallLayout, "not a stand-in")
    #expect(b.counts.shown == 3_000)
    #expect(BackgroundLayoutTests.frames(b).allSatisfy { $0 != nil })
  }
}
