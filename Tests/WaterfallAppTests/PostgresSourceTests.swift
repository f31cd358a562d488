import Foundation
import TestSupport
import Testing
import WaterfallLayout
import WaterfallView
@testable import WaterfallApp

/// A server's table, query or catalogue read by the browser's loader: a search
/// typed cancels the statement still running, its first matches come before
/// the server has found a page, the picker's items, and the name shown.
@Suite(.postgres) struct PostgresSourceTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("source") { [pg] in
      try pg.psql(
        """
        CREATE TABLE shop_items AS SELECT n AS id, 'item ' || n AS title FROM generate_series(1, 3000) AS n;
        ALTER TABLE shop_items ADD PRIMARY KEY (id);
        CREATE VIEW cheap_items AS SELECT * FROM shop_items WHERE id < 10;
        ANALYZE shop_items
        """)
    }
  }

  private func drain(_ controller: LoadController, into browser: Browser, until what: String, _ done: () -> Bool) {
    eventually(what) {
      browser.apply(controller.drain(), now: 0)
      return done()
    }
  }

  private func browse(_ source: PostgresSource) -> (LoadController, Browser) {
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: source, store: store, wake: {})
    let browser = Browser(store: store, options: Browser.Options(), size: Size(width: 100, height: 30))
    if controller.refinesAtSource { browser.searchAndSortAtSource(SourceRefinement()) }
    browser.apply(controller.start())
    return (controller, browser)
  }

  private func active(_ application: String) throws -> String {
    try pg.psql(
      "SELECT coalesce(string_agg(left(query, 40), ','), '') FROM pg_stat_activity WHERE application_name = '\(application)' AND state = 'active'")
  }

  @Test(.timeLimit(.minutes(1))) func aSearchTypedCancelsTheStatementRunningAndShowsItsFirstMatchesSoon() throws {
    // Row 400 takes 30 s: the first page (500 rows) waits on it; a search's first
    // matches ("item-1", "item-10"…"item-199": 111 rows) are found before it.
    let query = "SELECT n AS id, 'item-' || n AS title, pg_sleep(CASE WHEN n = 400 THEN 30 ELSE 0 END)::text AS slept FROM generate_series(1, 3000) AS n"
    let source = PostgresSource(target: PostgresTarget(pg.conninfo + " application_name=typed"), selection: .query(query))
    let (controller, browser) = browse(source)
    defer { controller.end() }
    eventually("the first page's statement to run") { (try? active("typed"))?.hasPrefix("FETCH") == true }

    let typed = ContinuousClock.now
    browser.apply(controller.refine(SourceRefinement(search: "'item-1")), now: 0)
    drain(controller, into: browser, until: "the first matches") { browser.store.count > 0 }
    #expect(ContinuousClock.now - typed < .seconds(20), "not after the sleep")
    #expect(browser.store.count == PostgresSource.firstMatches)
    #expect(pg.log().contains("canceling statement due to user request"), "the statement was cancelled (PQcancel)")
    #expect(try active("typed") == "", "nothing left running")
    let titles = (0..<browser.store.count).compactMap { (try? JSONParser.parse(browser.store.json(at: $0)))?["title"]?.text }
    #expect(titles.allSatisfy { $0.hasPrefix("item-1") }, "\(titles.prefix(3))")
  }

  @Test func theCatalogueListsTablesAndViewsWithTheirEstimates() throws {
    let catalogue = try PostgresSource.resolve(PostgresTarget(pg.conninfo), table: nil, query: nil)
    #expect(catalogue.isCatalogue)
    #expect(catalogue.refined(by: SourceRefinement(search: "x")) == nil, "the browser searches the picker")
    let (controller, browser) = browse(catalogue)
    defer { controller.end() }
    drain(controller, into: browser, until: "the catalogue") { controller.isIdle && browser.loading == .done }
    let items = (0..<browser.store.count).compactMap { try? JSONParser.parse(browser.store.json(at: $0)) }
    let table = items.first { $0["table"]?.text == "public.shop_items" }
    #expect(table?["kind"]?.text == "table")
    #expect(table?["estimated rows"]?.text == "3000")
    #expect(items.first { $0["table"]?.text == "public.cheap_items" }?["kind"]?.text == "view")
    #expect(!pg.log().contains("count(*)"), "estimated, never counted")
    let picked = try #require((0..<browser.store.count).map { browser.store.json(at: $0) }.first { String(decoding: $0, as: UTF8.self).contains("shop_items") })
    #expect(PostgresSource.tableName(inCatalogueItem: picked) == "public.shop_items")
  }

  @Test func aTimeoutACancelAndAServerGoneSayWhich() throws {
    let timedOut = try PostgresSource.resolve(
      PostgresTarget(pg.conninfo + " options='-c statement_timeout=100'"), table: nil,
      query: "SELECT pg_sleep(5) AS slept")
    let (controller, browser) = browse(timedOut)
    defer { controller.end() }
    drain(controller, into: browser, until: "the timeout") { !controller.errors.isEmpty }
    #expect(controller.errors.report.first?.contains("the server cancelled the query (canceling statement due to statement timeout)") == true,
            "\(controller.errors.report)")
    let name = "postgresql:///shop"
    #expect(PostgresCursor.loadError(PostgresError(.cancelled, "canceling statement due to user request", call: "x"), name: name)
      == .unreadable(path: name, reason: "the query was cancelled (Esc); r runs it again"))
    #expect(PostgresCursor.loadError(PostgresError(.connectionLost, "server closed the connection", call: "x"), name: name)
      == .unreadable(path: name, reason: "the server went away (server closed the connection); the cards read stay, r reconnects"))
  }

  @Test func thePasswordIsNeverInTheNameOrTheErrors() throws {
    let uri = pg.uri(user: "nobody_here", password: "s3cret-pw")
    let source = try PostgresSource.resolve(PostgresTarget(uri), table: "shop_items", query: nil)
    #expect(!source.sourceDescription.name.contains("s3cret-pw"))
    let (controller, browser) = browse(source)
    defer { controller.end() }
    drain(controller, into: browser, until: "the refusal") { !controller.errors.isEmpty }
    let said = controller.errors.report.joined(separator: "\n")
    #expect(said.contains("nobody_here"), "\(said)")
    #expect(!said.contains("s3cret-pw"), "\(said)")
    let screen = CellBuffer(width: 100, height: 30)
    browser.draw(in: screen)
    #expect(!screen.text.contains("s3cret-pw"))
  }
}
