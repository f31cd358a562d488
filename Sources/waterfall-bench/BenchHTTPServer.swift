#if canImport(Glibc)
  import Glibc
#endif

/// The tests' HTTP server (`Scripts/test-http-server.py`) for the feed figures:
/// on 127.0.0.1 only, on a port the kernel picks, every answer delayed by
/// `latency` milliseconds, every request logged to a file the bench reads.
///
/// The server is stopped by ``stop()``, and by the script itself when the bench
/// ends without stopping it (it watches its parent).
///
/// ```swift
/// guard let server = BenchHTTPServer.start(latency: 50, folder: "/tmp/bench-feed") else { return }
/// defer { server.stop() }
/// server.url("/pages/link/1?pages=100")     // http://127.0.0.1:PORT/pages/link/1?pages=100
/// server.requests(prefix: "/pictures/")     // the picture paths asked for so far
/// ```
final class BenchHTTPServer {
  let port: Int
  let logPath: String
  private var pid: pid_t

  private init(port: Int, logPath: String, pid: pid_t) {
    self.port = port
    self.logPath = logPath
    self.pid = pid
  }

  deinit { stop() }

  /// Starts the server with its files in `folder` (made when missing) and waits
  /// up to 10 s for its port; nil when it cannot start (no python3, no script).
  static func start(latency: Int, folder: String, script: String = "Scripts/test-http-server.py") -> BenchHTTPServer? {
    guard access(script, R_OK) == 0 else { return nil }
    mkdir(folder, 0o700)
    let logPath = folder + "/requests.log"
    let portPath = folder + "/port"
    unlink(portPath)
    close(open(logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, portPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ["/usr/bin/env", "python3", "-u", script, "--log", logPath, "--latency", String(latency)]
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    var child: pid_t = 0
    guard posix_spawn(&child, argv[0], &actions, nil, cArguments, environ) == 0 else { return nil }
    for _ in 0..<1_000 {
      let text = readText(portPath)
      if text.hasSuffix("\n"), let port = Int(text.dropLast()) {
        return BenchHTTPServer(port: port, logPath: logPath, pid: child)
      }
      var status: Int32 = 0
      if waitpid(child, &status, WNOHANG) == child { return nil }
      usleep(10_000)
    }
    kill(child, SIGKILL)
    var status: Int32 = 0
    waitpid(child, &status, 0)
    return nil
  }

  /// `http://127.0.0.1:PORT` + `path`.
  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The paths (query included) of the requests logged so far that start with `prefix`.
  func requests(prefix: String) -> [String] {
    Self.readText(logPath).split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let parts = line.split(separator: " ")
      guard parts.count >= 2, parts[1].hasPrefix(prefix) else { return nil }
      return String(parts[1])
    }
  }

  /// Ends the server (again: nothing).
  func stop() {
    guard pid > 0 else { return }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    pid = 0
  }

  static func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
