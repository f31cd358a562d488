import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// A bracketed paste is the search's text, never keys.
@Suite struct PasteTests {
  @Test func aPasteOnTheCardsOpensTheSearchWithIt() {
    let browser = Fixture.browser(Fixture.store(60))
    browser.runPendingWork()
    #expect(browser.handle(.paste("q\nx")) == .none)
    #expect(browser.mode == .filtering)
    #expect(browser.filter == "q x")
  }

  @Test func aPasteWhileSearchingAddsToTheSearchAsOneSearch() {
    let browser = Fixture.browser(Fixture.store(60))
    browser.runPendingWork()
    _ = browser.handle(.key(.character("/")))
    _ = browser.handle(.key(.character("a")))
    _ = browser.handle(.paste("b\u{1B}c\td"))
    #expect(browser.filter == "ab c d")
  }

  @Test(arguments: [Browser.Mode.help, .details])
  func aPasteElsewhereIsDropped(mode: Browser.Mode) {
    let browser = Fixture.browser(Fixture.store(60))
    browser.runPendingWork()
    _ = browser.handle(.key(mode == .help ? .character("?") : .enter))
    #expect(browser.mode == mode)
    #expect(browser.handle(.paste("qqq")) == .none)
    #expect(browser.mode == mode)
    #expect(browser.filter.isEmpty)
  }
}
