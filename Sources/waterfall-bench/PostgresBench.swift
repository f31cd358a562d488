import WaterfallApp

#if canImport(Glibc)
  import Glibc
#endif

/// A PostgreSQL table of `rows` rows (10M by default, made with
/// `generate_series` by ``PostgresBenchTable``) browsed by the real program in
/// a 200x60 pseudo-terminal, against a cluster the bench starts and stops
/// (``BenchCluster``): the first screen; a search typed to its first matches
/// (the server's `WHERE`); a sort key to the first sorted screen (the server's
/// `ORDER BY` over a column no index serves); the memory after scrolling 100k
/// rows; `G` to the last screen and the memory after scrolling 100k rows up
/// from there; and beside them `psql` fetching the same first screen.
///
/// ```swift
/// PostgresBench(data: "bench-data", rows: 10_000_000, waterfall: ".build/release/waterfall", log: log).run(into: &report)
/// ```
struct PostgresBench {
  var data: String
  var rows: Int
  var waterfall: String
  var log: (String) -> Void
  var columns = 200
  var screenRows = 60
  /// The search typed, at once: an exact term and a fuzzy one.
  var query = "'vase 4242"
  /// Rows scrolled before the memory is read.
  var scrolled = 100_000

  func run(into report: inout Report) {
    if access(waterfall, X_OK) != 0 {
      log("no \(waterfall): build it first (swift build -c release --product waterfall)")
      report.add("postgres.missing", "waterfall binary", .nan, "", note: "\(waterfall) not built")
      return
    }
    let cluster: BenchCluster
    do {
      log("postgres: starting a cluster in \(data)/postgres")
      cluster = try BenchCluster.start(data: data + "/postgres")
    } catch {
      log("postgres: \(error)")
      report.add("postgres.cluster", "PostgreSQL cluster", .nan, "", note: error.description)
      return
    }
    defer { cluster.stop() }
    let table = PostgresBenchTable(psql: cluster.psql, conninfo: cluster.conninfo)
    do {
      let made = ContinuousClock.now
      log("postgres: making a table of \(rows.grouped) rows unless it is there")
      try table.ensure(rows: rows)
      log("postgres: table ready in \(format(Measure.seconds(made.duration(to: .now)))) s")
    } catch {
      report.add("postgres.table", "PostgreSQL table", .nan, "", note: error.description)
      return
    }
    measurePsql(table, into: &report)
    measureWaterfall(cluster, table: table.name, into: &report)
    measureScroll(cluster, table: table.name, into: &report)
    measureJump(cluster, table: table.name, into: &report)
  }

  /// `psql` fetching the first screen: the same rows in the same order.
  private func measurePsql(_ table: PostgresBenchTable, into report: inout Report) {
    var times: [Double] = []
    for _ in 0..<5 {
      let start = ContinuousClock.now
      guard (try? table.run(["-c", "SELECT * FROM \(table.name) ORDER BY id LIMIT \(screenRows)"])) != nil else { break }
      times.append(Measure.seconds(start.duration(to: .now)) * 1000)
    }
    report.add("postgres.psql.first", "psql: the first \(screenRows) rows of \(rows.grouped) (start to exit, median of \(times.count))",
               Measure.percentile(times, 50), "ms")
    // The sort the browser asks for (by title, then the key), no index serving it.
    let start = ContinuousClock.now
    let sorted = (try? table.run(["-c", "SELECT * FROM \(table.name) ORDER BY title, id LIMIT \(screenRows)"])) != nil
    report.add("postgres.psql.sorted", "psql: the first \(screenRows) rows by title (ORDER BY title, id LIMIT; start to exit)",
               sorted ? Measure.seconds(start.duration(to: .now)) * 1000 : .nan, "ms")
  }

  private func measureWaterfall(_ cluster: BenchCluster, table: String, into report: inout Report) {
    let driver: TerminalDriver
    do {
      driver = try TerminalDriver(
        program: waterfall, arguments: ["--pg", cluster.conninfo, "--table", table, "--layout", "table"],
        columns: columns, rows: screenRows)
    } catch {
      report.add("postgres.first", "waterfall on PostgreSQL", .nan, "ms", note: "cannot start: \(error)")
      return
    }
    defer { driver.finish(quitKeys: TerminalKeys.text("q")) }
    let status = { (d: TerminalDriver) in d.screen.line(d.screen.height - 1) }
    let firstRow = { (d: TerminalDriver) in d.screen.line(1) }

    // The first screen: the first row and the estimate in the status bar.
    let first = driver.waitForFrame(timeout: .seconds(120)) { firstRow($0).contains("mug 1 ") && status($0).contains("~") }
    report.add("postgres.first", "waterfall: first screen of \(rows.grouped) rows (start to the rows shown)",
               first.map { Measure.seconds($0) * 1000 } ?? .nan, "ms", note: first == nil ? "not shown in 120 s: \(status(driver).trimmed.prefix(60))" : nil)
    guard first != nil else { return }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))

    // A search typed at once, to the first row that matches.
    driver.send(TerminalKeys.text("/"))
    _ = driver.wait(timeout: .seconds(5)) { status($0).hasPrefix(" /") }
    let word = String(query.dropFirst().prefix { $0 != " " })
    var start = driver.elapsed
    driver.send(TerminalKeys.text(query))
    let found = driver.waitForFrame(timeout: .seconds(120)) { firstRow($0).contains(word) && status($0).contains(query) }
    report.add("postgres.search.first", "waterfall: the search \(query) typed to its first matches (the server's WHERE)",
               found.map { Measure.seconds($0 - start) * 1000 } ?? .nan, "ms", note: found == nil ? "not shown in 120 s" : nil)
    driver.send([0x1B])  // Esc: no search
    _ = driver.waitForFrame(timeout: .seconds(60)) { firstRow($0).contains("mug 1 ") && !status($0).hasPrefix(" /") }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))

    // The sort: s on the title's column (l moves there) opens the field picker
    // on it, whose Enter sorts by it; no index serves it.
    driver.send(TerminalKeys.text("l"))
    _ = driver.waitForFrame(timeout: .seconds(60)) { status($0).contains("title 2/") }
    driver.send(TerminalKeys.text("s"))
    _ = driver.waitForFrame(timeout: .seconds(60)) { $0.screen.lines.contains { $0.contains("Sort by") } }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))
    start = driver.elapsed
    driver.send([0x0D])  // Enter
    let sorted = driver.waitForFrame(timeout: .seconds(300)) { status($0).contains("title ↑") && firstRow($0).contains("Ash ") }
    report.add("postgres.sort.first", "waterfall: the sort's Enter (by title, no index) to the first sorted screen (the server's ORDER BY)",
               sorted.map { Measure.seconds($0 - start) * 1000 } ?? .nan, "ms", note: sorted == nil ? "not shown in 300 s" : nil)
  }

  /// A fresh program on `table` as a table, once its first row shows; nil if
  /// it could not start or showed nothing in 120 s (the caller quits it).
  private func openTable(_ cluster: BenchCluster, table: String) -> TerminalDriver? {
    guard let driver = try? TerminalDriver(
      program: waterfall, arguments: ["--pg", cluster.conninfo, "--table", table, "--layout", "table"],
      columns: columns, rows: screenRows)
    else { return nil }
    guard driver.waitForFrame(timeout: .seconds(120), until: { $0.screen.line(1).contains("mug 1 ") }) != nil else {
      driver.finish(quitKeys: TerminalKeys.text("q"))
      return nil
    }
    return driver
  }

  /// A fresh program scrolled with Page Down past `scrolled` rows, in the
  /// table's order: its resident memory then.
  private func measureScroll(_ cluster: BenchCluster, table: String, into report: inout Report) {
    guard let driver = openTable(cluster, table: table) else { return }
    defer { driver.finish(quitKeys: TerminalKeys.text("q")) }
    let status = { (d: TerminalDriver) in d.screen.line(d.screen.height - 1) }
    let start = driver.elapsed
    let pageDown = TerminalKeys.text("\u{1B}[6~")
    var position = StatusPosition(parsing: status(driver))?.index ?? 0
    while position < scrolled, driver.elapsed - start < .seconds(600), !driver.closed {
      for _ in 0..<20 { driver.send(pageDown) }
      driver.settle(quiet: .milliseconds(50), timeout: .seconds(10))
      position = StatusPosition(parsing: status(driver))?.index ?? position
    }
    let memory = driver.memory()
    log("postgres: scrolled to \(position.grouped) in \(format(Measure.seconds(driver.elapsed - start))) s")
    report.add("postgres.scroll.memory", "waterfall: resident memory after scrolling \(position.grouped) rows of \(rows.grouped)",
               memory.map { Double($0.resident) / 1_048_576 } ?? .nan, "MiB",
               note: position < scrolled ? "stopped at \(position.grouped) rows" : memory.map { "peak \($0.peakResident / 1_048_576) MiB" })
  }

  /// A fresh program: `G` to the last screen (the last page read backward,
  /// nothing between), then Page Up past `scrolled` rows (a window of the
  /// rows above read at each window's top): the time to the last screen and
  /// the resident memory then.
  private func measureJump(_ cluster: BenchCluster, table: String, into report: inout Report) {
    guard let driver = openTable(cluster, table: table) else { return }
    defer { driver.finish(quitKeys: TerminalKeys.text("q")) }
    let status = { (d: TerminalDriver) in d.screen.line(d.screen.height - 1) }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))
    var start = driver.elapsed
    driver.send(TerminalKeys.text("G"))
    let last = driver.waitForFrame(timeout: .seconds(120)) { d in
      status(d).contains("rows ~") && d.screen.lines.contains { $0.contains(" \(rows) ") }
    }
    report.add("postgres.jump.last", "waterfall: G to the last screen of \(rows.grouped) rows (the last page read backward)",
               last.map { Measure.seconds($0 - start) * 1000 } ?? .nan, "ms", note: last == nil ? "not shown in 120 s: \(status(driver).trimmed.prefix(60))" : nil)
    guard last != nil else { return }
    driver.settle(quiet: .milliseconds(300), timeout: .seconds(10))
    let from = StatusPosition(parsing: status(driver))?.index ?? 0
    var position = from
    start = driver.elapsed
    let pageUp = TerminalKeys.text("\u{1B}[5~")
    while from - position < scrolled, driver.elapsed - start < .seconds(600), !driver.closed {
      for _ in 0..<20 { driver.send(pageUp) }
      driver.settle(quiet: .milliseconds(50), timeout: .seconds(10))
      position = StatusPosition(parsing: status(driver))?.index ?? position
    }
    let memory = driver.memory()
    log("postgres: scrolled up \((from - position).grouped) rows from the end in \(format(Measure.seconds(driver.elapsed - start))) s")
    report.add("postgres.jump.memory", "waterfall: resident memory after G and scrolling up \((from - position).grouped) rows",
               memory.map { Double($0.resident) / 1_048_576 } ?? .nan, "MiB",
               note: from - position < scrolled ? "stopped \((from - position).grouped) rows up" : memory.map { "peak \($0.peakResident / 1_048_576) MiB" })
  }

  private func format(_ value: Double) -> String {
    value.isFinite ? String((value * 10).rounded() / 10) : "-"
  }
}
