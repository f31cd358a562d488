import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// The browser's keys, mouse and screens, driven without a terminal.
@Suite struct BrowserTests {
  static func store(_ count: Int = 40) -> ItemStore {
    let store = ItemStore(roles: FieldRoles())
    var text = "["
    for i in 0..<count {
      let kind = ["Mug", "Lamp", "Teapot", "Chair", "Vase"][i % 5]
      text += (i > 0 ? "," : "") + #"{"id":\#(i),"title":"\#(kind) \#(i)","price":"$\#(i)","w":\#(200 + (i * 37) % 300),"h":\#(150 + (i * 91) % 500),"tags":["t\#(i % 3)"],"description":"Item number \#(i)."}"#
    }
    text += "]"
    let page = PageParser.parse(Array(text.utf8), path: "t.json")
    store.append(page.items, toPage: store.addMemoryPage(path: "t.json"))
    return store
  }

  func browser(_ count: Int = 40, size: Size = Size(width: 80, height: 24), configure: (inout Browser.Options) -> Void = { _ in }) -> Browser {
    var options = Browser.Options()
    configure(&options)
    return Browser(store: Self.store(count), options: options, size: size)
  }

  func screen(_ browser: Browser) -> CellBuffer {
    let buffer = CellBuffer(width: browser.size.width, height: browser.size.height)
    browser.draw(in: buffer)
    return buffer
  }

  /// Whether the selected card is on screen: whole, or from its top when it is
  /// taller than the view.
  func selectionIsShown(_ b: Browser) -> Bool {
    let view = b.collectionView
    guard let frame = view.selectedIndexPath.flatMap(view.frameForItem(at:)) else { return false }
    let visible = view.visibleRect
    return visible.contains(frame) || (frame.height > visible.height && frame.minY == visible.minY)
  }

  @Test func startsWithTheFirstItemSelectedAndAStatusBar() {
    let b = browser()
    #expect(b.selectedItem == 0)
    #expect(b.columns == 3)
    let last = screen(b).lines.last!
    #expect(last.hasPrefix(" 1/40 │ 3 columns · waterfall"))
    #expect(last.hasSuffix("? help "))
  }

  @Test func arrowsAndVimKeysMoveAsTheLayoutSays() {
    let b = browser()
    let layout = b.collectionView.layout
    for (key, direction) in [(Key.down, NavigationDirection.down), (.right, .right), (.character("j"), .down), (.character("h"), .left), (.up, .up), (.character("l"), .right)] {
      let before = IndexPath(item: b.selectedItem!)
      let expected = layout.neighbor(of: before, toward: direction) ?? before
      _ = b.handle(.key(key))
      #expect(b.selectedItem == expected.item, "\(key)")
    }
  }

  @Test func endHomeAndPages() {
    let b = browser()
    _ = b.handle(.key(.end))
    #expect(b.selectedItem == 39)
    _ = b.handle(.key(.character("g")))
    #expect(b.selectedItem == 0)
    #expect(b.contentOffset == 0)
    _ = b.handle(.key(.pageDown))
    #expect(b.contentOffset > 0)
    _ = b.handle(.key(.character("G")))
    #expect(b.selectedItem == 39)
  }

  @Test func enterShowsEveryFieldAndEscapeReturnsToTheSamePlace() {
    let b = browser()
    for _ in 0..<5 { _ = b.handle(.key(.down)) }
    let before = screen(b).lines
    let item = b.selectedItem!
    _ = b.handle(.key(.enter))
    #expect(b.mode == .details)
    let details = screen(b).text
    for field in ["id", "title", "price", "w", "h", "tags", "description"] {
      #expect(details.contains("┃ \(field)"), "\(field)")
    }
    #expect(details.contains("Item number \(item)."))
    _ = b.handle(.key(.escape))
    #expect(b.mode == .browsing)
    expectScreen(screen(b).lines, equals: before)
  }

  /// The cursor moves down the lines; past the panel's bottom the lines scroll.
  @Test func detailsScroll() {
    let b = browser(size: Size(width: 40, height: 8))
    _ = b.handle(.key(.enter))
    let top = screen(b).lines
    _ = b.handle(.key(.down))
    #expect(screen(b).lines == top, "the cursor moved within the panel")
    for _ in 0..<5 { _ = b.handle(.key(.down)) }
    #expect(screen(b).lines != top)
    #expect(screen(b).text.contains("tags"))
    _ = b.handle(.key(.character("q")))
    #expect(b.mode == .browsing)
  }

  @Test func filterLiveThenKeepOrClear() {
    let b = browser()
    _ = b.handle(.key(.character("/")))
    #expect(b.mode == .filtering)
    for c in "mug" { _ = b.handle(.key(.character(c))) }
    #expect(b.counts.shown == 8)
    #expect(screen(b).lines.last!.hasPrefix(" /mug"))
    _ = b.handle(.key(.enter))
    #expect(b.mode == .browsing)
    #expect(b.filter == "mug")
    #expect(b.store.content(at: b.selectedItem!).title.hasPrefix("Mug"))
    #expect(screen(b).lines.last!.contains("/mug"))
    _ = b.handle(.key(.escape))
    #expect(b.filter == "")
    #expect(b.counts.shown == 40)
    _ = b.handle(.key(.character("/")))
    for c in "zzz" { _ = b.handle(.key(.character(c))) }
    #expect(screen(b).text.contains("Nothing matches “zzz”"))
    _ = b.handle(.key(.escape))
    #expect(b.counts.shown == 40)
  }

  @Test func filterIgnoresCaseAndSearchesEveryStringField() {
    let b = browser()
    _ = b.handle(.key(.character("/")))
    for c in #"'NUMBER\ 1"# { _ = b.handle(.key(.character(c))) }
    // "Item number 1.", "Item number 10." … "Item number 19."
    #expect(b.counts.shown == 11)
    // Two fuzzy terms: "number", and a 1 in any value (ids, prices, titles too).
    _ = b.handle(.key(.control("u")))
    for c in "NUMBER 1" { _ = b.handle(.key(.character(c))) }
    #expect(b.counts.shown == 28)
  }

  @Test func quitAndPrint() {
    #expect(browser().handle(.key(.character("q"))) == .quit(0))
    #expect(browser().handle(.key(.escape)) == .quit(0))
    let picker = browser { $0.printMode = true }
    _ = picker.handle(.key(.down))
    let item = picker.selectedItem!
    #expect(picker.handle(.key(.enter)) == .print(Array(picker.store.json(at: item))))
    #expect(browser { $0.printMode = true }.handle(.key(.escape)) == .quit(1))
    #expect(browser().handle(.key(.control("l"))) == .repaint)
  }

  @Test func columnsChangeWithPlusAndMinusWithinOneToTwelve() {
    let b = browser()
    _ = b.handle(.key(.character("+")))
    #expect(b.columns == 4)
    for _ in 0..<20 { _ = b.handle(.key(.character("-"))) }
    #expect(b.columns == 1)
    for _ in 0..<20 { _ = b.handle(.key(.character("+"))) }
    #expect(b.columns == 12)
    #expect(selectionIsShown(b))
  }

  @Test func layoutsCycleAndKeepTheSelectionVisible() {
    let b = browser()
    for _ in 0..<12 { _ = b.handle(.key(.down)) }
    let item = b.selectedItem
    var seen: [LayoutKind] = []
    for _ in 0..<LayoutKind.allCases.count {
      _ = b.handle(.key(.character("L")))
      seen.append(b.options.layout)
      #expect(b.selectedItem == item)
      #expect(selectionIsShown(b), "\(b.options.layout)")
    }
    #expect(seen == [.grid, .gridLarge, .list, .table, .line, .circle, .mosaic, .waterfall])
  }

  /// Every key of every mode is on the `?` screen (scrolled through); only `?`,
  /// Esc and q close it.
  @Test func helpListsEveryKeyAndOnlyQuestionEscAndQCloseIt() {
    for size in [Size(width: 200, height: 60), Size(width: 100, height: 30), Size(width: 40, height: 12), Size(width: 20, height: 5)] {
      let b = browser(size: size)
      _ = b.handle(.key(.character("?")))
      var text = ""
      var previous: [String] = []
      for _ in 0..<400 {
        let lines = screen(b).lines
        if lines == previous { break }
        previous = lines
        text += lines.map { $0.replacingOccurrences(of: "┃", with: " ") }.joined(separator: "\n")
        _ = b.handle(.key(.down))
      }
      let flat = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      for (_, bindings) in KeyBindings.helpSections {
        for entry in bindings {
          let words = entry.help.split(separator: " ").joined(separator: " ")
          if size.width >= 40 { #expect(flat.contains(words), "\(size): \(entry.help)") }
          #expect(flat.contains(entry.help.split(separator: " ").first!), "\(size): \(entry.help)")
        }
      }
      for key in [Key.character("x"), .enter, .character("j"), .alt("q"), .function(1)] {
        #expect(b.handle(.key(key)) == .none)
        #expect(b.mode == .help, "\(key) closed the help")
      }
      for key in [Key.character("?"), .escape, .character("q")] {
        if b.mode != .help { _ = b.handle(.key(.character("?"))) }
        #expect(b.mode == .help)
        #expect(b.handle(.key(key)) == .none, "\(key) closes the help, it does not quit")
        #expect(b.mode == .browsing)
      }
    }
  }

  @Test func resizeReflowsAndKeepsTheSelectionOnScreen() {
    let b = browser(size: Size(width: 120, height: 40))
    #expect(b.columns == 4)
    for _ in 0..<8 { _ = b.handle(.key(.down)) }
    _ = b.handle(.resize(Size(width: 60, height: 20)))
    #expect(b.columns == 2)
    #expect(selectionIsShown(b))
  }

  @Test func tinyTerminalsAreToldSoInALineThatFits() {
    let b = browser(size: Size(width: 60, height: 3))
    #expect(screen(b).text.contains("terminal too small: 60x3, need 20x5"))
    _ = b.handle(.resize(Size(width: 19, height: 10)))
    #expect(screen(b).lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == ["     need 20x5     "])
    _ = b.handle(.resize(Size(width: 40, height: 10)))
    #expect(!screen(b).text.contains("need"))
    let one = browser(size: Size(width: 1, height: 1))
    #expect(screen(one).lines == ["…"])
  }

  @Test func noDataShowsAFriendlyScreen() {
    let b = browser(0)
    #expect(b.selectedItem == nil)
    #expect(screen(b).text.contains("No items to show"))
    for key in [Key.down, .enter, .end, .character("+"), .character("L")] { _ = b.handle(.key(key)) }
    #expect(b.mode == .browsing)
  }

  @Test func clickSelectsDoubleClickOpensDetailsWheelScrolls() {
    let b = browser()
    // Column 1 starts at x 27; row 2 is inside item 1's card.
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: 30, y: 2))), time: 1000)
    #expect(b.selectedItem == 1)
    #expect(b.mode == .browsing)
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: 30, y: 2))), time: 1200)
    #expect(b.mode == .details)
    _ = b.handle(.key(.escape))
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: 30, y: 2))), time: 5000)
    #expect(b.mode == .browsing, "presses far apart are two clicks")
    _ = b.handle(.mouse(MouseEvent(action: .wheelDown, position: Point(x: 30, y: 2))))
    #expect(b.contentOffset == 3)
  }

  @Test func appendedItemsKeepTheCardsOnScreen() {
    let store = Self.store(10)
    let b = Browser(store: store, options: Browser.Options(), size: Size(width: 80, height: 24))
    let before = screen(b).lines.dropLast()
    let more = PageParser.parse(Array(#"[{"title":"new","w":1,"h":1},{"title":"newer"}]"#.utf8), path: "m.json")
    store.append(more.items, toPage: store.addMemoryPage(path: "m.json"))
    b.storeDidAppend()
    #expect(b.counts.shown == 12)
    expectScreen(Array(screen(b).lines.dropLast()), equals: Array(before))
  }
}

/// The keys this round added: half pages, `b`, `G` to the real end and Esc
/// stopping it, `n`/`N` and `y` in the details.
@Suite struct MoreKeysTests {
  @Test func ctrlDAndCtrlUMoveHalfAScreenAndBPagesUp() {
    let b = BrowserTests().browser(size: Size(width: 40, height: 21))
    _ = b.handle(.key(.control("d")))
    let half = b.contentOffset
    #expect(half > 0 && half <= 10, "half of 20 rows: \(half)")
    _ = b.handle(.key(.control("d")))
    #expect(b.contentOffset > half)
    _ = b.handle(.key(.control("u")))
    _ = b.handle(.key(.control("u")))
    #expect(b.contentOffset == 0)
    _ = b.handle(.key(.pageDown))
    let page = b.contentOffset
    #expect(page >= 20)
    _ = b.handle(.key(.character("b")))
    #expect(b.contentOffset < page)
  }

  /// With pages still to load, `G` keeps going to the end until loading is done;
  /// Esc stops it without quitting.
  @Test func gFollowsTheEndUntilLoadingIsDoneAndEscStopsIt() {
    let b = BrowserTests().browser(size: Size(width: 80, height: 24))
    b.loading = .loading(progress: nil)
    #expect(b.handle(.key(.character("G"))) == .none)
    #expect(b.goingToEnd && b.isNearEnd)
    #expect(b.notice?.contains("Esc stops") == true)
    #expect(b.handle(.key(.escape)) == .none, "Esc stops going to the end, it does not quit")
    #expect(!b.goingToEnd)
    #expect(b.handle(.key(.character("G"))) == .none)
    b.loading = .done
    #expect(!b.goingToEnd)
    #expect(b.selectedItem == 39)
    #expect(b.handle(.key(.escape)) == .quit(0))
  }

  @Test func aClickInTheDetailsPutsTheCursorOnThatLine() {
    let b = BrowserTests().browser(size: Size(width: 80, height: 24))
    _ = b.handle(.key(.enter))
    let inner = DetailsView.inside(b.detailsRect)
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: inner.minX + 20, y: inner.minY + 2))))
    #expect(b.details?.cursor == 2)
    _ = b.handle(.mouse(MouseEvent(action: .press, position: Point(x: 1, y: 0))))
    #expect(b.details?.cursor == 2, "the border is not a line")
    #expect(b.mode == .details)
  }

  @Test func nAndNStepThroughItemsInOrderAndYCopiesTheJSON() {
    let b = BrowserTests().browser(size: Size(width: 80, height: 24))
    _ = b.handle(.key(.enter))
    _ = b.handle(.key(.character("n")))
    #expect(b.mode == .details && b.selectedItem == 1)
    _ = b.handle(.key(.character("n")))
    _ = b.handle(.key(.character("N")))
    #expect(b.selectedItem == 1)
    guard case .copy(let bytes) = b.handle(.key(.character("y"))) else {
      Issue.record("y did not copy")
      return
    }
    #expect(bytes == b.store.json(at: 1))
    _ = b.handle(.key(.character("N")))
    _ = b.handle(.key(.character("N")))
    #expect(b.selectedItem == 0 && b.notice == "the first item")
  }
}
