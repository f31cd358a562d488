import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// What the browser does with commands bound by `--bind`, `--query` and
/// `--header`, driven without a terminal (issue 27).
@Suite struct BoundCommandsTests {
  func browser(size: Size = Size(width: 80, height: 24), configure: (inout Browser.Options) -> Void = { _ in }) -> Browser {
    var options = Browser.Options()
    options.animates = false
    configure(&options)
    return Browser(store: BrowserTests.store(), options: options, size: size)
  }

  func lines(_ browser: Browser) -> [String] {
    let buffer = CellBuffer(width: browser.size.width, height: browser.size.height)
    browser.draw(in: buffer)
    return buffer.lines
  }

  @Test func acceptPrintsTheSelectedItemWithoutPrintMode() {
    let b = browser()
    _ = b.perform(.down)
    let item = b.selectedItem!
    #expect(b.perform(.accept) == .print(b.store.printed(at: item)))
    _ = b.handle(.key(.enter))
    #expect(b.mode == .details)
    #expect(b.perform(.accept) == .print(b.store.printed(at: item)), "in the details: the item shown")
  }

  @Test func toggleDetailsOpensAndCloses() {
    let b = browser()
    #expect(b.perform(.toggleDetails) == .none)
    #expect(b.mode == .details)
    _ = b.perform(.toggleDetails)
    #expect(b.mode == .browsing)
    _ = b.handle(.key(.character("/")))
    _ = b.perform(.toggleDetails)
    #expect(b.mode == .details, "from the search line too")
  }

  @Test func aMoveWhileSearchingGoesBackToTheCards() {
    let b = browser()
    _ = b.handle(.key(.character("/")))
    #expect(b.mode == .filtering)
    _ = b.perform(.down)
    #expect(b.mode == .browsing)
    #expect(b.selectedItem != 0)
    #expect(b.perform(.reload) == .reload)
    #expect(b.perform(.repaint) == .repaint)
    #expect(b.perform(.quit) == .quit(0))
  }

  @Test func theMarkCommandsDoNothingYet() {
    let b = browser()
    for command in [KeyCommand.toggleMark, .markAll, .unmarkAll] {
      #expect(b.perform(command) == .none)
      #expect(b.selectedItem == 0)
    }
  }

  @Test func aQueryTypedAtTheStartSearches() {
    let b = browser()
    b.typeQuery("lamp 1")
    #expect(b.mode == .filtering)
    #expect(b.filter == "lamp 1")
    let query = SearchQuery("lamp 1")
    let expected = (0..<b.store.count).filter { item in
      b.store.json(at: item).withUnsafeBufferPointer { SearchEngine.matches(query, json: $0) }
    }
    #expect(b.counts.shown == expected.count)
    #expect(expected.count > 0 && expected.count < b.store.count)
    #expect(lines(b).last!.contains("/lamp 1"))
  }

  @Test func theHeaderTakesRowsAboveTheCards() {
    let plain = lines(browser())
    let b = browser { $0.header = "ctrl-o: open\nctrl-y: copy" }
    let screen = lines(b)
    #expect(screen[0] == " ctrl-o: open" + String(repeating: " ", count: 67))
    #expect(screen[1].hasPrefix(" ctrl-y: copy"))
    #expect(screen[2] == plain[0], "the cards start under it")
    #expect(b.collectionView.frame == Rect(x: 0, y: 2, width: 80, height: 21))
    let tiny = browser(size: Size(width: 40, height: 6)) { $0.header = "a\nb\nc\nd" }
    #expect(tiny.collectionView.frame.height == 3, "the header gives way to three rows of cards")
  }

  @Test func helpListsTheBoundKeys() throws {
    let b = browser { $0.keyMap = try! KeyMap(binding: ["ctrl-o:execute(less {path})"]) }
    _ = b.handle(.key(.character("?")))
    let screen = lines(b).joined(separator: "\n")
    #expect(screen.contains("Your keys (--bind)"))
    #expect(screen.contains("Ctrl-O  execute(less {path})") || screen.contains("Ctrl-O") && screen.contains("execute(less {path})"))
  }
}
