import WaterfallApp

#if canImport(Glibc)
  import Glibc
#endif

/// Whole search passes over a million items by the search workers alone (2
/// lanes), with the compact search texts off (every pass reads the items'
/// JSON), being built (the first pass), and built: each pass's wall time and
/// the CPU time the process spent on it, a figure a busy machine does not
/// inflate (`waterfall-bench search --parts passes`).
///
/// It runs before the search part makes a browser, so no other thread of the
/// process (card heights, layout) works meanwhile.
struct SearchPassBench {
  var log: (String) -> Void

  /// One pass: its wall and CPU milliseconds and its matches.
  struct Pass {
    var wall: Double
    var cpu: Double
    var matches: [Int]
  }

  func run(_ store: ItemStore, into report: inout Report) {
    let all = SearchCandidates.range(0..<store.count)
    store.limitSearchTexts(toBytes: 1)
    let offFirst = pass("w", store, all)
    let offWhole = pass("wool", store, all)
    let offExact = pass("'wool", store, all)
    let offNarrowed = pass("wool", store, .list(pass("woo", store, all).matches))
    store.limitSearchTexts(toBytes: SearchTextCache.defaultBudget)
    let building = pass("w", store, all)
    let texts = store.searchTexts
    let perItem = Double(texts.bytesUsed) / Double(max(1, texts.itemsHeld))
    let builtFirst = pass("w", store, all)
    let builtWhole = pass("wool", store, all)
    let builtExact = pass("'wool", store, all)
    let builtNarrowed = pass("wool", store, .list(pass("woo", store, all).matches))
    let same = offWhole.matches == builtWhole.matches && offExact.matches == builtExact.matches
      && offFirst.matches == building.matches && offNarrowed.matches == builtNarrowed.matches
    log("search passes: compact texts \(texts.itemsHeld) items, \(Int(perItem)) bytes an item; same matches: \(same)")
    let note = same ? nil : "matches differ from the JSON path"
    func add(_ key: String, _ label: String, _ p: Pass) {
      report.add("search.pass.\(key)", "search pass, workers alone: \(label) (\(p.matches.count) matches)", p.wall, "ms", note: note)
      report.add("search.pass.\(key).cpu", "search pass, workers alone: \(label), CPU time", p.cpu, "ms", note: note)
    }
    add("json.w", "'w' over 1M, reading the JSON (before)", offFirst)
    add("json.wool", "'wool' over 1M, reading the JSON (before)", offWhole)
    add("json.exact", "''wool' over 1M, reading the JSON (before)", offExact)
    add("json.narrowed", "'wool' over the matches of 'woo', reading the JSON (before)", offNarrowed)
    add("build.w", "'w' over 1M, building the compact texts", building)
    add("compact.w", "'w' over 1M, compact texts built", builtFirst)
    add("compact.wool", "'wool' over 1M, compact texts built", builtWhole)
    add("compact.exact", "''wool' over 1M, compact texts built", builtExact)
    add("compact.narrowed", "'wool' over the matches of 'woo', compact texts built", builtNarrowed)
    report.add("search.texts.item", "compact search text kept per item (\(texts.itemsHeld) items)", perItem, "bytes")
    // The typed search after this part starts as a session's first search does.
    store.limitSearchTexts(toBytes: SearchTextCache.defaultBudget)
  }

  /// Searches `text` among `candidates` on two background lanes, to the end.
  func pass(_ text: String, _ store: ItemStore, _ candidates: SearchCandidates) -> Pass {
    let engine = SearchEngine(workers: 2, mode: .background(wake: {}))
    let clock = ContinuousClock()
    let cpuStart = ProcessTimes.read(pid: getpid())?.total ?? .nan
    let start = clock.now
    engine.start(SearchQuery(text), in: store.itemTexts, candidates: candidates)
    var matches: [Int] = []
    while true {
      if let batch = engine.take() {
        matches += batch.matches
        if batch.finished { break }
      } else {
        usleep(200)
      }
    }
    let wall = Measure.seconds(start.duration(to: clock.now)) * 1000
    let cpu = ((ProcessTimes.read(pid: getpid())?.total ?? .nan) - cpuStart) * 1000
    log("search passes: '\(text)' over \(candidates.count): \(matches.count) matches, \(Int(wall)) ms, CPU \(Int(cpu)) ms")
    return Pass(wall: wall, cpu: cpu, matches: matches)
  }
}
