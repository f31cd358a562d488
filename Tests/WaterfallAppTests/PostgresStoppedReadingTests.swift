import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallTerminal
import WaterfallView
@testable import WaterfallApp

/// A server that goes away while the browser reads it: the cards read stay,
/// the status bar and the footer say the reading stopped and why, and `r`
/// reads again once the server is back.
@Suite struct PostgresStoppedReadingTests {
  /// Drains `controller` into `browser` until `done` holds.
  private func drain(_ controller: LoadController, into browser: Browser, until what: String, _ done: () -> Bool) {
    eventually(what) {
      browser.apply(controller.drain(), now: 0)
      return done()
    }
  }

  @Test(.timeLimit(.minutes(2))) func aServerStoppedMidReadKeepsTheCardsSaysWhyAndRReadsAgain() throws {
    // Its own cluster: this test stops it.
    let pg = try TestPostgres.start()
    defer { pg.stop() }
    try pg.psql("CREATE TABLE numbers AS SELECT n, 'row ' || n AS title FROM generate_series(1, 5000) AS n; ANALYZE numbers")
    // An immediate stop loses what is not on disk (synchronous_commit=off).
    try pg.psql("CHECKPOINT")
    var source = PostgresSource(target: PostgresTarget(pg.conninfo), selection: .table("numbers"))
    source.pageRows = 1000
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, wake: {})
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 100, height: 30))
    browser.apply(controller.start())
    drain(controller, into: browser, until: "the first page") { browser.store.count == 1000 && controller.isIdle }
    #expect(browser.loading != .done, "more rows wait on the server")

    try pg.stopServer()
    // The next page is asked for, as scrolling near the end does.
    browser.apply(controller.tick(now: 1_000_000, nearEnd: true), now: 0)
    drain(controller, into: browser, until: "the reading to stop") {
      if case .stopped = browser.loading { return true }
      return false
    }
    guard case .stopped(let reason) = browser.loading else { return }
    #expect(reason.hasPrefix("the server went away"), "\(reason)")
    #expect(reason.contains("r reconnects"))
    #expect(browser.store.count == 1000, "the cards read stay")
    #expect(!controller.hasMorePages, "nothing more is asked of a server gone")
    let screen = CellBuffer(width: 100, height: 30)
    browser.draw(in: screen)
    #expect(screen.lines.last!.contains("the server went away"), "\(screen.lines.last!)")
    #expect(browser.cards.dataSource.footer == "Stopped · 1,000 items · r reads again")
    // Asking again for more does nothing until r.
    browser.apply(controller.tick(now: 2_000_000, nearEnd: true), now: 0)
    browser.apply(controller.drain(), now: 0)
    #expect(browser.store.count == 1000)
    if case .stopped = browser.loading {} else { Issue.record("still stopped: \(browser.loading)") }

    try pg.startServer()
    let action = browser.handle(.key(.character("r")))
    #expect(action == .reload)
    browser.apply(controller.reload(), now: 0)
    if case .stopped = browser.loading { Issue.record("r still says stopped") }
    drain(controller, into: browser, until: "the rows read again") { browser.store.count >= 2000 && controller.isIdle }
    #expect(browser.loading != .done && browser.loading != .stopped(reason))
    #expect(browser.cards.dataSource.footer == "Loading more…")
  }
}
