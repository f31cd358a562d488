import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// Multi-select (`-m`): marks alone, then in the browser, where Tab marks and
/// moves on, the marks outlast a search, a sort, a layout switch and a reload
/// (by id), and Enter prints every marked item in the order marked.
@Suite struct MarksTests {
  @Test func marksToggleInOrderWithinTheLimit() {
    var marks = Marks(limit: 2)
    let results = [marks.toggle(7), marks.toggle(3), marks.toggle(9)]
    #expect(results == [true, true, false], "the limit")
    #expect(marks.items == [7, 3])
    let unmarked = marks.toggle(7)
    #expect(unmarked, "unmarking is always allowed")
    #expect(marks.items == [3])
    let added = marks.mark([1, 3, 5])
    #expect(added == 1, "3 is marked; room for one more")
    #expect(marks.items == [3, 1])
    marks.removeAll()
    #expect(marks.isEmpty)
    var unlimited = Marks()
    let all = unlimited.mark(0..<1_000)
    #expect(all == 1_000)
    let moved = unlimited.remapped { $0 % 2 == 0 ? $0 + 1 : nil }
    #expect(moved.count == 500)
    #expect(moved.items.prefix(2) == [1, 3])
  }

  static func browser(multi: Int? = .max, terminator: UInt8 = 0x0A) -> Browser {
    var options = Browser.Options()
    options.animates = false
    options.printMode = true
    options.multi = multi
    options.printTerminator = terminator
    return Browser(store: SearchEngineTests.store(40), options: options, size: Size(width: 80, height: 24))
  }

  /// The lines `action` prints.
  static func printed(_ action: BrowserAction, terminator: UInt8 = 0x0A) -> [String] {
    guard case .print(let bytes) = action else { return [] }
    return bytes.split(separator: terminator, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func tabTabEnterPrintsTwoItemsInTheOrderMarked() {
    let b = Self.browser()
    let first = b.selectedItem!
    _ = b.handle(.key(.tab))
    let second = b.selectedItem!
    #expect(second != first, "Tab moves on")
    _ = b.handle(.key(.tab))
    #expect(b.marks.items == [first, second])
    #expect(Fixture.status(b).contains("2 marked"))
    #expect(Fixture.screen(b).lines.joined().contains("✓"), "the cards show their marks")
    let lines = Self.printed(b.handle(.key(.enter)))
    #expect(lines == [first, second].map { String(decoding: b.store.printed(at: $0), as: UTF8.self) })
  }

  /// As fzf's `toggle+up`: Shift-Tab toggles the card it is on, then moves back.
  @Test func shiftTabTogglesAndGoesBack() {
    let b = Self.browser()
    _ = b.handle(.key(.tab))  // 0 marked, on 1
    _ = b.handle(.key(.tab))  // 1 marked, on 2
    _ = b.handle(.key(.backTab))  // 2 marked, on 1
    _ = b.handle(.key(.backTab))  // 1 unmarked, on 0
    #expect(b.marks.items == [0, 2])
    #expect(b.selectedItem == 0)
  }

  @Test func withoutMarksEnterPrintsTheSelectedItem() {
    let b = Self.browser()
    _ = b.handle(.key(.down))
    let item = b.selectedItem!
    #expect(Self.printed(b.handle(.key(.enter))) == [String(decoding: b.store.printed(at: item), as: UTF8.self)])
  }

  @Test func print0EndsEachItemWithANul() {
    let b = Self.browser(terminator: 0)
    _ = b.handle(.key(.tab))
    _ = b.handle(.key(.tab))
    #expect(Self.printed(b.handle(.key(.enter)), terminator: 0).count == 2)
  }

  @Test func aLimitAndNoMultiSaySo() {
    let one = Self.browser(multi: 1)
    _ = one.handle(.key(.tab))
    _ = one.handle(.key(.tab))
    #expect(one.marks.count == 1)
    #expect(Fixture.status(one).contains("at most 1 marked"))
    let none = Self.browser(multi: nil)
    _ = none.handle(.key(.tab))
    #expect(none.marks.isEmpty)
    #expect(Fixture.status(none).contains("-m marks items"))
  }

  @Test func marksOutlastASearchASortALayoutAndAReload() {
    let b = Self.browser()
    _ = b.handle(.key(.tab))
    _ = b.handle(.key(.tab))
    let marked = b.marks.items
    for c in "/mug" { _ = b.handle(.key(.character(c))) }
    _ = b.handle(.key(.escape))
    for key in [Key.character("s"), .down, .down, .enter] { _ = b.handle(.key(key)) }
    #expect(b.sortOrder != nil)
    _ = b.handle(.key(.character("L")))
    #expect(b.marks.items == marked)
    // Read again with two new items first: the same items, by id, two places on.
    let reread = ItemStore(roles: b.store.roles)
    try! reread.append(json: Array(#"{"id":"new-1","title":"new"}"#.utf8))
    try! reread.append(json: Array(#"{"id":"new-2","title":"new"}"#.utf8))
    for item in 0..<b.store.count { try! reread.append(json: b.store.json(at: item)) }
    b.replaceStore(reread)
    #expect(b.marks.items == marked.map { $0 + 2 })
  }

  @Test func selectAllAndDeselectAllMarkTheCardsShown() {
    let b = Self.browser()
    for c in "/mug" { _ = b.handle(.key(.character(c))) }
    _ = b.handle(.key(.enter))
    _ = b.perform(.markAll)
    #expect(b.marks.count == b.counts.shown)
    _ = b.perform(.unmarkAll)
    #expect(b.marks.isEmpty)
  }
}
