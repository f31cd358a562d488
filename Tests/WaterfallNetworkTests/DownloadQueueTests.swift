import Foundation
import TestSupport
import Testing
import WaterfallNetwork

/// The pictures' download queue: results in the mailbox, one download per URL,
/// the highest priority first, a host's limit, cancelling by token.
@Suite struct DownloadQueueTests {
  /// The mailbox's results until `count` have come, by URL.
  static func collect(_ queue: DownloadQueue, count: Int) -> [String: DownloadQueue.Finished] {
    var results: [String: DownloadQueue.Finished] = [:]
    eventually("\(count) downloads finished") {
      for finished in queue.takeFinished() { results[finished.url] = finished }
      return results.count >= count
    }
    return results
  }

  @Test func downloadsArrivePostedToTheMailbox() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let wakes = Counter()
    let queue = DownloadQueue(client: client) { wakes.add() }
    let urls = (1...5).map { server.url("/pictures/p\($0).png") } + [server.url("/pictures/bars.jpg")]
    for url in urls { _ = queue.enqueue(HTTPRequest(url: url), priority: 0) }
    let results = Self.collect(queue, count: urls.count)
    for url in urls {
      let download = try #require(try results[url]?.result.get())
      #expect(download.head.status == 200)
      #expect(download.bytes.prefix(4) == [0x89, 0x50, 0x4e, 0x47] || download.bytes.prefix(2) == [0xff, 0xd8])
    }
    #expect(wakes.value == urls.count)
    #expect(queue.takeFinished().isEmpty)
  }

  @Test func oneURLIsFetchedOnceForEveryoneWhoAsks() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient())
    let url = server.url("/pictures/shared.png")
    let first = queue.enqueue(HTTPRequest(url: url), priority: 0)
    let second = queue.enqueue(HTTPRequest(url: url), priority: 5)
    let finished = try #require(Self.collect(queue, count: 1)[url])
    #expect(Set(finished.tokens) == [first, second])
    #expect(server.requests(to: "/pictures/shared.png") == 1)
  }

  @Test func theHighestPriorityStartsFirst() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient(), perHost: 1)
    // The one slot is taken until the gate opens; meanwhile the rest queue.
    _ = queue.enqueue(HTTPRequest(url: server.url("/gate/order")), priority: 100)
    eventually("the gate's request") { server.events.contains("gate order waiting") }
    for (name, priority) in [("one", 1), ("five", 5), ("three", 3), ("four", 4), ("two", 2)] {
      _ = queue.enqueue(HTTPRequest(url: server.url("/pictures/\(name).png")), priority: priority)
    }
    _ = try HTTPClient().open(HTTPRequest(url: server.url("/release/order")))
    _ = Self.collect(queue, count: 6)
    let order = server.requestLines.compactMap { line -> String? in
      guard let path = line.split(separator: " ").dropFirst().first, path.hasPrefix("/pictures/") else { return nil }
      return String(path.dropFirst("/pictures/".count).dropLast(".png".count))
    }
    #expect(order == ["five", "four", "three", "two", "one"])
  }

  @Test func aHostGetsAtMostItsLimit() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient(), perHost: 3)
    for i in 0..<8 { _ = queue.enqueue(HTTPRequest(url: server.url("/gate/host?n=\(i)")), priority: 0) }
    eventually("three at the gate") { server.events.filter { $0 == "gate host waiting" }.count == 3 }
    #expect(queue.statistics.running == 3)
    #expect(queue.statistics.queued == 5)
    _ = try HTTPClient().open(HTTPRequest(url: server.url("/release/host")))
    _ = Self.collect(queue, count: 8)
    #expect(server.maximumAtGate("host") == 3)
  }

  @Test func aCancelledDownloadStopsAndPostsNothing() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient(), perHost: 1)
    let never = queue.enqueue(HTTPRequest(url: server.url("/pictures/never.png")), priority: 10)
    let waiting = queue.enqueue(HTTPRequest(url: server.url("/pictures/waiting.png")), priority: 5)
    let kept = queue.enqueue(HTTPRequest(url: server.url("/pictures/kept.png")), priority: 1)
    eventually("the endless picture started") { server.requests(to: "/pictures/never.png") == 1 }
    // Cancelled while queued: never asked for. Cancelled while running: the
    // connection drops, and the next in line starts.
    queue.cancel(waiting)
    queue.cancel(never)
    let results = Self.collect(queue, count: 1)
    #expect(Array(results.keys) == [server.url("/pictures/kept.png")])
    #expect(results.values.first?.tokens == [kept])
    eventually("the server saw the client go") { server.aborted("/pictures/never.png") }
    #expect(server.requests(to: "/pictures/waiting.png") == 0)
    #expect(queue.statistics.cancelled == 2)
    #expect(queue.takeFinished().isEmpty)
  }

  @Test func aDownloadWantedByTwoGoesOnWhenOneCancels() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient())
    let url = server.url("/slow?chunks=3&delay=50")
    let a = queue.enqueue(HTTPRequest(url: url), priority: 0)
    let b = queue.enqueue(HTTPRequest(url: url), priority: 0)
    queue.cancel(a)
    let finished = try #require(Self.collect(queue, count: 1)[url])
    #expect(finished.tokens == [b])
    #expect(try finished.result.get().bytes.count > 0)
  }

  @Test func failuresArePostedWithTheirReasons() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient())
    let missing = server.url("/pictures/missing.png")
    let huge = server.url("/pictures/huge.png")
    let file = server.url("/redirect/file")
    _ = queue.enqueue(HTTPRequest(url: missing), priority: 0)
    _ = queue.enqueue(HTTPRequest(url: huge, byteBudget: 32 << 20), priority: 0)
    _ = queue.enqueue(HTTPRequest(url: file), priority: 0)
    let results = Self.collect(queue, count: 3)
    func error(_ url: String) -> HTTPError? {
      if case .failure(let error) = results[url]?.result { return error }
      return nil
    }
    #expect(error(missing)?.description == "\(missing): HTTP 404 Not Found")
    #expect(error(huge)?.kind == .tooLarge(budget: 32 << 20))
    #expect(error(file)?.kind == .redirectRefused(location: "file:///etc/passwd"))
  }

  @Test func aConditionalDownloadCanBeA304() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let queue = DownloadQueue(client: try HTTPClient())
    var request = HTTPRequest(url: server.url("/pictures/same.png"))
    request.ifNoneMatch = "\"same.png\""
    _ = queue.enqueue(request, priority: 0)
    let download = try #require(try Self.collect(queue, count: 1)[request.url]?.result.get())
    #expect(download.head.isNotModified)
    #expect(download.bytes.isEmpty)
  }
}
