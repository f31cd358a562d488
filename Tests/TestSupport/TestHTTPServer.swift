import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The test HTTP server (`Scripts/test-http-server.py`, whose top lists its
/// routes) running for one test on a free loopback port: its base URL, its log,
/// and a stop that always happens (``stop()``, and `deinit` when a test fails
/// before it).
///
/// The server is started with `posix_spawn`, its output in files (never pipes),
/// for the reason `ChildProcess` in the end-to-end tests gives; it also ends on
/// its own when the test process does.
///
/// ```swift
/// let server = try TestHTTPServer()
/// defer { server.stop() }
/// let url = server.url("/pages/link/1")          // "http://127.0.0.1:40123/pages/link/1"
/// eventually("page 2 asked for") { server.requests(to: "/pages/link/2") == 1 }
/// ```
public final class TestHTTPServer: @unchecked Sendable {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// The port the server listens on, on 127.0.0.1.
  public let port: Int
  /// `http://127.0.0.1:PORT`.
  public let baseURL: String
  /// The server's log: request lines, and `# ` event lines.
  public let logPath: String
  private let folder: URL
  private let lock = NSLock()
  private var pid: pid_t

  /// Starts the server, and waits (up to 30 s) for it to say its port.
  ///
  /// - Parameter latencyMilliseconds: a delay before every answer.
  public init(latencyMilliseconds: Int = 0, name: String = #function) throws {
    folder = try Scratch.folder("http-" + name)
    logPath = folder.appendingPathComponent("requests.log").path
    let portPath = folder.appendingPathComponent("port").path
    let errorPath = folder.appendingPathComponent("stderr").path
    _ = FileManager.default.createFile(atPath: logPath, contents: Data())

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, portPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let script = Repository.path("Scripts/test-http-server.py")
    let argv = ["/usr/bin/env", "python3", "-u", script, "--log", logPath, "--latency", String(latencyMilliseconds)]
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in environment { free(variable) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, "/usr/bin/env", &actions, nil, cArguments, environment)
    guard spawned == 0 else {
      try? FileManager.default.removeItem(at: folder)
      throw Failure(description: "cannot start the test HTTP server: error \(spawned)")
    }
    pid = child

    var found: Int?
    let started = eventually("the test HTTP server's port", timeout: .seconds(30)) {
      let text = (try? String(contentsOfFile: portPath, encoding: .utf8)) ?? ""
      if text.hasSuffix("\n"), let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) { found = number }
      var status: Int32 = 0
      // A server that ended (a syntax error, no python3) will never say its port.
      if found == nil, waitpid(child, &status, WNOHANG) == child { return true }
      return found != nil
    }
    guard started, let found else {
      let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      kill(child, SIGKILL)
      var status: Int32 = 0
      waitpid(child, &status, 0)
      try? FileManager.default.removeItem(at: folder)
      throw Failure(description: "the test HTTP server did not start: \(errors)")
    }
    port = found
    baseURL = "http://127.0.0.1:\(found)"
  }

  deinit {
    stop()
    try? FileManager.default.removeItem(at: folder)
  }

  /// `baseURL` + `path` (`/pictures/a.png`).
  public func url(_ path: String) -> String { baseURL + path }

  /// Ends the server (again: nothing). Its log stays readable until the fixture goes.
  public func stop() {
    let child: pid_t = lock.withLock {
      defer { pid = 0 }
      return pid
    }
    guard child > 0 else { return }
    kill(child, SIGKILL)
    var status: Int32 = 0
    waitpid(child, &status, 0)
  }

  /// Every line of the log.
  public var logLines: [String] {
    let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// The request lines (`GET /path HTTP/1.1`), in order.
  public var requestLines: [String] { logLines.filter { !$0.hasPrefix("#") } }

  /// The requests whose path (query included) is `path`, or starts with it when
  /// `prefix` is true.
  public func requests(to path: String, prefix: Bool = false) -> Int {
    requestLines.filter { line in
      let parts = line.split(separator: " ")
      guard parts.count >= 2 else { return false }
      return prefix ? parts[1].hasPrefix(path) : parts[1] == path
    }.count
  }

  /// The `# ` event lines (`aborted GET /pictures/never.png HTTP/1.1`), their mark dropped.
  public var events: [String] {
    logLines.filter { $0.hasPrefix("# ") }.map { String($0.dropFirst(2)) }
  }

  /// The most requests the server was answering at once.
  public var maximumActive: Int {
    events.compactMap { $0.hasPrefix("active ") ? Int($0.dropFirst(7)) : nil }.max() ?? 0
  }

  /// The most requests held at gate `name` at once (`/gate/NAME`): each is logged
  /// waiting before its first bytes and opened before its last, so its client
  /// cannot start another request on its connection in between; a bound on
  /// concurrent requests that no timing can blur.
  public func maximumAtGate(_ name: String) -> Int {
    var held = 0
    var most = 0
    for event in events {
      if event == "gate \(name) waiting" { held += 1 }
      if event == "gate \(name) opened" || event == "gate \(name) timed out" { held -= 1 }
      most = max(most, held)
    }
    return most
  }

  /// The headers of each request whose path (query included) is `path`, or
  /// starts with it when `prefix` is true, in order: names lowercased.
  public func headers(of path: String, prefix: Bool = false) -> [[String: String]] {
    events.compactMap { event -> [String: String]? in
      // "headers GET /path HTTP/1.1 {…}"
      let parts = event.split(separator: " ", maxSplits: 4)
      guard parts.count == 5, parts[0] == "headers" else { return nil }
      guard prefix ? parts[2].hasPrefix(path) : parts[2] == path else { return nil }
      let object = try? JSONSerialization.jsonObject(with: Data(parts[4].utf8))
      return object as? [String: String]
    }
  }

  /// Whether the server logged that the client went away during `path`.
  public func aborted(_ path: String) -> Bool {
    events.contains { $0.hasPrefix("aborted GET \(path) ") }
  }
}
