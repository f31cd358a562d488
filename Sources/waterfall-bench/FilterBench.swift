#if canImport(Glibc)
  import Glibc
#endif

/// `waterfall --filter` against `fzf --filter` on the same JSON Lines file and
/// the same query (`waterfall-bench filter`): each program run to its end with
/// its output read from a pipe (the matches counted), the median of three runs'
/// wall-clock time, and the CPU time it used (user + system, which a busy
/// machine inflates less). fzf is run as it is by default (its matches sorted
/// by score) and with `--no-sort` (in the input's order, as waterfall prints).
/// `grep -c -i` is the byte scan beside them: the query as a regular expression
/// (`w.*o.*o.*l` for fzf's fuzzy `wool`, `-F wool` for the exact `'wool`), which
/// prints only its count.
///
/// ```swift
/// FilterBench(path: "bench-data/shops-1m.jsonl", waterfall: ".build/release/waterfall", log: log).run(into: &report)
/// ```
struct FilterBench {
  var path: String
  var waterfall: String
  var log: (String) -> Void
  var runs = 3
  /// Whether fzf is measured too (`--no-others`: only waterfall).
  var withOthers = true

  static let queries = ["wool", "'wool"]

  /// One program's run: wall-clock seconds, CPU seconds, lines printed, status.
  struct Run {
    var seconds: Double
    var cpu: Double
    var lines: Int
    var status: Int32
  }

  func run(into report: inout Report) {
    guard access(waterfall, X_OK) == 0 else {
      log("no \(waterfall): build it first (swift build -c release --product waterfall)")
      report.add("filter.waterfall.missing", "waterfall binary", .nan, "", note: "\(waterfall) not built")
      return
    }
    let fzf = withOthers ? ScaleSubject.findExecutable("fzf") : nil
    if withOthers, fzf == nil { log("fzf is not installed: its --filter figures are left out") }
    let grep = withOthers ? ScaleSubject.findExecutable("grep") : nil
    for query in Self.queries {
      let subjects: [(key: String, label: String, argv: [String], stdin: String?)] =
        [("waterfall", "waterfall --filter", [waterfall, "--filter", query, path], nil)]
        + (grep.map { grep in [("grep", "grep -c -i", [grep, "-c", "-i"] + Self.grepPattern(query) + [path], nil)] } ?? [])
        + (fzf.map { fzf in
          [
            ("fzf", "fzf --filter", [fzf, "--filter", query], path),
            ("fzf-nosort", "fzf --filter --no-sort", [fzf, "--filter", query, "--no-sort"], path),
          ]
        } ?? [])
      for subject in subjects {
        var samples: [Run] = []
        for _ in 0..<runs {
          guard let run = Self.time(subject.argv, stdin: subject.stdin) else { break }
          samples.append(run)
        }
        guard !samples.isEmpty else {
          report.add("filter.\(subject.key).\(query)", "\(subject.label) '\(query)', 1M items", .nan, "s", note: "could not run")
          continue
        }
        let median = samples.sorted { $0.seconds < $1.seconds }[samples.count / 2]
        let matches = subject.key == "grep" ? "a count" : "\(median.lines) matches"
        log("filter: \(subject.label) '\(query)': \(format(median.seconds)) s (CPU \(format(median.cpu)) s), \(matches), status \(median.status)")
        report.add(
          "filter.\(subject.key).\(query)", "\(subject.label) '\(query)', 1M items: wall clock, median of \(samples.count) (\(matches))",
          median.seconds, "s")
        report.add("filter.\(subject.key).\(query).cpu", "  CPU time it used (user + system)", median.cpu, "s")
      }
    }
  }

  /// grep's arguments for one of `queries`: an exact term (`'wool`) as a fixed
  /// string, a fuzzy one as its letters in order with anything between.
  static func grepPattern(_ query: String) -> [String] {
    if query.hasPrefix("'") { return ["-F", String(query.dropFirst())] }
    return ["-e", query.map { String($0) }.joined(separator: ".*")]
  }

  /// Runs `argv` to its end (standard input from `stdin`, else nothing), its
  /// output counted from a pipe; nil when it cannot be started.
  static func time(_ argv: [String], stdin: String?) -> Run? {
    var pipeFDs: [Int32] = [0, 0]
    guard pipe(&pipeFDs) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
    posix_spawn_file_actions_addclose(&actions, pipeFDs[1])
    // A plain environment: no FZF_DEFAULT_OPTS nor WATERFALL_DEFAULT_OPTS.
    let environment = TerminalDriver.environment()
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let cArgv = argv.map { strdup($0) } + [nil]
    let cEnv = environment.map { strdup($0) } + [nil]
    defer {
      for p in cArgv { free(p) }
      for p in cEnv { free(p) }
    }
    guard posix_spawn(&pid, argv[0], &actions, nil, cArgv, cEnv) == 0 else {
      close(pipeFDs[0])
      close(pipeFDs[1])
      return nil
    }
    close(pipeFDs[1])
    var lines = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = read(pipeFDs[0], &buffer, buffer.count)
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      for byte in buffer[0..<n] where byte == 0x0A { lines += 1 }
    }
    close(pipeFDs[0])
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
    let seconds = Measure.seconds(start.duration(to: clock.now))
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    return Run(seconds: seconds, cpu: cpu, lines: lines, status: (status >> 8) & 0xFF)
  }

  private func format(_ value: Double) -> String {
    String(Double(Int((value * 100).rounded())) / 100)
  }
}
