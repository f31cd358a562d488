#if canImport(Glibc)
  import Glibc
#endif

/// The scale figures of issue 7, measured on the real programs in a 200x60
/// pseudo-terminal: first screen, whole load, peak memory against the file's
/// size, bytes per scroll step, and key-to-screen times; `waterfall` on both
/// million-item files, `less -S` on the JSON Lines one and `fzf` on each text one
/// (every line an entry) for context.
/// Beside the wall-clock milestones it reports the CPU time the program had used
/// by then, which a machine shared with other work does not inflate. Each
/// program is started ``Settings/loadRuns`` times on each file, the file read
/// once before each start, and the first screen and whole load are the runs'
/// medians, with the fastest and slowest beside them (``LoadRuns``); the
/// steps, keys and memory are measured in the last run.
///
/// Every wait has a limit; a milestone not reached is reported as such (with
/// what the screen showed), and the run goes on.
///
/// ```swift
/// var report = Report(machine: "…")
/// ScaleBench(data: data, settings: ScaleBench.Settings(waterfall: ".build/release/waterfall")).run(into: &report)
/// ```
struct ScaleBench {
  struct Settings {
    var waterfall: String
    var columns = 200
    var rows = 60
    var firstScreenTimeout: Duration = .seconds(90)
    var loadTimeout: Duration = .seconds(180)
    /// Times each step's bytes are counted (the median is reported).
    var repeats = 5
    /// Times each program is started on each file for its first screen and
    /// whole load (the median is reported, with the fastest and slowest).
    var loadRuns = 3
    /// Scales the number of key presses timed (1: 500 for waterfall).
    var pressScale = 1.0
    /// Whether to log the screen before and after each step (to see what is measured).
    var showScreens = false
    /// Whether the pseudo-terminal answers device attributes (false: `--no-answers`).
    var terminalAnswers = true
    /// The programs to measure: `waterfall`, and `less` and `fzf` for context.
    var programs: Set<String> = ["waterfall", "less", "fzf"]
    /// The files waterfall is measured on (``BenchData/files``' names); less reads
    /// the JSON Lines file (when it is among them), fzf each text file among them.
    var files: Set<String> = ["jsonl", "json", "wrapped", "csv", "sqlite"]
    var log: (String) -> Void = { _ in }

    init(waterfall: String) {
      self.waterfall = waterfall
    }
  }

  let data: BenchData
  let settings: Settings

  func run(into report: inout Report) {
    var subjects: [(ScaleSubject, [String])] = []
    if settings.programs.contains("waterfall") {
      subjects.append((.waterfall(binary: settings.waterfall), data.files.filter { settings.files.contains($0.name) }.map(\.path)))
    }
    // fzf reads every text file, each line an entry; less only the JSON Lines one.
    let textFiles = data.files.filter { settings.files.contains($0.name) && $0.name != "sqlite" }.map(\.path)
    for (name, make) in [("less", ScaleSubject.less), ("fzf", ScaleSubject.fzf)]
    where settings.programs.contains(name) && settings.files.contains("jsonl") {
      if let subject = make() {
        subjects.append((subject, subject.countsLines ? textFiles : [data.jsonLines]))
      } else {
        settings.log("\(name) is not installed: its figures are left out (apt-get install \(name))")
        report.add("scale.\(name).missing", "\(name): not installed, not measured", .nan, "", note: "not installed")
      }
    }
    if settings.programs.contains("waterfall") { measureStartup(into: &report) }
    for (subject, files) in subjects {
      for (index, file) in files.enumerated() {
        measure(subject, file: file, detailed: index == 0 && file == data.jsonLines, into: &report)
      }
    }
    if let load = MachineDescription.loadAverage().flatMap(Double.init) {
      report.add("scale.loadAverage", "1-minute load average after the scale runs (2 cores: above 2 is contention)", load, "")
    }
  }

  /// What every start costs before any data: `waterfall render` of a file of
  /// one item, start to exit, the median of 21 runs (the dynamic linker and the
  /// runtime's first look-ups are most of it).
  private func measureStartup(into report: inout Report) {
    let path = "/tmp/waterfall-bench-one-\(getpid()).json"
    do throws(BenchData.Failure) {
      let file = try OutputFile(path: path + ".partial")
      try file.append(Array(#"[{"title": "Mug"}]"#.utf8))
      try file.finish(renamingTo: path)
    } catch {
      report.add("scale.startup", "waterfall: a file of one item drawn, start to exit (render)", .nan, "ms", note: "\(error)")
      return
    }
    defer { unlink(path) }
    let runs = (0..<21).compactMap { _ in FilterBench.time([settings.waterfall, "render", path], stdin: nil) }.filter { $0.status == 0 }
    guard !runs.isEmpty else {
      report.add("scale.startup", "waterfall: a file of one item drawn, start to exit (render)", .nan, "ms", note: "did not run")
      return
    }
    let median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
    report.add("scale.startup", "waterfall: a file of one item drawn, start to exit (render), median of \(runs.count)", median.seconds * 1e3, "ms")
    report.add("scale.startup.cpu", "  CPU time it used (user + system)", median.cpu * 1e3, "ms")
  }

  // MARK: One program on one file

  private func measure(_ subject: ScaleSubject, file: String, detailed: Bool, into report: inout Report) {
    let format = data.files.first { $0.path == file }?.name ?? "json"
    let prefix = "scale.\(subject.key).\(format)"
    let kinds = ["wrapped": "array inside an object, .json", "csv": "CSV rows", "sqlite": "SQLite rows"]
    let count = subject.countsLines ? BenchData.lineCount(of: file) : data.itemCount
    let lines = subject.countsLines && count != data.itemCount ? ", \(count.grouped) lines" : ""
    let title = "\(subject.name) on \(data.itemCount.grouped) items (\(kinds[format] ?? "." + format)\(lines))"
    let fileSize = BenchData.size(of: file)
    let isWaterfall = subject.key == "waterfall"
    settings.log("\(subject.name): \(file)")

    // The runs that only time the first screen and the whole load, then the one that measures everything.
    var runs = LoadRuns()
    for _ in 1..<max(1, settings.loadRuns) { runs.add(loadRun(subject, file: file, count: count)) }
    let trace = subject.traced ? FrameTraceFile(path: "/tmp/waterfall-bench-trace-\(getpid())") : nil
    let driver: TerminalDriver
    do {
      driver = try start(subject, file: file, trace: trace)
    } catch {
      report.add("\(prefix).firstScreen", "\(title): first screen", .nan, "ms", note: "cannot start: \(error)")
      return
    }
    defer { driver.finish(quitKeys: subject.quitKeys) }
    let run = timeLoad(subject, driver, count: count)
    let loaded = run.load
    runs.add(run)

    let firstMedian = runs.median(\.firstMilliseconds)
    report.add("\(prefix).firstScreen", "\(title): first screen", firstMedian ?? .nan, "ms",
               aim: isWaterfall ? "< 100 ms" : nil, met: isWaterfall ? firstMedian.map { $0 < 100 } ?? false : nil,
               note: firstMedian == nil ? notReached(driver, within: settings.firstScreenTimeout) : runs.spread(\.firstMilliseconds, unit: "ms"))
    guard firstMedian != nil else {
      report.add("\(prefix).load", "\(title): whole load, end reached", .nan, "s", aim: isWaterfall ? Self.loadAim(format).text : nil,
                 met: isWaterfall ? false : nil, note: "not reached: no first screen")
      addMemory(driver, fileSize: fileSize, prefix: prefix, title: title, aim: isWaterfall, complete: false, into: &report)
      return
    }
    if let cpu = runs.median(\.firstCPU) {
      report.add("\(prefix).firstScreen.cpu", "  CPU time the program used by then (user + system)", cpu, "s")
    }
    let loadMedian = runs.median(\.loadSeconds)
    let aim = isWaterfall ? Self.loadAim(format) : nil
    report.add("\(prefix).load", "\(title): whole load, end reached", loadMedian ?? .nan, "s",
               aim: aim?.text, met: aim.map { aim in loadMedian.map { $0 <= aim.seconds } ?? false },
               note: loadMedian == nil ? notReached(driver, within: settings.loadTimeout) : runs.spread(\.loadSeconds, unit: "s"))
    if loadMedian != nil, let cpu = runs.median(\.loadCPU) {
      report.add("\(prefix).load.cpu", "  CPU time the program used by then (user + system)", cpu, "s",
                 note: runs.spread(\.loadCPU, unit: "s"))
    }

    if detailed, loaded != nil {
      measureSteps(subject, driver, prefix: "scale.\(subject.key)", into: &report)
      measurePresses(subject, driver, trace: trace, prefix: "scale.\(subject.key)", into: &report)
    }
    addMemory(driver, fileSize: fileSize, prefix: prefix, title: title, aim: isWaterfall, complete: loaded != nil, into: &report)
  }

  /// Issue 31's aim for the whole load of a file in `format`: a second for
  /// JSON, a second and a half for CSV; issue 7's three seconds for the rest.
  static func loadAim(_ format: String) -> (text: String, seconds: Double) {
    switch format {
    case "jsonl", "json", "wrapped": ("≤ 1 s", 1)
    case "csv": ("≤ 1.5 s", 1.5)
    default: ("< 3 s", 3)
    }
  }

  /// `subject` started on `file` in the pseudo-terminal, the file read once
  /// before so that it comes from the page cache, as every run's does.
  private func start(_ subject: ScaleSubject, file: String, trace: FrameTraceFile?) throws -> TerminalDriver {
    BenchData.warm(file)
    let driver = try TerminalDriver(
      program: subject.program, arguments: subject.arguments(file),
      environment: TerminalDriver.environment(adding: subject.environment + (trace.map { ["WATERFALL_TRACE=\($0.path)"] } ?? [])),
      columns: settings.columns, rows: settings.rows,
      standardInput: subject.readsStandardInput ? file : nil)
    driver.answersDeviceAttributes = settings.terminalAnswers
    return driver
  }

  /// One run that times the first screen and the whole load, and quits.
  private func loadRun(_ subject: ScaleSubject, file: String, count: Int) -> LoadRuns.Run {
    guard let driver = try? start(subject, file: file, trace: nil) else { return LoadRuns.Run(first: nil, load: nil) }
    defer { driver.finish(quitKeys: subject.quitKeys) }
    return timeLoad(subject, driver, count: count)
  }

  /// The first screen, then the whole load (all `count` entries in and the last
  /// one reached), each with the CPU time the program had used by then.
  private func timeLoad(_ subject: ScaleSubject, _ driver: TerminalDriver, count: Int) -> LoadRuns.Run {
    let first = driver.wait(timeout: settings.firstScreenTimeout) { subject.firstScreen($0.screen) }
    let firstCPU = ProcessTimes.read(pid: driver.terminal.pid)?.total
    guard first != nil else { return LoadRuns.Run(first: nil, firstCPU: firstCPU, load: nil) }
    let load = waitForLoad(subject, driver, count: count)
    return LoadRuns.Run(first: first, firstCPU: firstCPU, load: load, loadCPU: load == nil ? nil : ProcessTimes.read(pid: driver.terminal.pid)?.total)
  }

  private func waitForLoad(_ subject: ScaleSubject, _ driver: TerminalDriver, count: Int) -> Duration? {
    let check = { (d: TerminalDriver) in subject.loaded(d.screen, count) }
    while driver.elapsed < settings.loadTimeout, !driver.closed {
      if let keys = subject.endKeys { driver.send(keys) }
      if let at = driver.wait(timeout: .milliseconds(100), until: check) { return at }
    }
    return nil
  }

  /// Why a milestone was not reached, with the last status line for a clue.
  private func notReached(_ driver: TerminalDriver, within limit: Duration) -> String {
    let last = driver.screen.lines.last { !$0.allSatisfy { $0 == " " } }?.trimmed ?? ""
    let why = driver.closed ? "program ended" : "not reached in \(Int(Measure.seconds(limit))) s"
    return last.isEmpty ? why : "\(why) (screen: \(last.prefix(60)))"
  }

  /// The memory figures, read just before quitting; `complete` says whether
  /// everything was loaded by then (if not, the figures say so).
  private func addMemory(
    _ driver: TerminalDriver, fileSize: Int, prefix: String, title: String, aim: Bool, complete: Bool,
    into report: inout Report
  ) {
    report.add("\(prefix).fileSize", "\(title): file size", Double(fileSize) / 1e6, "MB")
    guard let memory = driver.memory() else {
      report.add("\(prefix).peakRSS", "\(title): peak resident memory (VmHWM)", .nan, "MB", note: "process gone")
      return
    }
    let note = complete ? nil : "not all loaded yet"
    let ratio = Double(memory.peakResident) / Double(max(1, fileSize))
    report.add("\(prefix).peakRSS", "\(title): peak resident memory (VmHWM)", Double(memory.peakResident) / 1e6, "MB", note: note)
    report.add("\(prefix).RSS", "\(title): resident memory at the end (VmRSS)", Double(memory.resident) / 1e6, "MB", note: note)
    report.add("\(prefix).peakRSS.ratio", "\(title): peak memory / file size", ratio, "x",
               aim: aim ? "< 1.5x" : nil, met: aim ? complete && ratio < 1.5 : nil, note: note)
  }

  // MARK: Bytes per step

  private func measureSteps(_ subject: ScaleSubject, _ driver: TerminalDriver, prefix: String, into report: inout Report) {
    let isWaterfall = subject.key == "waterfall"
    // Back to the first item, then a little way in, so steps both ways have
    // somewhere to go. A program may still be busy after reaching the end (less
    // is, for about half a second), so each key waits for its answer.
    if !subject.homeKeys.isEmpty { _ = driver.respond(to: subject.homeKeys, answerWithin: .seconds(3)) }
    if let page = subject.steps.first(where: { $0.role == .page }) {
      for _ in 0..<2 { _ = driver.respond(to: page.keys(driver.screen), answerWithin: .seconds(3)) }
    }
    var bytes: [String: Int] = [:]
    var oneRow: (step: ScaleSubject.Step, bytes: Int, rows: Int)?
    var smallest: (step: ScaleSubject.Step, bytes: Int, rows: Int)?
    for step in subject.steps {
      var counts: [Int] = []
      var shifts: [Int] = []
      for _ in 0..<settings.repeats {
        let before = contentRows(driver.screen)
        counts.append(driver.respond(to: step.keys(driver.screen)).bytes)
        shifts.append(ScrollShift.rows(before: before, after: contentRows(driver.screen)) ?? 0)
        if settings.showScreens {
          settings.log("\(subject.name), \(step.label): before\n\(before.joined(separator: "\n"))\nafter\n\(driver.screen.lines.joined(separator: "\n"))")
        }
      }
      let median = counts.sorted()[counts.count / 2]
      let rows = mostCommon(shifts)
      bytes[step.key] = median
      var label = "\(subject.name): \(step.label)"
      if step.role == .oneRow { label += rows == 0 ? ", no scroll" : ", content moved \(abs(rows)) row\(abs(rows) == 1 ? "" : "s")" }
      report.add("\(prefix).bytes.\(step.key)", label, Double(median), "bytes")
      if step.role == .oneRow, rows != 0 {
        if abs(rows) == 1, oneRow == nil { oneRow = (step, median, 1) }
        if smallest == nil || abs(rows) < smallest!.rows { smallest = (step, median, abs(rows)) }
      }
    }
    guard let redraw = subject.steps.first(where: { $0.role == .redraw }).flatMap({ bytes[$0.key] }), redraw > 0 else { return }
    if let oneRow {
      let ratio = Double(oneRow.bytes) / Double(redraw) * 100
      report.add("\(prefix).bytes.ratio", "\(subject.name): one-row scroll / full redraw", ratio, "%",
                 aim: isWaterfall ? "≤ 5%" : nil, met: isWaterfall ? ratio <= 5 : nil)
    } else if let smallest {
      let ratio = Double(smallest.bytes) / Double(redraw) * 100
      report.add("\(prefix).bytes.oneRow", "\(subject.name): one-row scroll", .nan, "bytes",
                 note: "no key scrolls one row; the smallest scroll moves \(smallest.rows)")
      report.add("\(prefix).bytes.ratio", "\(subject.name): \(smallest.rows)-row scroll (\(smallest.step.key)) / full redraw", ratio, "%",
                 aim: isWaterfall ? "≤ 5% (for one row)" : nil, met: isWaterfall ? ratio <= 5 : nil)
    } else {
      report.add("\(prefix).bytes.ratio", "\(subject.name): one-row scroll / full redraw", .nan, "%",
                 aim: isWaterfall ? "≤ 5%" : nil, met: isWaterfall ? false : nil, note: "no step scrolled the content")
    }
  }

  /// The rows that show content (all but the last, the status bar or prompt).
  private func contentRows(_ screen: ScreenModel) -> [String] {
    Array(screen.lines.dropLast())
  }

  private func mostCommon(_ values: [Int]) -> Int {
    var counts: [Int: Int] = [:]
    for v in values { counts[v, default: 0] += 1 }
    return counts.max { a, b in a.value < b.value || (a.value == b.value && abs(a.key) > abs(b.key)) }?.key ?? 0
  }

  // MARK: Key to screen

  private func measurePresses(
    _ subject: ScaleSubject, _ driver: TerminalDriver, trace: FrameTraceFile?, prefix: String, into report: inout Report
  ) {
    var firstBytes: [Double] = []
    var missed = 0
    let start = trace?.refresh() ?? 0
    let total = subject.presses.reduce(0) { $0 + max(1, Int(Double($1.count) * settings.pressScale)) }
    pressing: for (count, keys) in subject.presses {
      for _ in 0..<max(1, Int(Double(count) * settings.pressScale)) {
        if let trace {
          let before = trace.refresh()
          driver.send(keys(driver.screen))
          if !driver.poll(timeout: .seconds(3), until: { trace.refresh() > before }) { missed += 1 }
          // The frame's bytes were all written before its line: read them now, so
          // the next key's first byte is its own.
          while driver.pump(timeout: 0) > 0 {}
          if let first = driver.firstOutputAfterSend { firstBytes.append(Measure.seconds(first)) }
        } else if let first = driver.respond(to: keys(driver.screen), quiet: .milliseconds(40)).firstByte {
          firstBytes.append(Measure.seconds(first))
        } else {
          missed += 1
        }
        if missed > 10 { break pressing }
      }
    }
    if let trace {
      let frames = trace.samples.dropFirst(start).map { Double($0) / 1e9 }
      let p50 = Measure.percentile(frames, 50)
      let p99 = Measure.percentile(frames, 99)
      let note = frames.isEmpty ? "no frame traced (WATERFALL_TRACE)" : nil
      report.add("\(prefix).keyToScreen.p50", "\(subject.name): key to screen p50 (\(frames.count) frames, in-app)", p50 * 1e3, "ms", note: note)
      report.add("\(prefix).keyToScreen.p99", "\(subject.name): key to screen p99 (in-app, read → frame written)", p99 * 1e3, "ms",
                 aim: "< 2 ms", met: frames.isEmpty ? false : p99 < 0.002, note: note)
    }
    let note = firstBytes.isEmpty ? "no answer to \(total) keys" : nil
    report.add("\(prefix).keyToFirstByte.p50", "\(subject.name): key to first byte p50 (\(firstBytes.count) keys, from outside)",
               Measure.percentile(firstBytes, 50) * 1e3, "ms", note: note)
    report.add("\(prefix).keyToFirstByte.p99", "\(subject.name): key to first byte p99 (from outside)",
               Measure.percentile(firstBytes, 99) * 1e3, "ms", note: note)
  }
}
