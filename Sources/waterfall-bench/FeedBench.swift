#if canImport(Glibc)
  import Glibc
#endif
import WaterfallFiles

/// The feed figures (issue 28), on the real binary in a 200x60 pseudo-terminal
/// against the tests' HTTP server on 127.0.0.1, every answer 50 ms late:
///
/// - A 100-page feed (`Link: rel="next"`, 20 items a page): the first cards
///   from the launch, against the first byte of the same page as `curl` sees it;
///   then `G` to the last of the 100 pages, against `curl` fetching the same
///   100 URLs one after another.
/// - A body sent over 2 s (20 chunks of JSON Lines, 100 ms apart): the first
///   cards, against the whole body.
/// - 200 items with pictures by URL on the feed's host: the first screen's
///   pictures complete, against `curl` fetching the same URLs one after another;
///   then a second open with the same cache folder.
///
/// ```swift
/// FeedBench(settings: FeedBench.Settings(waterfall: ".build/release/waterfall")).run(into: &report)
/// ```
struct FeedBench {
  struct Settings {
    var waterfall: String
    /// Every answer's delay, in milliseconds.
    var latency = 50
    var pages = 100
    var perPage = 20
    var pictures = 200
    var columns = 200
    var rows = 60
    /// Where the server's log and the picture cache go (removed at the end).
    var folder = "/tmp/waterfall-bench-feed-\(getpid())"
    var curl = "/usr/bin/curl"
    var log: (String) -> Void = { _ in }
  }

  let settings: Settings

  func run(into report: inout Report) {
    guard access(settings.waterfall, X_OK) == 0 else {
      settings.log("no \(settings.waterfall): build it first (swift build -c release --product waterfall)")
      report.add("feed.missing", "waterfall binary", .nan, "", note: "\(settings.waterfall) not built")
      return
    }
    defer { Self.remove(settings.folder) }
    guard let server = BenchHTTPServer.start(latency: settings.latency, folder: settings.folder) else {
      report.add("feed.missing", "feed figures", .nan, "", note: "cannot start Scripts/test-http-server.py (python3)")
      return
    }
    defer { server.stop() }
    pages(server, into: &report)
    slowBody(server, into: &report)
    pictures(server, into: &report)
  }

  // MARK: Pages

  private func pages(_ server: BenchHTTPServer, into report: inout Report) {
    let latency = settings.latency
    let query = "?pages=\(settings.pages)&per=\(settings.perPage)"
    let url = server.url("/pages/link/1" + query)
    let total = settings.pages * settings.perPage
    let label = "\(settings.pages)-page feed on loopback, \(latency) ms a page"
    settings.log("feed: \(label)")
    guard let driver = start([url, "--pictures", "none"], cache: settings.folder + "/cache-pages") else {
      report.add("feed.pages.firstCards", "\(label): first cards", .nan, "ms", note: "cannot start")
      return
    }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    let first = driver.wait(timeout: .seconds(30)) { $0.screen.contains("item 1") }
    report.add(
      "feed.pages.firstCards", "\(label): first cards (from the launch)", first.map { Measure.seconds($0) * 1e3 } ?? .nan,
      "ms", note: first == nil ? "no cards in 30 s" : nil)
    if let curl = curl(["-o", "/dev/null", "-w", "%{time_starttransfer}", url]), let seconds = Double(curl.output) {
      report.add("feed.pages.curlFirstByte", "  curl: the first byte of the same page (time_starttransfer)", seconds * 1e3, "ms")
    }
    guard let first else { return }
    driver.send(Array("G".utf8))
    let end = driver.wait(timeout: .seconds(120)) { d in
      let text = status(d)
      return StatusPosition(parsing: text)?.total == total && !text.contains("loading")
    }
    let whole = end.map { Measure.seconds($0 - first) } ?? .nan
    report.add(
      "feed.pages.all", "  G: every page in (\(total.grouped) items; \(settings.pages) × \(latency) ms = \(Double(settings.pages * latency) / 1e3) s of waiting)",
      whole, "s", note: end == nil ? "not in 120 s (\(status(driver).prefix(60)))" : nil)
    let urls = (1...settings.pages).map { server.url("/pages/link/\($0)" + query) }
    if let curl = curl(urls, eachTo: "/dev/null") {
      report.add("feed.pages.curlAll", "  curl: the same \(settings.pages) URLs one after another (one process)", curl.seconds, "s")
    }
  }

  /// A body whose chunks come 100 ms apart: the first cards come with the first.
  private func slowBody(_ server: BenchHTTPServer, into report: inout Report) {
    let chunks = 20
    let delay = 100
    let url = server.url("/slow?chunks=\(chunks)&delay=\(delay)")
    let label = "a body sent over \(Double(chunks - 1) * Double(delay) / 1e3) s (\(chunks) chunks, \(delay) ms apart)"
    settings.log("feed: \(label)")
    guard let driver = start([url, "--pictures", "none"], cache: settings.folder + "/cache-slow") else { return }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    let first = driver.wait(timeout: .seconds(30)) { (StatusPosition(parsing: status($0))?.total ?? 0) > 0 }
    let end = driver.wait(timeout: .seconds(30)) { $0.screen.contains("End · \(chunks) items") }
    report.add(
      "feed.slow.firstCards", "\(label): first cards (from the launch)", first.map { Measure.seconds($0) * 1e3 } ?? .nan,
      "ms", note: first == nil ? "no cards in 30 s" : nil)
    report.add("feed.slow.end", "  the whole body in", end.map { Measure.seconds($0) * 1e3 } ?? .nan, "ms")
  }

  // MARK: Pictures

  private func pictures(_ server: BenchHTTPServer, into report: inout Report) {
    let url = server.url("/pages/link/1?pages=1&per=\(settings.pictures)")
    let cache = settings.folder + "/cache-pictures"
    let label = "\(settings.pictures) pictures by URL, \(settings.latency) ms each"
    settings.log("feed: \(label)")
    guard let first = firstScreenPictures(url, cache: cache) else {
      report.add("feed.pictures.firstScreen", "\(label): the first screen's pictures", .nan, "s", note: "not shown in 60 s")
      return
    }
    let fetched = server.requests(prefix: "/pictures/")
    report.add(
      "feed.pictures.firstScreen",
      "\(label): the first screen's \(fetched.count) pictures complete (from the launch)", first, "s")
    if let curl = curl(fetched.map { server.url($0) }, eachTo: "/dev/null") {
      report.add("feed.pictures.curl", "  curl: the same \(fetched.count) URLs one after another (one process)", curl.seconds, "s")
    }
    let before = server.requests(prefix: "/pictures/").count
    guard let again = firstScreenPictures(url, cache: cache) else {
      report.add("feed.pictures.cached", "  a second open, from the cache", .nan, "s", note: "not shown in 60 s")
      return
    }
    let more = server.requests(prefix: "/pictures/").count - before
    report.add(
      "feed.pictures.cached", "  a second open, from the cache: the same pictures complete", again, "s",
      note: "\(more) picture requests")
  }

  /// Seconds from the launch until the first screen shows a picture in every
  /// card (no placeholder names a `.png` any more); nil when it never does.
  private func firstScreenPictures(_ url: String, cache: String) -> Double? {
    guard let driver = start([url, "--pictures", "blocks"], cache: cache) else { return nil }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    let shown = driver.wait(timeout: .seconds(60)) { d in
      d.screen.contains("item 1") && d.screen.contains("▀") && !d.screen.contains(".png")
    }
    return shown.map(Measure.seconds)
  }

  // MARK: Helpers

  /// The browser on `arguments`, its pictures cached in `cache`.
  private func start(_ arguments: [String], cache: String) -> TerminalDriver? {
    mkdir(cache, 0o700)
    return try? TerminalDriver(
      program: settings.waterfall, arguments: arguments,
      environment: TerminalDriver.environment(adding: ["XDG_CACHE_HOME=\(cache)"]),
      columns: settings.columns, rows: settings.rows)
  }

  /// The status bar's text (the last line that is not blank).
  private func status(_ driver: TerminalDriver) -> String {
    driver.screen.lines.last { !$0.allSatisfy { $0 == " " } }?.trimmed ?? ""
  }

  /// `curl` fetching `urls` one after another in one process (so on one kept
  /// connection, as a script would), each body written to `target`.
  private func curl(_ urls: [String], eachTo target: String) -> (seconds: Double, output: String)? {
    curl(["--fail"] + urls.flatMap { ["-o", target, $0] })
  }

  /// Runs `curl -s ARGUMENTS`: its wall-clock time and standard output; nil
  /// when curl is missing or fails.
  private func curl(_ arguments: [String]) -> (seconds: Double, output: String)? {
    guard access(settings.curl, X_OK) == 0 else { return nil }
    let outputPath = settings.folder + "/curl.out"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = [settings.curl, "-s", "--noproxy", "*"] + arguments
    let cArguments = argv.map { strdup($0) } + [nil]
    defer { cArguments.forEach { free($0) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    guard posix_spawn(&pid, settings.curl, &actions, nil, cArguments, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let seconds = Measure.seconds(start.duration(to: clock.now))
    guard status == 0 else {
      settings.log("curl failed (status \(status >> 8))")
      return nil
    }
    return (seconds, BenchHTTPServer.readText(outputPath))
  }

  /// Removes `path` and everything under it.
  static func remove(_ path: String) {
    if let names = DirectoryNames.list(path) {
      for name in names { remove(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
