import Foundation
import TestSupport
import Testing
import WaterfallNetwork

/// `waterfall URL` in the real binary against the test HTTP server on
/// 127.0.0.1: the first cards while the body still arrives, the next page only
/// after scrolling, `G` for every page, a refresh that is a 304, a failed page
/// kept and retried, a redirect to a file refused, the feed's pictures from the
/// cache when the server is gone, `render` and `--filter` on a URL, and `-H`
/// sent to the feed's host only.
@Suite(.serialized) struct FeedEndToEndTests {
  /// A scratch cache folder for pictures, removed by the caller.
  static func cache(_ name: String = #function) throws -> URL { try Scratch.folder(name) }

  /// The shell command that browses `url`, pictures cached in `cache`.
  static func command(_ url: String, _ options: String = "", cache: URL) -> String {
    "env -u NO_COLOR XDG_CACHE_HOME=\(Tmux.shellQuote(cache.path)) waterfall \(options) --pictures blocks \(Tmux.shellQuote(url))"
  }

  /// Asks `server` for `path` (a gate's release).
  static func get(_ server: TestHTTPServer, _ path: String) throws {
    // The client lives until the body is read: it ends its transfers when it goes.
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url(path)))
    var buffer = [UInt8](repeating: 0, count: 1024)
    while try response.read(into: &buffer) > 0 {}
    withExtendedLifetime(client) {}
  }

  @Test func theFirstCardsShowWhileASlowBodyStillArrives() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try Tmux(Self.command(server.url("/gate/slow?lines=3"), "--layout list", cache: cache), width: 80, height: 20)
    defer { tmux.kill() }
    try tmux.waitFor(text: "item 3")
    // The server still holds the rest of the body.
    #expect(server.events.contains("gate slow waiting"))
    #expect(!server.events.contains("gate slow opened"))
    #expect(!(try tmux.capture().joined().contains("item 4")))
    try Self.get(server, "/release/slow")
    try tmux.waitFor(text: "End · 6 items")
  }

  @Test func pageTwoIsRequestedOnlyAfterScrolling() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let url = server.url("/pages/link/1?pages=3&per=60")
    let tmux = try Tmux(Self.command(url, "--layout list", cache: cache), width: 80, height: 20)
    defer { tmux.kill() }
    try tmux.waitFor("page 1") { Tmux.status($0).hasPrefix(" 1/60 ") }
    try tmux.settle()
    #expect(server.requests(to: "/pages/link/1?pages=3&per=60") == 1)
    #expect(server.requests(to: "/pages/link/2?pages=3&per=60") == 0)
    // To page 1's last card: within a screen of the end, page 2 is fetched.
    try tmux.send("G", "Escape")
    try tmux.waitFor("page 2") { Tmux.status($0).contains("/120 ") }
    #expect(server.requests(to: "/pages/link/2?pages=3&per=60") == 1)
    #expect(server.requests(to: "/pages/link/3?pages=3&per=60") == 0)
  }

  @Test func gFetchesEveryPage() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let tmux = try Tmux(Self.command(server.url("/pages/link/1?pages=6&per=10"), "--layout list", cache: cache), width: 80, height: 20)
    defer { tmux.kill() }
    try tmux.waitFor("page 1") { Tmux.status($0).hasPrefix(" 1/") }
    try tmux.send("G")
    try tmux.waitFor("every page") { Tmux.status($0).hasPrefix(" 60/60 ") && $0.joined().contains("End · 60 items") }
    #expect(server.requests(to: "/pages/link/", prefix: true) == 6)
  }

  @Test func gSaysHowFarItHasComeAndEscStopsIt() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    // Page 3 waits for the test; pages 1 and 2 come at once.
    let url = server.url("/pages/link/1?pages=6&per=40&hold=3&until=third")
    let tmux = try Tmux(Self.command(url, "--layout list", cache: cache), width: 80, height: 20)
    defer { tmux.kill() }
    try tmux.waitFor("page 1") { Tmux.status($0).hasPrefix(" 1/40 ") }
    try tmux.send("G")
    try tmux.waitFor("page 3 asked for") { _ in server.events.contains("held page 3") }
    let progress = try tmux.waitFor("the progress") { Tmux.status($0).contains("loading 80 items… │ going to the end · Esc stops") }
    #expect(Tmux.status(progress).hasPrefix(" 80/80 "))
    try tmux.send("Escape")
    try tmux.waitFor("stopped") { Tmux.status($0).contains("stopped at 80 items") }
    // The page under way still comes; no page after it is asked for.
    try Self.get(server, "/release/third")
    try tmux.waitFor("page 3") { Tmux.status($0).hasPrefix(" 80/120 ") }
    try tmux.settle()
    #expect(server.requests(to: "/pages/link/4", prefix: true) == 0)
    #expect(server.requests(to: "/pages/link/", prefix: true) == 3)
  }

  @Test func aRefreshIsA304AndTheCardsStay() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let url = server.url("/etag/catalogue")
    let tmux = try Tmux(Self.command(url, cache: cache), width: 80, height: 20)
    defer { tmux.kill() }
    let before = try tmux.waitFor(text: "catalogue")
    try tmux.send("r")
    let after = try tmux.waitFor(text: "not modified")
    #expect(server.headers(of: "/etag/catalogue").count == 2)
    #expect(server.headers(of: "/etag/catalogue").last?["if-none-match"] == #""catalogue-1""#)
    // Every card as it was; only the status bar speaks.
    let cards = { (screen: [String]) in screen.filter { $0 != Tmux.status(screen) } }
    #expect(cards(after) == cards(before))
    #expect(Tmux.status(after).contains("not modified (HTTP 304): every card kept"))
  }

  @Test func aFailedPageKeepsTheCardsAndRRetriesIt() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let url = server.url("/pages/link/1?pages=2&per=40&fail=2&until=second")
    // Wide enough for the status bar to say the whole URL.
    let tmux = try Tmux(Self.command(url, "--layout list", cache: cache), width: 160, height: 20)
    defer { tmux.kill() }
    try tmux.waitFor("page 1") { Tmux.status($0).hasPrefix(" 1/40 ") }
    try tmux.send("G", "Escape")
    let failed = try tmux.waitFor(text: "HTTP 500")
    #expect(Tmux.status(failed).contains("/pages/link/2?pages=2&per=40&fail=2&until=second: HTTP 500 Internal Server Error"))
    #expect(Tmux.status(failed).hasPrefix(" 40/40 "))
    #expect(failed.joined().contains("item 40"))
    try Self.get(server, "/release/second")
    try tmux.send("r")
    try tmux.waitFor("page 2 at last") { Tmux.status($0).contains("/80 ") }
    #expect(server.requests(to: "/pages/link/2", prefix: true) == 2)
  }

  @Test func aRedirectToAFileIsRefusedWithOneLine() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/redirect/file")
    let line = "waterfall: \(url): redirected to file:///etc/passwd, which is not http or https: not followed\n"
    let browse = try Tmux.waterfall([url])
    #expect(browse.status == 2)
    #expect(browse.err == line)
    let render = try Tmux.waterfall(["render", url])
    #expect(render.status == 2)
    #expect(render.err == line)
    #expect(render.out.isEmpty)
  }

  @Test func aFailedPageEndsRenderAndLayoutWithItsLineAndNoCredentials() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let secret = "http://reader:hunter2@127.0.0.1:\(server.port)/status/500?access_token=abc&n=1"
    let line = "waterfall: \(server.url("/status/500?access_token=…&n=1")): HTTP 500 Internal Server Error\n"
    for command in ["render", "layout"] {
      let run = try Tmux.waterfall([command, secret, "--width", "60", "-H", "Authorization: Bearer sesame"])
      #expect(run.status == 2)
      #expect(run.err == line)
      #expect(run.out.isEmpty)
    }
    // A later page that fails: the line names it, after the first page's output.
    let paged = server.url("/pages/link/1?pages=3&per=4&fail=2&until=never")
    let layout = try Tmux.waterfall(["layout", paged, "--width", "60", "--all-pages"])
    #expect(layout.status == 2)
    #expect(layout.err == "waterfall: \(server.url("/pages/link/2?pages=3&per=4&fail=2&until=never")): HTTP 500 Internal Server Error\n")
  }

  @Test func cachedPicturesStillShowWhenTheServerIsGone() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    let url = server.url("/pages/link/1?pages=1&per=6")
    let tmux = try Tmux(Self.command(url, cache: cache), width: 160, height: 30)
    defer { tmux.kill() }
    try tmux.waitFor("the feed's pictures") { RemotePictureEndToEndTests.allPicturesShown($0) }
    #expect(server.requests(to: "/pictures/item-1.png") == 1)
    server.stop()
    try tmux.send("r")
    let gone = try tmux.waitFor(text: "could not connect")
    #expect(Tmux.status(gone).contains("\(url): could not connect"))
    // Every card stays, and its picture shows from the cache.
    try tmux.waitFor("the pictures again") { RemotePictureEndToEndTests.allPicturesShown($0) && $0.joined().contains("item 1") }
  }

  @Test func renderAndFilterReadAURL() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/pages/link/1?pages=3&per=4")
    let render = try Tmux.waterfall(["render", url, "--width", "60", "--height", "8", "--layout", "list", "--all-pages"])
    #expect(render.status == 0)
    #expect(render.out.contains("item 1"))
    #expect(render.out.contains(" 1/12 "))
    let filtered = try Tmux.waterfall(["--filter", "'item 11", url])
    #expect(filtered.status == 0)
    #expect(filtered.out == #"{"id": 11, "title": "item 11", "img": "/pictures/item-11.png"}"# + "\n")
    // --next with a cursor, and --page-param.
    let cursor = try Tmux.waterfall(["layout", server.url("/pages/cursor?pages=2"), "--width", "40", "--all-pages", "--next", "/next", "--next-param", "after"])
    #expect(cursor.status == 0)
    #expect(cursor.out.split(separator: "\n").filter { $0.contains(#""kind":"cell""#) }.count == 10)
    #expect(server.requests(to: "/pages/cursor?pages=2&after=c1") == 1)
    let numbered = try Tmux.waterfall(["layout", server.url("/pages/numbered?pages=2"), "--width", "40", "--all-pages", "--page-param", "page"])
    #expect(numbered.out.split(separator: "\n").filter { $0.contains(#""kind":"cell""#) }.count == 10)
    #expect(server.requests(to: "/pages/numbered?pages=2&page=3") == 1)
  }

  @Test func aHeaderReachesTheFeedsHostAndNoOther() throws {
    let feed = try TestHTTPServer()
    defer { feed.stop() }
    let pictures = try TestHTTPServer()
    defer { pictures.stop() }
    let cache = try Self.cache()
    defer { try? FileManager.default.removeItem(at: cache) }
    // Pictures on the feed's own host (relative names), then on another.
    let own = try Tmux(Self.command(feed.url("/pages/link/1?pages=1&per=4"), "-H 'X-Token: secret' -k", cache: cache), width: 100, height: 30)
    defer { own.kill() }
    let screen = try own.waitFor("the pictures") { RemotePictureEndToEndTests.allPicturesShown($0) }
    #expect(Tmux.status(screen).contains("TLS not checked (--insecure)"))
    own.kill()
    let picturesOfFeed = feed.headers(of: "/pictures/", prefix: true)
    #expect(!picturesOfFeed.isEmpty)
    #expect(picturesOfFeed.allSatisfy { $0["x-token"] == "secret" })
    #expect(feed.headers(of: "/pages/link/1?pages=1&per=4").first?["x-token"] == "secret")

    let elsewhere = feed.url("/items.json?n=4&base=\(pictures.baseURL)")
    let other = try Tmux(Self.command(elsewhere, "-H 'X-Token: secret'", cache: cache), width: 100, height: 30)
    defer { other.kill() }
    try other.waitFor("the other host's pictures") { RemotePictureEndToEndTests.allPicturesShown($0) }
    #expect(feed.headers(of: "/items.json", prefix: true).first?["x-token"] == "secret")
    let picturesElsewhere = pictures.headers(of: "/pictures/", prefix: true)
    #expect(picturesElsewhere.count == 4)
    #expect(picturesElsewhere.allSatisfy { $0["x-token"] == nil })
  }
}
