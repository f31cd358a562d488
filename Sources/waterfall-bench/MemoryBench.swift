#if canImport(Glibc)
  import Glibc
#endif

/// The memory an item costs once a whole file is loaded (issue 31: at most 64
/// bytes an item at 10M items beyond the file's own pages): the real program in
/// a 200x60 pseudo-terminal on a generated JSON Lines file of shop items, read
/// after its status bar says every item is in and the last one reached, and
/// again once its memory has stopped moving (the layout's workers finish after
/// the load).
///
/// From `/proc/PID/status` it reports `RssAnon` (the program's own memory: its
/// heap, arenas and stacks) divided by the items, `RssFile` (mapped pages of
/// files: its binary, its libraries, a mapped data file), which the aim leaves
/// out, and `VmHWM`, the peak. The files are ``BenchData``'s JSON Lines alone
/// (`shops-1m.jsonl`, `shops-10m.jsonl`: 0.35 and 3.5 GB), made once in the
/// data folder.
///
/// ```swift
/// var report = Report(machine: "…")
/// MemoryBench(settings: MemoryBench.Settings(waterfall: ".build/release/waterfall", data: "bench-data")).run(into: &report)
/// ```
struct MemoryBench {
  struct Settings {
    var waterfall: String
    /// Where the files are kept (made once).
    var data: String
    /// The item counts measured, one file each.
    var counts = [1_000_000, 10_000_000]
    var columns = 200
    var rows = 60
    var firstScreenTimeout: Duration = .seconds(90)
    /// How long the whole load of the largest file may take.
    var loadTimeout: Duration = .seconds(600)
    /// How long the memory may keep moving after the load before it is read anyway.
    var settleTimeout: Duration = .seconds(40)
    var log: (String) -> Void = { _ in }

    init(waterfall: String, data: String) {
      self.waterfall = waterfall
      self.data = data
    }
  }

  let settings: Settings

  func run(into report: inout Report) {
    guard access(settings.waterfall, X_OK) == 0 else {
      settings.log("no \(settings.waterfall): build it first (swift build -c release --product waterfall)")
      report.add("memory.missing", "waterfall binary", .nan, "", note: "\(settings.waterfall) not built")
      return
    }
    for count in settings.counts {
      let data: BenchData
      do {
        data = try BenchData.ensure(directory: settings.data, count: count, jsonLinesOnly: true, log: settings.log)
      } catch {
        settings.log("\(error)")
        report.add("memory.\(count)", "memory at \(count.grouped) items", .nan, "B", note: "no data: \(error)")
        continue
      }
      measure(data.jsonLines, count: count, into: &report)
    }
    if let load = MachineDescription.loadAverage().flatMap(Double.init) {
      report.add("memory.loadAverage", "1-minute load average after the memory runs (2 cores: above 2 is contention)", load, "")
    }
  }

  private func measure(_ file: String, count: Int, into report: inout Report) {
    let prefix = "memory.\(BenchData.tag(count))"
    let title = "waterfall on \(count.grouped) shop items (.jsonl, \(Int((Double(BenchData.size(of: file)) / 1e6).rounded())) MB)"
    let subject = ScaleSubject.waterfall(binary: settings.waterfall)
    settings.log("memory: \(file)")
    // From the page cache where it fits, as the scale runs read theirs.
    BenchData.warm(file)
    let driver: TerminalDriver
    do {
      driver = try TerminalDriver(
        program: subject.program, arguments: subject.arguments(file), environment: TerminalDriver.environment(),
        columns: settings.columns, rows: settings.rows)
    } catch {
      report.add("\(prefix).perItem", "\(title): own memory per item", .nan, "B", note: "cannot start: \(error)")
      return
    }
    defer { driver.finish(quitKeys: subject.quitKeys) }

    guard driver.wait(timeout: settings.firstScreenTimeout, until: { subject.firstScreen($0.screen) }) != nil else {
      report.add("\(prefix).perItem", "\(title): own memory per item", .nan, "B", note: "no first screen")
      return
    }
    var loaded: Duration?
    while loaded == nil, driver.elapsed < settings.loadTimeout, !driver.closed {
      if let keys = subject.endKeys { driver.send(keys) }
      loaded = driver.wait(timeout: .milliseconds(200)) { subject.loaded($0.screen, count) }
    }
    guard let loaded else {
      report.add("\(prefix).perItem", "\(title): own memory per item", .nan, "B", note: "whole load not reached")
      return
    }
    let atLoad = driver.memory()
    guard let settled = settle(driver), let own = settled.anonymous else {
      report.add("\(prefix).perItem", "\(title): own memory per item", .nan, "B", note: "no RssAnon")
      return
    }
    let perItem = Double(own) / Double(count)
    report.add("\(prefix).load", "\(title): whole load, end reached", Measure.seconds(loaded), "s")
    report.add(
      "\(prefix).perItem", "\(title): own memory per item after the load (RssAnon / items)", perItem, "B",
      aim: count >= 10_000_000 ? "≤ 64 B" : nil, met: count >= 10_000_000 ? perItem <= 64 : nil)
    if let first = atLoad?.anonymous {
      report.add("\(prefix).perItem.atEnd", "  the same as the end was reached (before the workers settled)", Double(first) / Double(count), "B")
    }
    report.add("\(prefix).anon", "  own memory (RssAnon)", Double(own) / 1e6, "MB")
    report.add("\(prefix).file", "  files' mapped pages (RssFile, left out)", Double(settled.file ?? 0) / 1e6, "MB")
    report.add("\(prefix).peak", "  peak resident memory (VmHWM)", Double(settled.peakResident) / 1e6, "MB")
    report.add("\(prefix).peak.perItem", "  peak resident memory per item", Double(settled.peakResident) / Double(count), "B")
  }

  /// The memory once `RssAnon` has held within 1% for three seconds (or at the
  /// settle timeout), reading the program's output meanwhile so it never blocks.
  private func settle(_ driver: TerminalDriver) -> ProcessMemory? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: settings.settleTimeout)
    var last = driver.memory()
    var steady = 0
    while clock.now < deadline, !driver.closed {
      let start = clock.now
      while start.duration(to: clock.now) < .milliseconds(250) { driver.pump(timeout: 50) }
      guard let now = driver.memory() else { return last }
      let before = Double(last?.anonymous ?? 0)
      let after = Double(now.anonymous ?? 0)
      steady = abs(after - before) <= 0.01 * max(before, 1) ? steady + 1 : 0
      last = now
      if steady >= 12 { break }
    }
    return last
  }
}
