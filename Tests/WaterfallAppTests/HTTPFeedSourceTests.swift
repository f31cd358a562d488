import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallNetwork

@testable import WaterfallApp

/// Feeds over HTTP against the test server on 127.0.0.1: bodies read as they
/// arrive and spooled, pages found from the Link header, a body's pointer or a
/// page number, each fetched only when asked for; a read that waits on the
/// server ended by `cancel()`; failures as one line with the URL.
@Suite struct HTTPFeedSourceTests {
  /// A sink that counts what a page hands it, from the thread that reads.
  final class CountingSink: PageSink, @unchecked Sendable {
    private let state = Mutex((items: 0, opened: [String](), progress: [String]()))
    var items: Int { state.withLock { $0.items } }
    var opened: [String] { state.withLock { $0.opened } }
    var progress: [String] { state.withLock { $0.progress } }

    func shouldStop() -> Bool { false }
    func opened(_ page: OpenedPage) { state.withLock { $0.opened.append(page.path) } }
    func described(_ shape: ItemTextShape, note: String?) {}
    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) { state.withLock { $0.items += items.count } }
    func progress(_ text: String) { state.withLock { $0.progress.append(text) } }
  }

  /// Runs `body` on a thread of its own; `done` says when it has returned.
  final class Background: @unchecked Sendable {
    private let finished = Atomic<Bool>(false)
    private let result = Mutex<PageEnd?>(nil)
    var done: Bool { finished.load(ordering: .acquiring) }
    var end: PageEnd? { result.withLock { $0 } }

    init(_ body: @escaping @Sendable () -> PageEnd) {
      Thread.detachNewThread { [self] in
        let end = body()
        result.withLock { $0 = end }
        finished.store(true, ordering: .releasing)
      }
    }
  }

  static func settings() -> ReadSettings { ReadSettings(scanner: ItemScanner(roles: FieldRoles())) }

  /// Asks `server` for `path` with a client of its own (a gate's release).
  static func get(_ server: TestHTTPServer, _ path: String) throws {
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url(path)))
    var buffer = [UInt8](repeating: 0, count: 1024)
    while try response.read(into: &buffer) > 0 {}
    withExtendedLifetime(client) {}
  }

  @Test func theFirstItemsComeWhileTheBodyIsStillArriving() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let source = HTTPFeedSource(url: server.url("/gate/feed?lines=3"))
    let cursor = source.open(Self.settings())
    let sink = CountingSink()
    let reading = Background { cursor.readNextPage(into: sink) }
    // The server holds the rest of the body until released: three items are in before.
    eventually("the first three items") { sink.items == 3 }
    #expect(server.events.contains("gate feed waiting"))
    #expect(!server.events.contains("gate feed opened"))
    #expect(!reading.done)
    try Self.get(server, "/release/feed")
    eventually("the page's end") { reading.done }
    #expect(sink.items == 6)
    #expect(reading.end == PageEnd(hasMore: false))
    #expect(sink.opened == [server.url("/gate/feed?lines=3")])
  }

  @Test func theBodyIsSpooledAndItsItemsReadAgainFromThere() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: HTTPFeedSource(url: server.url("/pages/link/1?pages=1&per=3")), store: store)
    try loader.loadNextPage()
    #expect(store.count == 3)
    #expect(server.requests(to: "/pages/link/1?pages=1&per=3") == 1)
    // Read again from the spool, not the network.
    #expect(store.value(at: 2)["title"]?.text == "item 3")
    #expect(String(decoding: store.json(at: 0), as: UTF8.self).contains(#""img": "/pictures/item-1.png""#))
    #expect(server.requestLines.count == 1)
    // Pictures named from the page's URL.
    #expect(store.pictureFolder(at: 0) == server.url("/pages/link/1?pages=1&per=3"))
    #expect(Pictures.path(for: "/pictures/item-1.png", in: store.pictureFolder(at: 0)!) == server.url("/pictures/item-1.png"))
  }

  @Test func linkPagesAreFetchedOneAtATimeAsAskedFor() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: HTTPFeedSource(url: server.url("/pages/link/1?pages=3&per=2")), store: store)
    try loader.loadNextPage()
    #expect(store.count == 2)
    #expect(loader.hasMorePages)
    #expect(server.requests(to: "/pages/link/", prefix: true) == 1)
    try loader.loadNextPage()
    #expect(server.requests(to: "/pages/link/2?pages=3&per=2") == 1)
    try loader.loadAll()
    #expect(store.count == 6)
    #expect(!loader.hasMorePages)
    #expect(server.requests(to: "/pages/link/", prefix: true) == 3)
  }

  /// `--next` to a URL, `--next` to a cursor with `--next-param`, `--page-param`.
  @Test(arguments: [
    (FeedPaging.body(try! JSONPath("/next_url"), parameter: nil), "/pages/cursor?pages=3", ["/pages/cursor?pages=3", "/pages/cursor?after=c1&pages=3", "/pages/cursor?after=c2&pages=3"]),
    (.body(try! JSONPath(".next"), parameter: "after"), "/pages/cursor?pages=3", ["/pages/cursor?pages=3", "/pages/cursor?pages=3&after=c1", "/pages/cursor?pages=3&after=c2"]),
    (.pageNumber(parameter: "page"), "/pages/numbered?pages=2", ["/pages/numbered?pages=2&page=1", "/pages/numbered?pages=2&page=2", "/pages/numbered?pages=2&page=3"]),
  ])
  func pagesFollowAsThePagingSays(paging: FeedPaging, start: String, requested: [String]) throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    var settings = FeedSettings()
    settings.paging = paging
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: try SourceResolver.resolve(server.url(start), feed: settings), store: store)
    try loader.loadNextPage()
    #expect(server.requestLines.count == 1)
    try loader.loadAll()
    #expect(server.requestLines.map { String($0.split(separator: " ")[1]) } == requested)
    #expect(store.count == (requested.count == 3 && start.hasPrefix("/pages/cursor") ? 15 : 10))
  }

  @Test func aCursorWithoutNextParamIsOneLine() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    var settings = FeedSettings()
    settings.paging = .body(try JSONPath("/next"), parameter: nil)
    let loader = Loader(source: HTTPFeedSource(url: server.url("/pages/cursor"), settings: settings), store: ItemStore(roles: FieldRoles()))
    let error = #expect(throws: LoadError.self) { try loader.loadNextPage() }
    #expect(error?.description == "\(server.url("/pages/cursor")): --next /next found 'c1', not a URL: --next-param NAME puts a cursor in the query string")
    #expect(loader.store.count == 5)
    #expect(!loader.hasMorePages)
  }

  @Test func aPageThatFailsSaysItsStatusAndURLWithoutItsToken() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let loader = Loader(source: HTTPFeedSource(url: server.url("/status/503?access_token=secret")), store: ItemStore(roles: FieldRoles()))
    let error = #expect(throws: LoadError.self) { try loader.loadNextPage() }
    #expect(error?.description == "\(server.url("/status/503?access_token=…")): HTTP 503 Service Unavailable")
    let redirect = Loader(source: HTTPFeedSource(url: server.url("/redirect/file")), store: ItemStore(roles: FieldRoles()))
    let refused = #expect(throws: LoadError.self) { try redirect.loadNextPage() }
    #expect(refused?.description == "\(server.url("/redirect/file")): redirected to file:///etc/passwd, which is not http or https: not followed")
  }

  @Test func cancelEndsAReadThatWaitsOnTheServer() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cursor = HTTPFeedSource(url: server.url("/gate/never?lines=2")).open(Self.settings())
    let sink = CountingSink()
    let reading = Background { cursor.readNextPage(into: sink) }
    eventually("the first items") { sink.items == 2 }
    #expect(!reading.done)
    cursor.cancel()
    eventually("the read given up") { reading.done }
    #expect(reading.end == PageEnd(hasMore: false))
    try Self.get(server, "/release/never")
  }

  @Test func headersGoToTheFeedsOriginOnly() throws {
    let feed = try TestHTTPServer()
    defer { feed.stop() }
    let other = try TestHTTPServer()
    defer { other.stop() }
    var settings = FeedSettings()
    settings.headers = [try HTTPHeader(parsing: "X-Token: secret")]
    let source = HTTPFeedSource(url: feed.url("/pages/link/1?pages=1"), settings: settings)
    try Loader(source: source, store: ItemStore(roles: FieldRoles())).loadNextPage()
    #expect(feed.headers(of: "/pages/link/1?pages=1").first?["x-token"] == "secret")
    #expect(feed.headers(of: "/pages/link/1?pages=1").first?["user-agent"] == "waterfall/\(WaterfallVersion.number)")
    // A feed redirected to another host goes on without them.
    let moved = HTTPFeedSource(url: feed.url("/redirect/to?url=\(other.url("/pages/link/1?pages=1"))"), settings: settings)
    let store = ItemStore(roles: FieldRoles())
    try Loader(source: moved, store: store).loadNextPage()
    #expect(store.count == 5)
    #expect(feed.headers(of: "/redirect/to", prefix: true).first?["x-token"] == "secret")
    #expect(other.headers(of: "/pages/link/1?pages=1").count == 1)
    #expect(other.headers(of: "/pages/link/1?pages=1").first?["x-token"] == nil)
    // Pictures: the feed's host gets them, another host never.
    let options = source.pictureOptions(RemotePictureOptions())
    #expect(options.fetches)
    #expect(options.client.headers.isEmpty)
    #expect(options.originHeaders?.headers(for: feed.url("/pictures/a.png")) == settings.headers)
    #expect(options.originHeaders?.headers(for: other.url("/pictures/a.png")) == [])
  }
}
