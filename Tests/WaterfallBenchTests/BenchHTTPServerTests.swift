import Foundation
import TestSupport
import Testing
import WaterfallNetwork

@testable import waterfall_bench

/// The feed figures' server: started on 127.0.0.1, its requests read back from
/// its log, stopped; and the bench's folder removed with everything in it.
@Suite struct BenchHTTPServerTests {
  @Test func theServerSaysWhatItWasAskedAndStops() throws {
    let folder = try Scratch.folder("bench-http-server")
    defer { try? FileManager.default.removeItem(at: folder) }
    let server = try #require(
      BenchHTTPServer.start(latency: 0, folder: folder.path + "/server", script: Repository.path("Scripts/test-http-server.py")))
    defer { server.stop() }
    #expect(server.url("/x") == "http://127.0.0.1:\(server.port)/x")
    let client = try HTTPClient()
    let response = try client.open(HTTPRequest(url: server.url("/pages/link/1?pages=2")))
    var buffer = [UInt8](repeating: 0, count: 4096)
    while try response.read(into: &buffer) > 0 {}
    withExtendedLifetime(client) {}
    #expect(response.head.status == 200)
    #expect(server.requests(prefix: "/pages/") == ["/pages/link/1?pages=2"])
    #expect(server.requests(prefix: "/pictures/").isEmpty)
    server.stop()
    #expect(throws: HTTPError.self) { _ = try HTTPClient().open(HTTPRequest(url: server.url("/pages/link/1"))) }

    FeedBench.remove(folder.path)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }
}
