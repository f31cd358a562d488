import Foundation
import TestSupport
import Testing
import WaterfallNetwork

/// The client against the test server: bodies streamed as they arrive, 304s,
/// redirects only to http and https, the byte budget, the idle timeout,
/// cancelling, the per-host limit, and the headers every request carries.
@Suite struct HTTPClientTests {
  /// The whole body of `response`, read in small pieces.
  static func readAll(_ response: HTTPBodyStream) throws -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var body: [UInt8] = []
    while true {
      let n = try response.read(into: &buffer)
      if n == 0 { return body }
      body += buffer[..<n]
    }
  }

  static func fetch(_ client: HTTPClient, _ url: String) throws -> (HTTPResponseHead, String) {
    try fetch(client, HTTPRequest(url: url))
  }

  static func fetch(_ client: HTTPClient, _ request: HTTPRequest) throws -> (HTTPResponseHead, String) {
    let response = try client.open(request)
    return (response.head, String(decoding: try readAll(response), as: UTF8.self))
  }

  @Test func theFirstBytesArriveBeforeTheServerHasSentTheRest() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url("/gate/stream?size=100")))
    #expect(response.head.status == 200)
    var buffer = [UInt8](repeating: 0, count: 4096)
    var first: [UInt8] = []
    while first.count < 100 {
      let n = try response.read(into: &buffer)
      try #require(n > 0)
      first += buffer[..<n]
    }
    #expect(first == [UInt8](repeating: UInt8(ascii: "a"), count: 100))
    // The server is still holding the rest back.
    #expect(server.events.contains("gate stream waiting"))
    #expect(!server.events.contains("gate stream opened"))
    // A second client (its own connections) opens the gate.
    let other = try HTTPClient()
    _ = try Self.fetch(other, server.url("/release/stream"))
    let rest = try Self.readAll(response)
    #expect(rest == [UInt8](repeating: UInt8(ascii: "b"), count: 100))
    #expect(response.bytesRead == 200)
  }

  @Test func theHeadCarriesTheLinksResolvedAgainstTheRequest() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let (head, body) = try Self.fetch(client, server.url("/pages/link/1"))
    #expect(head.link("next") == server.url("/pages/link/2?pages=3&per=5"))
    #expect(head.link("last") == server.url("/pages/link/3?pages=3&per=5"))
    #expect(head.contentType == "application/json")
    #expect(body.hasPrefix("[{\"id\": 1"))
    let (last, _) = try Self.fetch(client, server.url("/pages/link/3"))
    #expect(last.link("next") == nil)
  }

  @Test func aConditionalRequestIsAnsweredWithA304() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let (first, body) = try Self.fetch(client, server.url("/etag/feed"))
    #expect(first.status == 200)
    #expect(!body.isEmpty)
    let tag = try #require(first.etag)
    #expect(tag == "\"feed-1\"")

    var again = HTTPRequest(url: server.url("/etag/feed"))
    again.ifNoneMatch = tag
    let unchanged = try client.open(again)
    #expect(unchanged.head.isNotModified)
    #expect(try Self.readAll(unchanged).isEmpty)

    var byDate = HTTPRequest(url: server.url("/etag/feed"))
    byDate.ifModifiedSince = first.lastModified
    #expect(try client.open(byDate).head.status == 304)

    // A new version is sent whole.
    var changed = HTTPRequest(url: server.url("/etag/feed?version=2"))
    changed.ifNoneMatch = tag
    #expect(try client.open(changed).head.status == 200)
  }

  @Test func aRedirectToAFileIsRefusedWithAClearMessage() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let error = #expect(throws: HTTPError.self) { _ = try Self.fetch(client, server.url("/redirect/file")) }
    #expect(error?.kind == .redirectRefused(location: "file:///etc/passwd"))
    #expect(error?.description == "\(server.url("/redirect/file")): redirected to file:///etc/passwd, which is not http or https: not followed")
  }

  @Test func tenRedirectsAreFollowedAndElevenAreNot() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let (head, body) = try Self.fetch(client, server.url("/redirect/10"))
    #expect(head.status == 200)
    #expect(head.url == server.url("/redirect/0"))
    #expect(body == "arrived\n")
    let error = #expect(throws: HTTPError.self) { _ = try Self.fetch(client, server.url("/redirect/11")) }
    #expect(error?.kind == .tooManyRedirects(10))
  }

  /// Without a `Content-Length` the budget is met in the write callback; with one
  /// it is refused from the header.
  @Test(arguments: [false, true]) func theByteBudgetStopsALargeBody(withLength: Bool) throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let url = server.url("/bytes?size=3000000&length=\(withLength ? 1 : 0)")
    let error = #expect(throws: HTTPError.self) {
      let response = try client.open(HTTPRequest(url: url, byteBudget: 1 << 20))
      _ = try Self.readAll(response)
    }
    #expect(error?.kind == .tooLarge(budget: 1 << 20))
    #expect(error?.description == "\(url): the response is larger than its budget of 1 MiB")
    // Within the budget it is read whole.
    let small = try client.open(HTTPRequest(url: server.url("/bytes?size=1000&length=\(withLength ? 1 : 0)"), byteBudget: 1 << 20))
    #expect(try Self.readAll(small).count == 1000)
  }

  @Test func aTwoGigabytePictureIsStoppedAtItsBudget() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let error = #expect(throws: HTTPError.self) {
      _ = try Self.readAll(try client.open(HTTPRequest(url: server.url("/pictures/huge.png?length=0"), byteBudget: 32 << 20)))
    }
    #expect(error?.kind == .tooLarge(budget: 32 << 20))
    eventually("the server saw the client go") { server.aborted("/pictures/huge.png?length=0") }
  }

  @Test func aServerThatStopsSendingTimesOut() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    var configuration = HTTPClientConfiguration()
    configuration.idleTimeoutSeconds = 1
    let client = try HTTPClient(configuration: configuration)
    let response = try client.open(HTTPRequest(url: server.url("/stall?size=10")))
    var buffer = [UInt8](repeating: 0, count: 100)
    #expect(try response.read(into: &buffer) == 10)
    let error = #expect(throws: HTTPError.self) { _ = try response.read(into: &buffer) }
    #expect(error?.kind == .idleTimeout(seconds: 1))
    #expect(error?.description.hasSuffix("nothing received for 1 s") == true)
  }

  @Test func aReaderPausedLongerThanTheIdleTimeGoesOnReading() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    var configuration = HTTPClientConfiguration()
    configuration.idleTimeoutSeconds = 1
    let client = try HTTPClient(configuration: configuration)
    // More than the stream keeps: the transfer pauses until the reader comes back.
    let size = 3 * HTTPBodyStream.bufferLimit
    let response = try client.open(HTTPRequest(url: server.url("/bytes?size=\(size)")))
    var buffer = [UInt8](repeating: 0, count: 10)
    #expect(try response.read(into: &buffer) == 10)
    // The reader is busy for longer than the idle time (reading a slow page, 2 s,
    // on a client of its own); the transfer is paused meanwhile, not idle.
    let other = try HTTPClient()
    _ = try Self.fetch(other, server.url("/slow?chunks=5&delay=500"))
    #expect(try Self.readAll(response).count == size - 10)
  }

  @Test func cancellingFromAnotherThreadWakesTheReaderAndDropsTheConnection() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url("/pictures/never.png")))
    var buffer = [UInt8](repeating: 0, count: 100)
    #expect(try response.read(into: &buffer) > 0)
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 100)
      while (try? response.read(into: &buffer)) ?? 0 > 0 {}
    }
    reader.start()
    response.cancel()
    let error = #expect(throws: HTTPError.self) { _ = try Self.readAll(response) }
    #expect(error?.kind == .cancelled)
    eventually("the server saw the client go") { server.aborted("/pictures/never.png") }
  }

  @Test func shouldStopEndsAWaitingRead() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url("/pictures/never.png")))
    var buffer = [UInt8](repeating: 0, count: 100)
    #expect(try response.read(into: &buffer) > 0)
    let error = #expect(throws: HTTPError.self) {
      while try response.read(into: &buffer, shouldStop: { true }) > 0 {}
    }
    #expect(error?.kind == .cancelled)
    eventually("the server saw the client go") { server.aborted("/pictures/never.png") }
  }

  @Test func atMostSixConnectionsGoToOneHost() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let finished = Counter()
    for _ in 0..<10 {
      Thread {
        if let response = try? client.open(HTTPRequest(url: server.url("/gate/limit?size=1"))), (try? Self.readAll(response)) != nil {
          finished.add()
        }
      }.start()
    }
    eventually("six requests at the gate") { server.events.filter { $0 == "gate limit waiting" }.count == 6 }
    let other = try HTTPClient()
    _ = try Self.fetch(other, server.url("/release/limit"))
    eventually("every request answered") { finished.value == 10 }
    #expect(server.requests(to: "/gate/limit?size=1") == 10)
    #expect(server.maximumAtGate("limit") == 6)
  }

  @Test func everyRequestNamesTheProgramAndCarriesTheExtraHeaders() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    var configuration = HTTPClientConfiguration()
    configuration.headers = [try HTTPHeader(parsing: "X-Api-Key: abc"), try HTTPHeader(parsing: "Accept:application/json")]
    let client = try HTTPClient(configuration: configuration)
    let (_, body) = try Self.fetch(client, server.url("/echo"))
    let headers = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
    #expect(headers["user-agent"] == "waterfall/\(WaterfallVersion.number)")
    #expect(headers["x-api-key"] == "abc")
    #expect(headers["accept"] == "application/json")
    #expect(headers["accept-encoding"]?.contains("gzip") == true)
  }

  @Test func aNetrcFileGivesTheLoginWhenAskedFor() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let netrc = try Scratch.file(".netrc") { try $0.write(contentsOf: Data("machine 127.0.0.1 login ann password pw\n".utf8)) }
    defer { try? FileManager.default.removeItem(at: netrc.deletingLastPathComponent()) }
    var configuration = HTTPClientConfiguration()
    configuration.netrcFile = netrc.path
    func authorization(_ client: HTTPClient) throws -> String? {
      let (_, body) = try Self.fetch(client, server.url("/echo"))
      return (try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])?["authorization"]
    }
    // Only with --netrc.
    #expect(try authorization(try HTTPClient(configuration: configuration)) == nil)
    configuration.usesNetrc = true
    #expect(try authorization(try HTTPClient(configuration: configuration)) == "Basic " + Data("ann:pw".utf8).base64EncodedString())
  }

  @Test func aCompressedBodyIsReadDecompressed() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let (head, body) = try Self.fetch(client, server.url("/gzip?size=5000"))
    #expect(head.headers["Content-Encoding"] == "gzip")
    #expect(body.count == 5000)
    #expect(body.hasPrefix("{\"n\": 0}\n"))
  }

  @Test func anErrorStatusIsThrownWithItsCode() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let error = #expect(throws: HTTPError.self) { _ = try client.open(HTTPRequest(url: server.url("/status/500"))) }
    #expect(error?.status == 500)
    #expect(error?.description == "\(server.url("/status/500")): HTTP 500 Internal Server Error")
  }

  @Test func aClosedPortCannotBeReached() throws {
    let server = try TestHTTPServer()
    let url = server.url("/pages/link/1")
    server.stop()
    let client = try HTTPClient()
    let error = #expect(throws: HTTPError.self) { _ = try client.open(HTTPRequest(url: url)) }
    #expect(error?.kind == .cannotConnect)
  }

  @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1/x", "gopher://127.0.0.1/"])
  func onlyHTTPAndHTTPSAreRead(url: String) throws {
    let client = try HTTPClient()
    let error = #expect(throws: HTTPError.self) { _ = try client.open(HTTPRequest(url: url)) }
    #expect(error?.kind == .badURL)
  }

  @Test func passwordsInTheURLAreNotInTheMessage() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let url = "http://ann:secret@127.0.0.1:\(server.port)/status/404?access_token=xyz"
    let error = #expect(throws: HTTPError.self) { _ = try client.open(HTTPRequest(url: url)) }
    let text = error?.description ?? ""
    #expect(!text.contains("secret"))
    #expect(!text.contains("xyz"))
    #expect(text == "http://127.0.0.1:\(server.port)/status/404?access_token=…: HTTP 404 Not Found")
  }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
