import Foundation
import TestSupport
import Testing
import WaterfallNetwork

@testable import WaterfallApp

/// A feed read by the browser's ``LoadController``: `r` asks whether the first
/// page changed; a 304 keeps the store (no reload at all) and the reading goes
/// on where it was; a 200 reads the pages again; a page that fails keeps every
/// card and is fetched again by `r`.
@Suite struct FeedRefreshTests {
  /// Drains and ticks `controller` until it is idle, `nearEnd` saying whether
  /// the cards are near their end; returns the updates' notices and replacement.
  static func settle(_ controller: LoadController, nearEnd: Bool = false) -> (notices: [String?], replacement: ItemStore?) {
    var notices: [String?] = []
    var replacement: ItemStore?
    var step: UInt64 = 0
    repeat {
      step += 1
      for update in [controller.drain(now: step), controller.tick(now: step, nearEnd: nearEnd)] {
        if let notice = update.notice { notices.append(notice) }
        if let store = update.replacement { replacement = store }
      }
    } while !controller.isIdle || controller.hasPendingEvents || (nearEnd && controller.hasMorePages)
    return (notices, replacement)
  }

  @Test func aRefreshThatIsNotModifiedKeepsEveryCard() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/etag/feed")
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: HTTPFeedSource(url: url), store: store, workers: .synchronous)
    _ = controller.start()
    _ = Self.settle(controller)
    #expect(store.count == 1)
    #expect(server.headers(of: "/etag/feed").first?["if-none-match"] == nil)

    let (notices, replacement) = { _ = controller.reload(); return Self.settle(controller) }()
    #expect(replacement == nil)
    #expect(notices.last == "not modified (HTTP 304): every card kept")
    #expect(store.count == 1)
    #expect(server.headers(of: "/etag/feed").last?["if-none-match"] == #""feed-1""#)
    #expect(server.requests(to: "/etag/feed") == 2)
    #expect(controller.errors.isEmpty)
  }

  @Test func aRefreshWithoutValidatorsReadsThePagesAgain() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    // /pages/link has no ETag: the first page is fetched again and every page read
    // again, into a new store.
    var roles = FieldRoles()
    roles.id = ["id"]
    let store = ItemStore(roles: roles)
    let controller = LoadController(source: HTTPFeedSource(url: server.url("/pages/link/1?pages=3&per=2")), store: store, workers: .synchronous)
    _ = controller.start()
    _ = Self.settle(controller)
    _ = controller.tick(now: 100, nearEnd: true)
    _ = Self.settle(controller)
    #expect(store.count == 4)
    _ = controller.reload()
    let (_, replacement) = Self.settle(controller)
    #expect(replacement?.count == 4)
    #expect(server.requests(to: "/pages/link/1?pages=3&per=2") == 2)
    #expect(server.requests(to: "/pages/link/2?pages=3&per=2") == 2)
    #expect(server.requests(to: "/pages/link/3?pages=3&per=2") == 0)
    // And on from there.
    _ = Self.settle(controller, nearEnd: true)
    #expect(server.requests(to: "/pages/link/3?pages=3&per=2") == 1)
    #expect(replacement?.count == 6)
  }

  @Test func aPageThatFailsKeepsTheCardsAndRRetriesIt() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/pages/link/1?pages=2&per=3&fail=2&until=page2")
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: HTTPFeedSource(url: url), store: store, workers: .synchronous)
    _ = controller.start()
    let (notices, _) = Self.settle(controller, nearEnd: true)
    let page2 = server.url("/pages/link/2?pages=2&per=3&fail=2&until=page2")
    #expect(notices.compactMap { $0 } == ["\(page2): HTTP 500 Internal Server Error"])
    #expect(store.count == 3)
    #expect(!controller.hasMorePages)
    #expect(controller.errors.count == 1)
    // Near the end, nothing is asked for again on its own.
    _ = Self.settle(controller, nearEnd: true)
    #expect(server.requests(to: "/pages/link/2", prefix: true) == 1)

    // r, the page still failing: the cards stay, the same error.
    _ = controller.reload()
    let again = Self.settle(controller, nearEnd: true)
    #expect(again.replacement?.count ?? store.count == 3)
    #expect(again.notices.compactMap { $0 }.last == "\(page2): HTTP 500 Internal Server Error")

    // r, the server mended: page 2 comes.
    try HTTPFeedSourceTests.get(server, "/release/page2")
    _ = controller.reload()
    let mended = Self.settle(controller, nearEnd: true)
    let shown = mended.replacement ?? again.replacement ?? store
    #expect(shown.count == 6)
    #expect(controller.errors.isEmpty)
    #expect(!controller.hasMorePages)
  }

  @Test func aRefreshThatCannotReachTheServerKeepsTheCards() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let url = server.url("/etag/gone")
    let store = ItemStore(roles: FieldRoles())
    let controller = LoadController(source: HTTPFeedSource(url: url), store: store, workers: .synchronous)
    _ = controller.start()
    _ = Self.settle(controller)
    #expect(store.count == 1)
    server.stop()
    _ = controller.reload()
    let (notices, replacement) = Self.settle(controller)
    #expect(replacement == nil)
    #expect(store.count == 1)
    let notice = try #require(notices.compactMap { $0 }.last)
    #expect(notice.hasPrefix("\(url): could not connect"))
  }
}
