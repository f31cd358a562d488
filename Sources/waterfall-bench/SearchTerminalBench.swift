import WaterfallApp

#if canImport(Glibc)
  import Glibc
#endif

/// The search through the real terminal, against fzf on the same file and the
/// same query: both programs in a 200x60 pseudo-terminal read the JSON Lines
/// file (waterfall as its argument, fzf on standard input, interactive), the
/// query typed key by key, each key waiting for its pass. For each key: the time
/// to the first change of the match count on the screen (waterfall's status bar
/// `N of 1,000,000`, fzf's `N/1000000`; for fzf also a change of the list, since
/// its count may not move) and to the end of the pass (waterfall's `searching`
/// gone; fzf's `(P%)` gone and its output quiet). Then, while a fresh search
/// runs in waterfall, Down keys one after another: key to screen p50/p99, as the
/// program traces it (read → frame written) and from outside (key → first byte);
/// then keys that change the query, typed while the search they restart runs.
///
/// ```swift
/// SearchTerminalBench(path: "bench-data/shops-1m.jsonl", waterfall: ".build/release/waterfall", log: log).run(into: &report)
/// ```
struct SearchTerminalBench {
  var path: String
  var waterfall: String
  var log: (String) -> Void
  var columns = 200
  var rows = 60
  var query = SearchBench.query
  /// Down keys sent at most while the search runs.
  var downKeys = 400
  /// Whether fzf is measured too (`--no-others`: only waterfall).
  var withOthers = true

  func run(into report: inout Report) {
    let count = BenchData.lineCount(of: path)
    if access(waterfall, X_OK) != 0 {
      log("no \(waterfall): build it first (swift build -c release --product waterfall)")
      report.add("terminal.waterfall.missing", "waterfall binary", .nan, "", note: "\(waterfall) not built")
    } else {
      measureWaterfall(count: count, into: &report)
    }
    guard withOthers else { return }
    if let fzf = ScaleSubject.findExecutable("fzf") {
      measureFzf(fzf, count: count, into: &report)
    } else {
      log("fzf is not installed: its figures are left out (apt-get install fzf)")
      report.add("terminal.fzf.missing", "fzf: not installed, not measured", .nan, "", note: "not installed")
    }
  }

  // MARK: waterfall

  private func measureWaterfall(count: Int, into report: inout Report) {
    let trace = FrameTraceFile(path: "/tmp/waterfall-bench-search-trace-\(getpid())")
    let driver: TerminalDriver
    do {
      driver = try TerminalDriver(
        program: waterfall, arguments: [path], environment: TerminalDriver.environment(adding: ["WATERFALL_TRACE=\(trace.path)"]),
        columns: columns, rows: rows)
    } catch {
      report.add("terminal.waterfall.first", "waterfall in a terminal", .nan, "ms", note: "cannot start: \(error)")
      return
    }
    defer { driver.finish(quitKeys: TerminalKeys.text("q")) }
    let status = { (d: TerminalDriver) in d.screen.line(d.screen.height - 1) }
    guard driver.wait(timeout: .seconds(180), until: { StatusPosition(parsing: status($0))?.total == count }) != nil else {
      report.add("terminal.waterfall.first", "waterfall: search in a terminal", .nan, "ms", note: "not loaded in 180 s: \(status(driver).trimmed.prefix(60))")
      return
    }
    log("terminal: waterfall loaded \(count.grouped) items in \(format(Measure.seconds(driver.elapsed) * 1000)) ms")
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))
    driver.send(TerminalKeys.text("/"))
    _ = driver.wait(timeout: .seconds(5)) { status($0).hasPrefix(" /") }

    var firsts: [Double] = []
    var wholes: [Double] = []
    var typed = ""
    for c in query {
      typed.append(c)
      let before = Self.waterfallCount(status(driver))
      let traced = trace.refresh()
      let start = driver.elapsed
      driver.send(TerminalKeys.text(String(c)))
      let showsQuery = { (d: TerminalDriver) in status(d).hasPrefix(" /\(typed)") }
      // The key's own frame is traced: once its line is written, the screen is whole.
      _ = driver.poll(timeout: .seconds(10)) { trace.refresh() > traced }
      while driver.pump(timeout: 0) > 0 {}
      var seenSearching = status(driver).contains("searching")
      var first: Duration? = showsQuery(driver) && (Self.waterfallCount(status(driver)) != before || !seenSearching) ? driver.lastOutputAt : nil
      var whole: Duration? = showsQuery(driver) && !seenSearching ? driver.lastOutputAt : nil
      let deadline = start + .seconds(120)
      // Then frames drawn as matches come (not traced): read whole, when the output pauses.
      while whole == nil, driver.elapsed < deadline, !driver.closed {
        guard driver.pump(timeout: 2) > 0 else { continue }
        while driver.pump(timeout: 1) > 0 {}
        let line = status(driver)
        guard showsQuery(driver) else { continue }
        if line.contains("searching") { seenSearching = true }
        if first == nil, Self.waterfallCount(line) != before { first = driver.lastOutputAt }
        if seenSearching, !line.contains("searching") {
          whole = driver.lastOutputAt
          if first == nil { first = whole }
        }
      }
      firsts.append(first.map { Measure.seconds($0 - start) * 1000 } ?? .nan)
      wholes.append(whole.map { Measure.seconds($0 - start) * 1000 } ?? .nan)
      log("terminal: waterfall '\(typed)': \(Self.waterfallCount(status(driver)).map(\.grouped) ?? "?") matches; first \(format(firsts.last!)) ms, whole \(format(wholes.last!)) ms")
    }
    addQueryFigures("waterfall", firsts: firsts, wholes: wholes, matches: Self.waterfallCount(status(driver)), into: &report)

    // Down keys while a fresh search over every item runs.
    driver.send([0x1B])  // Escape: no filter
    _ = driver.wait(timeout: .seconds(30)) { !status($0).hasPrefix(" /") }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))
    driver.send(TerminalKeys.text("/" + String(query.first!)))
    _ = driver.wait(timeout: .seconds(10)) { status($0).contains("searching") }
    let tracedBefore = trace.refresh()
    var firstBytes: [Double] = []
    var missed = 0
    var sent = 0
    while sent < downKeys, status(driver).contains("searching"), missed < 10 {
      let before = trace.refresh()
      driver.send(TerminalKeys.down(application: driver.screen.privateModes.contains(1)))
      sent += 1
      if !driver.poll(timeout: .seconds(3), until: { trace.refresh() > before }) { missed += 1 }
      while driver.pump(timeout: 0) > 0 {}
      if let first = driver.firstOutputAfterSend { firstBytes.append(Measure.seconds(first)) }
    }
    let frames = trace.samples.dropFirst(tracedBefore).map { Double($0) / 1e9 }
    log("terminal: waterfall: \(sent) Down keys while searching, \(frames.count) frames traced, \(missed) missed; still searching: \(status(driver).contains("searching"))")
    let note = frames.isEmpty ? "no frame traced" : (status(driver).contains("searching") ? nil : "the search ended after \(sent) keys")
    report.add("terminal.waterfall.down.p50", "waterfall: Down while a search runs, key to screen p50 (\(frames.count) frames, in-app)",
               Measure.percentile(frames, 50) * 1e3, "ms", note: frames.isEmpty ? note : nil)
    report.add("terminal.waterfall.down.p99", "waterfall: Down while a search runs, key to screen p99 (in-app, read → frame written)",
               Measure.percentile(frames, 99) * 1e3, "ms", aim: "< 5", met: frames.isEmpty ? false : Measure.percentile(frames, 99) < 0.005, note: note)
    if let parts = TracedFrame.slowestParts(of: Array(trace.frames.dropFirst(tracedBefore)), fraction: 0.01) {
      report.add("terminal.waterfall.down.slowest", "waterfall: Down while a search runs, the slowest 1 % (\(parts.count) frames): before the draw / draw / output, means",
                 parts.beforeDraw + parts.draw + parts.output, "ms",
                 note: [parts.beforeDraw, parts.draw, parts.output].map { String(($0 * 100).rounded() / 100) }.joined(separator: " / ") + " ms")
    }
    report.add("terminal.waterfall.down.firstByte.p50", "waterfall: Down while a search runs, key to first byte p50 (\(firstBytes.count) keys, from outside)",
               Measure.percentile(firstBytes, 50) * 1e3, "ms")
    report.add("terminal.waterfall.down.firstByte.p99", "waterfall: Down while a search runs, key to first byte p99 (from outside)",
               Measure.percentile(firstBytes, 99) * 1e3, "ms")
    measureTypingWhileSearching(driver, trace: trace, status: status, into: &report)
  }

  /// Keys that change the query, typed while the search they restart runs:
  /// `x` and Backspace in turn after `/w` (each a pass over the last matches or
  /// over every item, with every lane at work, since they edit the query), each
  /// key waiting for its own frame only: key to screen p50/p99 as the program
  /// traces it. The issue's aim for a key's echo is 10 ms.
  private func measureTypingWhileSearching(
    _ driver: TerminalDriver, trace: FrameTraceFile, status: (TerminalDriver) -> String, into report: inout Report
  ) {
    let keys = 100
    // Down left the search line: `/` opens it again on the same query.
    driver.send(TerminalKeys.text("/"))
    _ = driver.wait(timeout: .seconds(5)) { status($0).hasPrefix(" /") }
    let tracedBefore = trace.refresh()
    var sent = 0
    var whileSearching = 0
    var missed = 0
    while sent < keys, missed < 10 {
      let before = trace.refresh()
      driver.send(sent % 2 == 0 ? TerminalKeys.text("x") : [0x7F])
      sent += 1
      if !driver.poll(timeout: .seconds(3), until: { trace.refresh() > before }) { missed += 1 }
      while driver.pump(timeout: 0) > 0 {}
      if status(driver).contains("searching") { whileSearching += 1 }
    }
    let frames = trace.samples.dropFirst(tracedBefore).map { Double($0) / 1e9 }
    log("terminal: waterfall: \(sent) query keys, \(whileSearching) of them with a search running after their frame, \(frames.count) frames traced, \(missed) missed")
    let note = "\(whileSearching) of \(sent) keys' frames showed a search running"
    report.add("terminal.waterfall.typing.p50", "waterfall: typing while a search runs, key to screen p50 (\(frames.count) frames, in-app)",
               Measure.percentile(frames, 50) * 1e3, "ms", note: frames.isEmpty ? "no frame traced" : nil)
    report.add("terminal.waterfall.typing.p99", "waterfall: typing while a search runs, key to screen p99 (in-app, read → frame written)",
               Measure.percentile(frames, 99) * 1e3, "ms", aim: "< 10", met: frames.isEmpty ? false : Measure.percentile(frames, 99) < 0.010,
               note: frames.isEmpty ? "no frame traced" : note)
  }

  /// The `N` of waterfall's `N of M` while a search is typed.
  static func waterfallCount(_ line: String) -> Int? {
    let characters = Array(line)
    let marker = Array(" of ")
    guard characters.count >= marker.count,
      let at = (0...(characters.count - marker.count)).last(where: { Array(characters[$0..<($0 + marker.count)]) == marker })
    else { return nil }
    let digits = characters[..<at].reversed().prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)
    return digits.isEmpty ? nil : Int(String(digits.reversed()))
  }

  // MARK: fzf

  private func measureFzf(_ fzf: String, count: Int, into report: inout Report) {
    let driver: TerminalDriver
    do {
      driver = try TerminalDriver(
        program: fzf, arguments: [], environment: TerminalDriver.environment(adding: ["FZF_DEFAULT_OPTS="]),
        columns: columns, rows: rows, standardInput: path)
    } catch {
      report.add("terminal.fzf.first", "fzf in a terminal", .nan, "ms", note: "cannot start: \(error)")
      return
    }
    defer { driver.finish(quitKeys: [0x1B]) }
    let info = { (d: TerminalDriver) -> String in d.screen.line(d.screen.height - 2) }
    let prompt = { (d: TerminalDriver) -> String in d.screen.line(d.screen.height - 1) }
    let matched = { (d: TerminalDriver) -> Int? in StatusPosition(parsing: info(d)).flatMap { $0.total == count ? $0.index : nil } }
    let busy = { (d: TerminalDriver) -> Bool in info(d).contains("%)") }
    guard driver.wait(timeout: .seconds(180), until: { matched($0) == count && !busy($0) }) != nil else {
      report.add("terminal.fzf.first", "fzf: search in a terminal", .nan, "ms", note: "not loaded in 180 s: \(info(driver).trimmed.prefix(60))")
      return
    }
    log("terminal: fzf loaded \(count.grouped) items in \(format(Measure.seconds(driver.elapsed) * 1000)) ms")
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))

    var firsts: [Double] = []
    var wholes: [Double] = []
    var typed = ""
    for c in query {
      typed.append(c)
      let before = matched(driver)
      let list = Array(driver.screen.lines.dropLast(2))
      let start = driver.elapsed
      driver.send(TerminalKeys.text(String(c)))
      let showsQuery = { (d: TerminalDriver) in prompt(d).hasPrefix("> \(typed)") }
      // First: the count or the list changed. Whole: no progress shown and the output quiet.
      var first: Duration?
      var lastChange = start
      var seenBusy = false
      let deadline = start + .seconds(120)
      while driver.elapsed < deadline, !driver.closed {
        if driver.pump(timeout: 5) > 0 {
          while driver.pump(timeout: 1) > 0 {}
          lastChange = driver.lastOutputAt
          if showsQuery(driver) {
            if busy(driver) { seenBusy = true }
            if first == nil, matched(driver) != before || Array(driver.screen.lines.dropLast(2)) != list { first = lastChange }
          }
        } else if showsQuery(driver), !busy(driver), driver.elapsed - lastChange >= .milliseconds(seenBusy ? 300 : 700) {
          break
        }
      }
      let whole = lastChange
      firsts.append(Measure.seconds((first ?? whole) - start) * 1000)
      wholes.append(Measure.seconds(whole - start) * 1000)
      log("terminal: fzf '\(typed)': \(matched(driver).map(\.grouped) ?? "?") matches; first \(format(firsts.last!)) ms\(first == nil ? " (no change before the end)" : ""), whole \(format(wholes.last!)) ms")
    }
    addQueryFigures("fzf", firsts: firsts, wholes: wholes, matches: matched(driver), into: &report)
  }

  // MARK: Figures

  private func addQueryFigures(_ name: String, firsts: [Double], wholes: [Double], matches: Int?, into report: inout Report) {
    let keys = Array(query).map(String.init)
    report.add("terminal.\(name).first", "\(name) '\(query)' in a terminal: key to first matches on screen, each key (\(keys.joined(separator: ", ")))",
               firsts.max() ?? .nan, "ms", note: firsts.map(format).joined(separator: " / ") + " ms")
    report.add("terminal.\(name).whole", "\(name) '\(query)' in a terminal: key to the end of the pass, each key",
               wholes.max() ?? .nan, "ms", note: wholes.map(format).joined(separator: " / ") + " ms")
    report.add("terminal.\(name).matches", "\(name) '\(query)': matches", Double(matches ?? -1), "items")
  }

  private func format(_ value: Double) -> String {
    value.isFinite ? String(Int(value.rounded())) : "-"
  }
}
