import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Load more, refresh, sections and layout switching, driven without a terminal.
@Suite struct LoadMoreAndLayoutsTests {
  /// A store of `count` shop items with ids `firstID...`, each in one of four shops.
  static func store(_ count: Int, firstID: Int = 0, group: Bool = false) -> ItemStore {
    var roles = FieldRoles()
    if group { roles.group = ["shop"] }
    let store = ItemStore(roles: roles)
    append(count, firstID: firstID, to: store)
    return store
  }

  static func append(_ count: Int, firstID: Int, to store: ItemStore) {
    var text = "["
    for n in 0..<count {
      let i = firstID + n
      text += (n > 0 ? "," : "")
        + #"{"id":\#(i),"title":"Item \#(i)","price":"$\#(i)","w":\#(200 + (i * 37) % 300),"h":\#(150 + (i * 91) % 500),"shop":"\#(["Oak", "Clay", "Loom", "Lamp"][(i / 3) % 4])"}"#
    }
    let page = PageParser.parse(Array((text + "]").utf8), path: "t.json", roles: store.roles)
    store.append(page.items, toPage: store.addMemoryPage(path: "t.json"))
  }

  static func browser(_ store: ItemStore, size: Size = Size(width: 80, height: 24), configure: (inout Browser.Options) -> Void = { _ in }) -> Browser {
    var options = Browser.Options()
    options.animates = false
    configure(&options)
    return Browser(store: store, options: options, size: size)
  }

  static func lines(_ b: Browser) -> [String] {
    let buffer = CellBuffer(width: b.size.width, height: b.size.height)
    b.draw(in: buffer)
    return buffer.lines
  }

  static func frames(_ b: Browser) -> [Int: Rect] {
    var frames: [Int: Rect] = [:]
    for a in b.collectionView.layout.allAttributes() where a.kind == .cell {
      frames[b.cards.dataSource.item(at: a.indexPath)!] = a.frame
    }
    return frames
  }

  static func selectionIsShown(_ b: Browser) -> Bool {
    let view = b.collectionView
    guard let frame = view.selectedIndexPath.flatMap(view.frameForItem(at:)) else { return false }
    let visible = view.visibleRect
    return visible.contains(frame) || (frame.height > visible.height && frame.minY == visible.minY)
  }

  // MARK: Load more

  @Test func appendingKeepsEveryExistingFrame() {
    let store = Self.store(30)
    let b = Self.browser(store)
    let before = Self.frames(b)
    Self.append(25, firstID: 30, to: store)
    b.storeDidAppend()
    let after = Self.frames(b)
    #expect(after.count == 55)
    for (item, frame) in before { #expect(after[item] == frame, "item \(item) moved") }
  }

  @Test func theFooterSaysLoadingThenEnd() {
    let b = Self.browser(Self.store(12))
    b.loading = .loading(progress: nil)
    _ = b.handle(.key(.end))
    #expect(Self.lines(b).contains { $0.contains("Loading more…") })
    #expect(b.isNearEnd)
    b.loading = .done
    #expect(Self.lines(b).contains { $0.contains("End · 12 items") })
  }

  @Test func nearTheEndOnlyWithinAScreenOfIt() {
    let b = Self.browser(Self.store(200))
    #expect(!b.isNearEnd)
    _ = b.handle(.key(.end))
    #expect(b.isNearEnd)
  }

  // MARK: Refresh

  @Test func reloadFindsTheItemByIDAfterItemsWereInsertedBeforeIt() {
    let b = Self.browser(Self.store(40))
    for _ in 0..<5 { _ = b.handle(.key(.down)) }
    _ = b.handle(.key(.right))
    let item = b.selectedItem!
    let id = b.store.id(at: item)
    let row = b.collectionView.frameForItem(at: b.collectionView.selectedIndexPath!)!.minY - b.contentOffset
    // The new data: three new items first, then the old ones.
    let fresh = ItemStore(roles: FieldRoles())
    Self.append(3, firstID: 1000, to: fresh)
    Self.append(40, firstID: 0, to: fresh)
    b.replaceStore(fresh)
    #expect(b.selectedItem == item + 3)
    #expect(b.store.id(at: b.selectedItem!) == id)
    let newRow = b.collectionView.frameForItem(at: b.collectionView.selectedIndexPath!)!.minY - b.contentOffset
    #expect(newRow == row || Self.selectionIsShown(b), "same row where possible, on screen always")
  }

  @Test func reloadWithoutIDsKeepsThePosition() throws {
    let plain = ItemStore(roles: FieldRoles())
    for i in 0..<20 { try plain.append(json: Array(#"{"title":"n\#(i)"}"#.utf8)) }
    let b = Self.browser(plain)
    for _ in 0..<4 { _ = b.handle(.key(.down)) }
    let position = b.selectedItem!
    let fresh = ItemStore(roles: FieldRoles())
    for i in 0..<20 { try fresh.append(json: Array(#"{"title":"m\#(i)"}"#.utf8)) }
    b.replaceStore(fresh)
    #expect(b.selectedItem == position)
  }

  // MARK: Sections

  @Test func groupsComeInTheOrderTheyFirstAppearWithHeaders() {
    let b = Self.browser(Self.store(24, group: true)) { $0.groups = true }
    #expect(b.sections.map(\.key) == ["Oak", "Clay", "Loom", "Lamp"])
    #expect(b.sections.map(\.count) == [6, 6, 6, 6])
    let screen = Self.lines(b)
    #expect(screen[0].hasPrefix("─ Oak · 6 ─"))
    #expect(screen.last!.contains("4 groups"))
  }

  @Test func theHeaderOfTheSectionUnderTheTopSticks() {
    let b = Self.browser(Self.store(24, group: true)) { $0.groups = true }
    let layout = b.collectionView.layout
    let clayHeader = layout.attributesForSupplementary(.header, inSection: 1)!.frame
    let clayFooterOrEnd = layout.attributesForSupplementary(.header, inSection: 2)!.frame
    // Scroll to the middle of the Clay section: its header is pinned at the top row.
    b.scroll(to: (clayHeader.minY + clayFooterOrEnd.minY) / 2)
    #expect(Self.lines(b)[0].hasPrefix("─ Clay · 6 ─"))
  }

  @Test func navigationCrossesSectionsAndEndReachesTheLast() {
    let b = Self.browser(Self.store(24, group: true)) { $0.groups = true }
    _ = b.handle(.key(.end))
    #expect(b.selectedItem == 23)
    #expect(Self.lines(b).last!.hasPrefix(" 24/24"))
    _ = b.handle(.key(.home))
    for _ in 0..<10 { _ = b.handle(.key(.down)) }
    #expect(b.collectionView.selectedIndexPath!.section > 0, "Down went on into the next sections")
  }

  @Test func filteringHidesEmptySections() {
    let b = Self.browser(Self.store(24, group: true)) { $0.groups = true }
    _ = b.handle(.key(.character("/")))
    for c in #"'Item\ 1"# { _ = b.handle(.key(.character(c))) }
    // Items 1 and 10-19: shops Oak (1), Loom (10, 11), Lamp (12-14), Oak (15-17), Clay (18, 19).
    #expect(b.sections.allSatisfy { $0.count > 0 })
    #expect(b.counts.shown == 11)
  }

  @Test func newItemsForAnEarlierSectionJoinIt() {
    let store = Self.store(12, group: true)
    let b = Self.browser(store) { $0.groups = true }
    #expect(b.sections.map(\.count) == [3, 3, 3, 3])
    Self.append(3, firstID: 12, to: store)  // shop of 12-14: Oak, the first section
    b.storeDidAppend()
    #expect(b.sections.map(\.count) == [6, 3, 3, 3])
  }

  @Test func aRestructuringRelayoutCanWaitForALaterAppend() {
    let store = Self.store(12, group: true)
    let b = Self.browser(store) { $0.groups = true }
    let frames = Self.frames(b)
    Self.append(3, firstID: 12, to: store)  // for the first section: every card would move
    b.storeDidAppend(relayoutAllowed: false)
    #expect(b.relayoutPending)
    #expect(b.collectionView.numberOfItems == 12, "the view waits")
    #expect(Self.frames(b) == frames)
    b.storeDidAppend()
    #expect(!b.relayoutPending)
    #expect(b.collectionView.numberOfItems == 15)
    #expect(b.sections.map(\.count) == [6, 3, 3, 3])
  }

  // MARK: Layouts

  @Test(arguments: [Character("L"), Character("z")])
  func switchingKeepsTheSelectionSelectedAndVisible(key: Character) {
    let b = Self.browser(Self.store(60))
    for _ in 0..<8 { _ = b.handle(.key(.down)) }
    let item = b.selectedItem
    for _ in 0..<5 {
      _ = b.handle(.key(.character(key)))
      #expect(b.selectedItem == item)
      #expect(Self.selectionIsShown(b))
    }
  }

  @Test func lCyclesEveryLayoutAndZTogglesTheCardSize() {
    let b = Self.browser(Self.store(20))
    var kinds: [LayoutKind] = []
    for _ in 0..<LayoutKind.allCases.count {
      _ = b.handle(.key(.character("L")))
      kinds.append(b.options.layout)
    }
    #expect(kinds == [.grid, .gridLarge, .list, .table, .line, .circle, .mosaic, .waterfall])
    let small = b.columns
    _ = b.handle(.key(.character("z")))
    #expect(b.columns < small, "large cards, fewer columns")
    _ = b.handle(.key(.character("L")))
    #expect(b.options.layout == .grid)
    _ = b.handle(.key(.character("z")))
    #expect(b.options.layout == .gridLarge)
  }

  @Test func switchingAnimatesFromTheOldFramesToTheNew() {
    let b = Self.browser(Self.store(30)) { $0.animates = true }
    let old = Self.frames(b)
    _ = b.handle(.key(.character("L")))
    #expect(b.isAnimating)
    #expect(b.advanceAnimation(to: 1000))
    #expect(Self.frames(b)[0] == old[0], "the first step starts where the cards were")
    #expect(b.advanceAnimation(to: 1060))
    let middle = Self.frames(b)
    #expect(!b.advanceAnimation(to: 1120))
    #expect(!b.isAnimating)
    let final = Self.frames(b)
    let moved = (0..<30).filter { old[$0] != final[$0] }
    #expect(!moved.isEmpty)
    #expect(moved.contains { middle[$0] != old[$0] && middle[$0] != final[$0] }, "half way, cards are between")
    // The end of the animation is exactly the layout switched to without one.
    let plain = Self.browser(Self.store(30))
    _ = plain.handle(.key(.character("L")))
    #expect(Self.frames(plain) == final)
  }

  @Test func aKeyDuringAnAnimationEndsIt() {
    let b = Self.browser(Self.store(30)) { $0.animates = true }
    _ = b.handle(.key(.character("L")))
    _ = b.handle(.key(.down))
    #expect(!b.isAnimating)
  }

  @Test(arguments: [ItemOrder.leftToRight, .rightToLeft])
  func orderGivesItemsToColumnsInTurn(order: ItemOrder) {
    let b = Self.browser(Self.store(9)) {
      $0.order = order
      $0.columns = 3
    }
    let frames = Self.frames(b)
    let xs = Set(frames.values.map(\.minX)).sorted()
    for item in 0..<9 {
      let column = order == .leftToRight ? item % 3 : 2 - item % 3
      #expect(frames[item]!.minX == xs[column], "item \(item)")
    }
  }

  @Test func ctrlEAndCtrlYScrollOneRow() {
    let b = Self.browser(Self.store(60))
    _ = b.handle(.key(.control("e")))
    _ = b.handle(.key(.control("e")))
    #expect(b.contentOffset == 2)
    _ = b.handle(.key(.control("y")))
    #expect(b.contentOffset == 1)
    #expect(b.selectedItem == 0, "scrolling leaves the selection alone")
  }

  // MARK: Hiding

  @Test func xHidesTheCardAndTheLayoutReflowsFromItOn() {
    let b = Self.browser(Self.store(30))
    for _ in 0..<3 { _ = b.handle(.key(.down)) }
    let hiddenItem = b.selectedItem!
    let before = Self.frames(b)
    _ = b.handle(.key(.character("x")))
    let after = Self.frames(b)
    #expect(after[hiddenItem] == nil)
    #expect(b.counts.shown == 29)
    for item in 0..<hiddenItem { #expect(after[item] == before[item], "item \(item) before the hidden one moved") }
    #expect(Self.lines(b).last!.contains("1 hidden"))
    _ = b.handle(.key(.character("u")))
    #expect(b.counts.shown == 30)
    #expect(b.selectedItem == hiddenItem)
    #expect(Self.frames(b) == before)
  }
}
