// waterfall-bench: the figures `make bench` prints and the README quotes.
//
//   waterfall-bench [GROUP] [--json] [--quick] [--only GROUP] [--items N]
//                   [--data DIR] [--waterfall PATH] [--programs LIST] [--no-others]
//                   [--load-runs N] [--show-screens] [--timeout S] [--stdin-seconds S] [--line-mb N]
//
//   GROUP        layout, view, scale, memory, images, search, relayout, symbols, stdin, filter,
//                feed or postgres (all twelve when none is given), or data (only generate the
//                scale benchmark's files)
//   --json       one JSON object with every figure, instead of the table
//   --quick      fewer items and runs (the scale part: 100,000 items)
//   --items N    items in the scale benchmark's files (default 1,000,000)
//   --data DIR   where those files are kept (default bench-data, outside git)
//   --waterfall  the binary the scale part drives (default .build/release/waterfall)
//   --programs   which programs the scale part measures, comma-separated
//                (default waterfall,less,fzf)
//   --no-others  only waterfall: --programs waterfall (and no fzf in the search and filter groups)
//   --files      which files the scale part opens, comma-separated: jsonl, json,
//                wrapped (an array inside an object), csv, sqlite (default: all)
//   --parts      which parts of the search group run, comma-separated: passes, frame, search, sort,
//                terminal (the real programs in a pseudo-terminal; default: all); of the
//                relayout group: text, groups, heights; of the images group: pictures (the 500
//                generated ones), photos (35 12-MP JPEGs, first and second open, beside timg)
//   --load-runs N  times the scale part starts each program on each file for its first
//                screen and whole load (default 3; --quick 1): the median is reported,
//                with the fastest and slowest beside it
//   --show-screens  log the screen before and after each counted step
//   --no-answers the scale part's pseudo-terminal answers no query (a terminal
//                or link that answers nothing; by default it answers DA1)
//   --timeout S  wait at most S seconds for a first screen and 2S for the whole
//                load (default 90 and 180); what is not reached is reported so
//   --stdin-seconds S  how long the stdin part reads `yes` before reading its
//                memory (default 60; a shorter run is for trying things out)
//   --line-mb N  the size of the stdin part's long line (default 200)
//   --memory-items LIST  the item counts of the memory part's JSON Lines files, comma-separated
//                (default 1000000,10000000; --quick 100000); the 10M file is 3.5 GB, made once in DIR
//   --pg-rows N  the rows of the postgres part's table (default 10,000,000; --quick 1,000,000);
//                its cluster is kept in DIR/postgres (made once) and started and stopped by the bench
//
// Run it from a release build (`make bench`); a debug build measures the debugger's
// checks, not the code. Progress goes to standard error.
#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { i in i + 1 < arguments.count ? arguments[i + 1] : nil }
}
func log(_ message: String) {
  var bytes = Array("waterfall-bench: \(message)\n".utf8)
  _ = write(2, &bytes, bytes.count)
}

let groups = ["layout", "view", "scale", "memory", "images", "search", "relayout", "symbols", "stdin", "filter", "feed", "postgres", "data"]
let valueOptions: Set = [
  "--only", "--items", "--data", "--waterfall", "--programs", "--files", "--parts", "--timeout",
  "--stdin-seconds", "--line-mb", "--pg-rows", "--memory-items", "--load-runs",
]
let flagOptions: Set = ["--json", "--quick", "--no-others", "--show-screens", "--no-answers"]
let usage = """
  usage: waterfall-bench [GROUP] [--json] [--quick] [--only GROUP] [--items N] [--data DIR]
                         [--waterfall PATH] [--programs LIST] [--no-others] [--files LIST]
                         [--parts LIST] [--load-runs N] [--show-screens] [--no-answers] [--timeout S]
                         [--stdin-seconds S]
                         [--line-mb N] [--pg-rows N] [--memory-items LIST]
  GROUP: \(groups.joined(separator: ", ")) (all but data when none is given).
  The options are described at the top of Sources/waterfall-bench/main.swift.
  """
if arguments.contains("--help") || arguments.contains("-h") {
  print(usage)
  exit(0)
}
// A word the bench does not know stops it: a typo must not start an hour of benchmarks.
var position = 0
var groupSeen = false
while position < arguments.count {
  let word = arguments[position]
  if valueOptions.contains(word) {
    guard position + 1 < arguments.count else {
      log("\(word) needs a value\n\(usage)")
      exit(2)
    }
    position += 2
  } else if flagOptions.contains(word) {
    position += 1
  } else if !groupSeen, groups.contains(word) {
    groupSeen = true
    position += 1
  } else {
    log("unknown argument \(word)\n\(usage)")
    exit(2)
  }
}
let wantsJSON = arguments.contains("--json")
let quick = arguments.contains("--quick")
let only = option("--only") ?? arguments.first { groups.contains($0) }
if let only, !groups.contains(only) {
  log("unknown group \(only): use one of \(groups.joined(separator: ", "))")
  exit(2)
}
let itemCount = option("--items").flatMap { Int($0) } ?? (quick ? 100_000 : 1_000_000)
let dataDirectory = option("--data") ?? "bench-data"

var report = Report(machine: MachineDescription.current())
func wanted(_ group: String) -> Bool { only == nil || only == group }

func benchData(jsonLinesOnly: Bool = false) -> BenchData? {
  do {
    return try BenchData.ensure(directory: dataDirectory, count: itemCount, jsonLinesOnly: jsonLinesOnly, log: log)
  } catch {
    log("\(error)")
    return nil
  }
}

if only == "data" {
  exit(benchData() == nil ? 1 : 0)
}
if wanted("layout") { LayoutBench.run(into: &report, quick: quick) }
if wanted("view") { ViewBench.run(into: &report, quick: quick) }
if wanted("scale") {
  var settings = ScaleBench.Settings(waterfall: option("--waterfall") ?? ".build/release/waterfall")
  if let list = option("--programs") { settings.programs = Set(list.split(separator: ",").map(String.init)) }
  if arguments.contains("--no-others") { settings.programs = ["waterfall"] }
  if let list = option("--files") { settings.files = Set(list.split(separator: ",").map(String.init)) }
  if let runs = option("--load-runs").flatMap(Int.init), runs > 0 { settings.loadRuns = runs }
  settings.showScreens = arguments.contains("--show-screens")
  settings.terminalAnswers = !arguments.contains("--no-answers")
  if let seconds = option("--timeout").flatMap(Int.init), seconds > 0 {
    settings.firstScreenTimeout = .seconds(seconds)
    settings.loadTimeout = .seconds(2 * seconds)
  }
  settings.log = log
  if quick {
    settings.repeats = 3
    settings.pressScale = 0.2
    if option("--load-runs") == nil { settings.loadRuns = 1 }
  }
  if settings.programs.contains("waterfall"), access(settings.waterfall, X_OK) != 0 {
    log("no \(settings.waterfall): build it first (swift build -c release --product waterfall)")
    report.add("scale.waterfall.missing", "waterfall binary", .nan, "", note: "\(settings.waterfall) not built")
  } else if let data = benchData() {
    ScaleBench(data: data, settings: settings).run(into: &report)
  }
}

if wanted("memory") {
  var settings = MemoryBench.Settings(waterfall: option("--waterfall") ?? ".build/release/waterfall", data: dataDirectory)
  if let list = option("--memory-items") {
    settings.counts = list.split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
  } else if quick {
    settings.counts = [100_000]
  }
  settings.log = log
  MemoryBench(settings: settings).run(into: &report)
}

if wanted("search"), let data = benchData(jsonLinesOnly: true) {
  var bench = SearchBench(path: data.jsonLines, log: log)
  if let list = option("--parts") { bench.parts = Set(list.split(separator: ",").map(String.init)) }
  if let binary = option("--waterfall") { bench.waterfall = binary }
  bench.withOthers = !arguments.contains("--no-others")
  bench.run(into: &report)
}

if wanted("filter"), let data = benchData(jsonLinesOnly: true) {
  var bench = FilterBench(path: data.jsonLines, waterfall: option("--waterfall") ?? ".build/release/waterfall", log: log)
  bench.withOthers = !arguments.contains("--no-others")
  bench.run(into: &report)
}

if wanted("relayout"), let data = benchData(jsonLinesOnly: true) {
  var bench = RelayoutBench(path: data.jsonLines, log: log)
  if let list = option("--parts") { bench.parts = Set(list.split(separator: ",").map(String.init)) }
  bench.run(into: &report)
}

if wanted("images") {
  let parts = option("--parts").map { Set($0.split(separator: ",").map(String.init)) }
  if parts?.contains("pictures") ?? true {
    ImageBench(
      folder: dataDirectory + "/pictures", waterfall: option("--waterfall") ?? ".build/release/waterfall", log: log
    ).run(into: &report, quick: quick)
  }
  if parts?.contains("photos") ?? true {
    PhotoBench(
      folder: dataDirectory + "/photos", waterfall: option("--waterfall") ?? ".build/release/waterfall", log: log
    ).run(into: &report)
  }
}

if wanted("symbols") { SymbolBench(log: log).run(into: &report, quick: quick) }

if wanted("stdin") {
  var settings = StdinBench.Settings(waterfall: option("--waterfall") ?? ".build/release/waterfall", data: dataDirectory)
  if let seconds = option("--stdin-seconds").flatMap(Int.init), seconds > 0 { settings.seconds = seconds }
  if let size = option("--line-mb").flatMap(Int.init), size > 0 { settings.lineMegabytes = size }
  settings.log = log
  StdinBench(settings: settings).run(into: &report)
}

if wanted("feed") {
  var settings = FeedBench.Settings(waterfall: option("--waterfall") ?? ".build/release/waterfall")
  settings.log = log
  FeedBench(settings: settings).run(into: &report)
}

if wanted("postgres") {
  let rows = option("--pg-rows").flatMap { Int($0) } ?? (quick ? 1_000_000 : 10_000_000)
  PostgresBench(data: dataDirectory, rows: rows, waterfall: option("--waterfall") ?? ".build/release/waterfall", log: log)
    .run(into: &report)
}

if wantsJSON {
  print(report.json())
} else {
  print("waterfall-bench on \(report.machine)\n")
  print(report.table())
}
