#if canImport(Glibc)
  import Glibc
#endif

/// The benchmark's large data files, generated once into `bench-data/` (outside
/// git) and reused while they exist.
///
/// `shops-1m.jsonl` holds 1,000,000 shop items, one compact object a line;
/// `shops-1m.json` the same items as one JSON array, indented by two as
/// `Data/shops/1.json` is; `shops-1m-wrapped.json` that array inside an object
/// (`{"meta": {…}, "items": [...]}`); `shops-1m.csv` the items as CSV rows (tags
/// joined by spaces); `shops-1m.db` the rows of a SQLite table. Both come from ``ShopsGenerator`` with a fixed seed, so
/// every run and every machine measures the same bytes. A file is written under a
/// temporary name and renamed when complete, so an interrupted run never leaves a
/// half file that a later run would take as done.
///
/// ```swift
/// let data = try BenchData.ensure(directory: "bench-data", count: 1_000_000)
/// data.jsonLines   // "bench-data/shops-1m.jsonl"
/// ```
struct BenchData {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The JSON Lines file.
  var jsonLines: String
  /// The JSON array file.
  var jsonArray: String
  /// The array inside an object, the CSV file and the SQLite file.
  var wrappedJSON: String
  var csv: String
  var sqlite: String
  var itemCount: Int

  /// Every file, by the name `--files` gives it.
  var files: [(name: String, path: String)] {
    [("jsonl", jsonLines), ("json", jsonArray), ("wrapped", wrappedJSON), ("csv", csv), ("sqlite", sqlite)]
  }

  static let seed: UInt64 = 20_260_314

  /// The two files for `count` items in `directory`, written first if either is
  /// missing; `log` hears what is being done.
  /// With `jsonLinesOnly`, only the JSON Lines file is needed: it alone is
  /// written when missing (the search bench reads nothing else).
  static func ensure(directory: String, count: Int, jsonLinesOnly: Bool = false, log: (String) -> Void) throws(Failure) -> BenchData {
    let tag = tag(count)
    let data = BenchData(
      jsonLines: "\(directory)/shops-\(tag).jsonl", jsonArray: "\(directory)/shops-\(tag).json",
      wrappedJSON: "\(directory)/shops-\(tag)-wrapped.json", csv: "\(directory)/shops-\(tag).csv",
      sqlite: "\(directory)/shops-\(tag).db", itemCount: count)
    if data.files.allSatisfy({ access($0.path, R_OK) == 0 }) { return data }
    if jsonLinesOnly, access(data.jsonLines, R_OK) == 0 { return data }
    if mkdir(directory, 0o755) != 0, errno != EEXIST {
      throw Failure(description: "cannot create \(directory): \(String(cString: strerror(errno)))")
    }
    if jsonLinesOnly {
      log("generating \(count) items into \(data.jsonLines)…")
      try writeJSONLines(data, count: count)
      return data
    }
    log("generating \(count) items into \(data.files.map(\.path).joined(separator: ", "))…")
    let clock = ContinuousClock()
    let start = clock.now
    try write(data, count: count)
    log("generated in \(Measure.seconds(start.duration(to: clock.now)).rounded()) s")
    return data
  }

  /// What the files for `count` items are named by: `1m`, `100k`, `1234`.
  static func tag(_ count: Int) -> String {
    count % 1_000_000 == 0 ? "\(count / 1_000_000)m" : count % 1_000 == 0 ? "\(count / 1_000)k" : "\(count)"
  }

  /// Writes the JSON Lines file alone (the same items as ``write(_:count:)``'s).
  private static func writeJSONLines(_ data: BenchData, count: Int) throws(Failure) {
    let lines = try OutputFile(path: data.jsonLines + ".partial")
    var generator = ShopsGenerator(seed: seed)
    var line: [UInt8] = []
    for id in 1...count {
      line.removeAll(keepingCapacity: true)
      ShopValue.appendObject(generator.item(id: id), pretty: false, to: &line)
      line.append(0x0A)
      try lines.append(line)
    }
    try lines.finish(renamingTo: data.jsonLines)
  }

  /// Writes every file in one pass over the items.
  private static func write(_ data: BenchData, count: Int) throws(Failure) {
    let lines = try OutputFile(path: data.jsonLines + ".partial")
    let array = try OutputFile(path: data.jsonArray + ".partial")
    let wrapped = try OutputFile(path: data.wrappedJSON + ".partial")
    let csv = try OutputFile(path: data.csv + ".partial")
    let database = try BenchDatabase(path: data.sqlite + ".partial")
    var generator = ShopsGenerator(seed: seed)
    var line: [UInt8] = []
    var pretty: [UInt8] = []
    var row: [UInt8] = []
    try array.append(Array("[\n".utf8))
    try wrapped.append(Array("{\n  \"meta\": {\"source\": \"waterfall-bench\", \"seed\": \(seed)},\n  \"items\": [\n".utf8))
    for id in 1...count {
      let fields = generator.item(id: id)
      line.removeAll(keepingCapacity: true)
      pretty.removeAll(keepingCapacity: true)
      ShopValue.appendObject(fields, pretty: false, to: &line)
      ShopValue.appendObject(fields, pretty: true, to: &pretty)
      line.append(0x0A)
      pretty.append(contentsOf: id == count ? [0x0A] : [UInt8(ascii: ","), 0x0A])
      try lines.append(line)
      try array.append(pretty)
      try wrapped.append(pretty)
      if id == 1 { try csv.append(Array((fields.map(\.key).joined(separator: ",") + "\n").utf8)) }
      row.removeAll(keepingCapacity: true)
      ShopValue.appendCSVRow(fields, to: &row)
      try csv.append(row)
      try database.insert(fields)
    }
    try array.append(Array("]\n".utf8))
    try wrapped.append(Array("  ]\n}\n".utf8))
    try lines.finish(renamingTo: data.jsonLines)
    try array.finish(renamingTo: data.jsonArray)
    try wrapped.finish(renamingTo: data.wrappedJSON)
    try csv.finish(renamingTo: data.csv)
    try database.finish(renamingTo: data.sqlite)
  }

  /// Reads the file at `path` once, so that a run after it reads the page
  /// cache, not the disk: a machine short of memory drops a file's pages between
  /// runs (this one reclaims cold pages on its own), and a run that reads them
  /// from the disk measures the disk.
  static func warm(_ path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 23)
    while buffer.withUnsafeMutableBytes({ read(fd, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// The lines of the file at `path`: its newlines, and a last line without one
  /// (a JSON Lines file's items; fzf's entries of any file); 0 when it cannot be read.
  static func lineCount(of path: String) -> Int {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 23)
    var lines = 0
    var last: UInt8 = 0x0A
    while true {
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n <= 0 { break }
      for byte in buffer[0..<n] where byte == 0x0A { lines += 1 }
      last = buffer[n - 1]
    }
    return last == 0x0A ? lines : lines + 1
  }

  /// The size of the file at `path` in bytes, or 0 when it cannot be read.
  static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }
}
