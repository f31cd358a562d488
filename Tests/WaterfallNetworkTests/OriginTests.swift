import Foundation
import TestSupport
import Testing
import WaterfallNetwork

/// Origins, and the promise they keep: headers the user gave go to the first
/// URL's origin only, also when a server redirects elsewhere (the client
/// follows redirects itself), and come back when it redirects back.
@Suite struct OriginTests {
  @Test func originsCompareSchemeHostAndPort() {
    #expect(URLOrigin("https://ann:pw@API.example.com/items?page=2")?.description == "https://api.example.com:443")
    #expect(URLOrigin("https://api.example.com:443/x") == URLOrigin("https://api.example.com/"))
    #expect(URLOrigin("http://api.example.com/") != URLOrigin("https://api.example.com/"))
    #expect(URLOrigin("http://127.0.0.1:8001/a") != URLOrigin("http://127.0.0.1:8002/a"))
    #expect(URLOrigin("http://[::1]:8080/")?.host == "[::1]")
    #expect(URLOrigin("http://[::1]/")?.port == 80)
    #expect(URLOrigin("file:///etc/passwd") == nil)
    #expect(URLOrigin("/relative") == nil)
    #expect(URLOrigin("http://h:99999/") == nil)
    let scoped = OriginHeaders(url: "https://api.example.com/items", headers: [HTTPHeader(name: "X-Token", value: "t")])
    #expect(scoped?.headers(for: "https://api.example.com/img/1.png").count == 1)
    #expect(scoped?.headers(for: "https://cdn.example.com/1.png").isEmpty == true)
    #expect(scoped?.headers(for: "https://api.example.com.evil.test/1.png").isEmpty == true)
  }

  @Test func aRedirectToAnotherOriginLeavesTheUsersHeadersBehind() throws {
    let first = try TestHTTPServer()
    defer { first.stop() }
    let second = try TestHTTPServer()
    defer { second.stop() }
    var configuration = HTTPClientConfiguration()
    configuration.headers = [HTTPHeader(name: "X-Client", value: "c")]
    let client = try HTTPClient(configuration: configuration)
    var request = HTTPRequest(url: first.url("/redirect/to?url=\(second.url("/echo"))"))
    request.headers = [HTTPHeader(name: "Authorization", value: "Bearer secret"), HTTPHeader(name: "Private-Token", value: "p")]
    request.ifNoneMatch = "\"v1\""
    let (head, body) = try HTTPClientTests.fetch(client, request)
    #expect(head.status == 200)
    #expect(head.url == second.url("/echo"))
    let echoed = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String])
    #expect(echoed["authorization"] == nil)
    #expect(echoed["private-token"] == nil)
    #expect(echoed["x-client"] == nil)
    // The validators belong to the request, wherever it goes; so does the user agent.
    #expect(echoed["if-none-match"] == "\"v1\"")
    #expect(echoed["user-agent"] == "waterfall/\(WaterfallVersion.number)")
    #expect(first.headers(of: "/redirect/to", prefix: true).first?["private-token"] == "p")

    // Back on the first origin, they are sent again.
    let there = second.url("/redirect/to?url=\(first.url("/echo"))")
    let back = try HTTPClientTests.fetch(client, HTTPRequest(url: first.url("/redirect/to?url=\(there)"), headers: request.headers))
    let again = try #require(try JSONSerialization.jsonObject(with: Data(back.1.utf8)) as? [String: String])
    #expect(again["private-token"] == "p")
    #expect(second.headers(of: "/redirect/to", prefix: true).first?["private-token"] == nil)
  }

  @Test func aRelativeRedirectStaysOnTheOriginWithItsHeaders() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    let client = try HTTPClient()
    let request = HTTPRequest(url: server.url("/redirect/2"), headers: [HTTPHeader(name: "X-Token", value: "t")])
    let (head, body) = try HTTPClientTests.fetch(client, request)
    #expect(body == "arrived\n")
    #expect(head.url == server.url("/redirect/0"))
    #expect(server.headers(of: "/redirect/0").first?["x-token"] == "t")
  }
}
