#if canImport(Glibc)
  import Glibc
#endif

/// Standard input's figures (issue 13), on the real binary in a 200x60
/// pseudo-terminal, fed by a shell pipeline:
///
/// - `yes '{"title":"x"}' | waterfall -`: resident memory after ``Settings/seconds``
///   (60 s by default), the items read by then and the memory an item costs;
///   then the same with `--memory-limit 256M`: when reading pauses, and the
///   memory a few seconds after.
/// - One line of 200 MB on a pipe (`cat FILE | waterfall -`, JSON Lines) against
///   the same bytes as an array: time (and CPU time) to the end of the load.
///
/// ```swift
/// var report = Report(machine: "…")
/// StdinBench(settings: StdinBench.Settings(waterfall: ".build/release/waterfall", data: "bench-data")).run(into: &report)
/// ```
struct StdinBench {
  struct Settings {
    var waterfall: String
    /// Where the 200 MB files are kept (made once).
    var data: String
    /// How long endless input is read before its memory is read.
    var seconds = 60
    /// The long line's size, in MB.
    var lineMegabytes = 200
    /// The limit the second endless run is given.
    var limit = "256M"
    var columns = 200
    var rows = 60
    var log: (String) -> Void = { _ in }
  }

  let settings: Settings

  func run(into report: inout Report) {
    guard access(settings.waterfall, X_OK) == 0 else {
      settings.log("no \(settings.waterfall): build it first (swift build -c release --product waterfall)")
      report.add("stdin.missing", "waterfall binary", .nan, "", note: "\(settings.waterfall) not built")
      return
    }
    endless(limit: nil, into: &report)
    endless(limit: settings.limit, into: &report)
    longLine(into: &report)
  }

  /// Starts `pipeline` (a shell command line ending in `waterfall`) in the
  /// terminal and finds the `waterfall` process in it.
  private func start(_ pipeline: String) -> (TerminalDriver, pid_t)? {
    guard
      let driver = try? TerminalDriver(
        program: "/bin/sh", arguments: ["-c", pipeline], columns: settings.columns, rows: settings.rows)
    else { return nil }
    for _ in 0..<500 {
      if let pid = ProcessTree.child(of: driver.terminal.pid, named: "waterfall") { return (driver, pid) }
      driver.pump(timeout: 10)
    }
    driver.finish(quitKeys: [])
    return nil
  }

  /// The status bar's text (the last line that is not blank).
  private func status(_ driver: TerminalDriver) -> String {
    driver.screen.lines.last { !$0.allSatisfy { $0 == " " } }?.trimmed ?? ""
  }

  // MARK: Endless input

  private func endless(limit: String?, into report: inout Report) {
    let option = limit.map { "--memory-limit \($0) " } ?? ""
    let command = "yes '{\"title\":\"x\"}' | exec \(settings.waterfall) \(option)-"
    let key = limit == nil ? "stdin.endless" : "stdin.endlessLimited"
    let title = "yes '{\"title\":\"x\"}' | waterfall \(option)-"
    settings.log(title)
    guard let (driver, pid) = start(command) else {
      report.add("\(key).RSS", "\(title): resident memory", .nan, "MB", note: "cannot start")
      return
    }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    let duration = Duration.seconds(settings.seconds)
    if limit == nil {
      var half: ProcessMemory?
      _ = driver.wait(timeout: duration / 2) { _ in false }
      half = ProcessMemory.read(pid: pid)
      _ = driver.wait(timeout: duration / 2) { _ in false }
      let memory = ProcessMemory.read(pid: pid)
      let items = StatusPosition(parsing: status(driver))?.total ?? 0
      let resident = memory.map { Double($0.resident) / 1e6 } ?? .nan
      report.add("\(key).RSS", "\(title): resident memory after \(settings.seconds) s (VmRSS)", resident, "MB")
      report.add("\(key).items", "  items read by then", Double(items), "items")
      if let memory, items > 0 {
        report.add("\(key).perItem", "  resident memory per item read", Double(memory.resident) / Double(items), "bytes")
      }
      if let half, let memory {
        let growth = Double(memory.resident - half.resident) / 1e6 / (Double(settings.seconds) / 2)
        report.add("\(key).growth", "  growth over the second half", growth, "MB/s")
      }
      if let times = ProcessTimes.read(pid: pid) {
        report.add("\(key).cpu", "  CPU time the program used by then (user + system)", times.total, "s")
      }
      return
    }
    let paused = driver.wait(timeout: duration) { status($0).contains("reading paused: memory limit") }
    report.add(
      "\(key).paused", "\(title): reading paused (status bar says so)", paused.map(Measure.seconds) ?? .nan, "s",
      note: paused == nil ? "not paused in \(settings.seconds) s (screen: \(status(driver).prefix(60)))" : nil)
    guard paused != nil else { return }
    let items = StatusPosition(parsing: status(driver))?.total ?? 0
    _ = driver.wait(timeout: .seconds(5)) { _ in false }
    let later = StatusPosition(parsing: status(driver))?.total ?? 0
    let memory = ProcessMemory.read(pid: pid)
    report.add("\(key).RSS", "  resident memory 5 s after the pause (VmRSS)", memory.map { Double($0.resident) / 1e6 } ?? .nan, "MB")
    report.add("\(key).peakRSS", "  peak resident memory (VmHWM)", memory.map { Double($0.peakResident) / 1e6 } ?? .nan, "MB")
    report.add("\(key).items", "  items read when paused (and 5 s later)", Double(items), "items", note: "\(later.grouped) 5 s later")
    let answer = driver.respond(to: Array("l".utf8), answerWithin: .seconds(2))
    report.add(
      "\(key).key", "  a key while paused: time to the first byte of its answer",
      answer.firstByte.map { Measure.seconds($0) * 1e3 } ?? .nan, "ms", note: answer.firstByte == nil ? "no answer" : nil)
  }

  // MARK: One long line

  private func longLine(into report: inout Report) {
    let size = settings.lineMegabytes
    guard let (lines, array) = makeLongLineFiles() else {
      report.add("stdin.line.load", "one \(size) MB line on a pipe", .nan, "s", note: "cannot write the files in \(settings.data)")
      return
    }
    var results: [String: Duration] = [:]
    for (name, file, what) in [("line", lines, "one \(size) MB line on a pipe (JSON Lines)"), ("array", array, "the same bytes as an array on a pipe")] {
      settings.log("cat \(file) | waterfall -")
      guard let (driver, pid) = start("cat '\(file)' | exec \(settings.waterfall) -") else {
        report.add("stdin.\(name).load", "\(what): whole load", .nan, "s", note: "cannot start")
        continue
      }
      defer { driver.finish(quitKeys: Array("q".utf8)) }
      let loaded = driver.wait(timeout: .seconds(300)) { d in
        let text = status(d)
        return StatusPosition(parsing: text)?.total == 2 && !text.contains("loading")
      }
      let times = ProcessTimes.read(pid: pid)
      report.add(
        "stdin.\(name).load", "\(what): whole load, both items in", loaded.map(Measure.seconds) ?? .nan, "s",
        note: loaded == nil ? "not loaded in 300 s (screen: \(status(driver).prefix(60)))" : nil)
      if loaded != nil, let times {
        report.add("stdin.\(name).load.cpu", "  CPU time the program used by then (user + system)", times.total, "s")
      }
      if let memory = ProcessMemory.read(pid: pid) {
        report.add("stdin.\(name).peakRSS", "  peak resident memory (VmHWM)", Double(memory.peakResident) / 1e6, "MB")
      }
      results[name] = loaded
    }
    if let line = results["line"], let array = results["array"] {
      report.add("stdin.line.ratio", "one long line / the same bytes as an array (load time)", Measure.seconds(line) / Measure.seconds(array), "x")
    }
  }

  /// The two files, made once in the data folder: a short line then one of
  /// ``Settings/lineMegabytes`` MB, as JSON Lines and as an array.
  private func makeLongLineFiles() -> (lines: String, array: String)? {
    let size = settings.lineMegabytes
    let lines = "\(settings.data)/line-\(size)mb.jsonl"
    let array = "\(settings.data)/array-\(size)mb.json"
    let body = size << 20
    for (path, open, close) in [(lines, "{\"title\":\"small\"}\n", "\n"), (array, "[{\"title\":\"small\"},\n", "]\n")] where BenchData.size(of: path) < body {
      mkdir(settings.data, 0o755)
      settings.log("writing \(path)")
      guard let file = fopen(path + ".part", "w") else { return nil }
      var text = Array((open + "{\"title\":\"one long line\",\"text\":\"").utf8)
      fwrite(text, 1, text.count, file)
      let chunk = Array(String(repeating: "all work and no play ", count: 1 << 12).utf8)
      var written = 0
      while written < body {
        let n = min(chunk.count, body - written)
        fwrite(chunk, 1, n, file)
        written += n
      }
      text = Array(("\"}" + close).utf8)
      fwrite(text, 1, text.count, file)
      guard fclose(file) == 0, rename(path + ".part", path) == 0 else { return nil }
    }
    return (lines, array)
  }
}
