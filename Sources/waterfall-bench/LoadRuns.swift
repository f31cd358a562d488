/// One program's first screen and whole load on one file, over several runs:
/// the median is the figure, and the fastest and slowest are said beside it.
///
/// On a shared two-core machine one run's whole load can be a fifth off the
/// next one's, with the same work (the CPU time moves as much), so a single run
/// cannot say whether a one-second aim is met.
///
/// ```swift
/// var runs = LoadRuns()
/// runs.add(LoadRuns.Run(first: .milliseconds(48), load: .milliseconds(910)))
/// runs.add(LoadRuns.Run(first: .milliseconds(52), load: .milliseconds(870)))
/// runs.add(LoadRuns.Run(first: .milliseconds(50), load: nil))
/// runs.median(\.loadSeconds)                  // 0.89 (of the two that reached it)
/// runs.spread(\.loadSeconds, unit: "s")      // "median of 2 runs (1 of 3 not reached), 0.87-0.91 s"
/// ```
struct LoadRuns {
  /// What one run reached, and the CPU time the program had used by then.
  struct Run {
    var first: Duration?
    var firstCPU: Double?
    var load: Duration?
    var loadCPU: Double?

    init(first: Duration?, firstCPU: Double? = nil, load: Duration?, loadCPU: Double? = nil) {
      self.first = first
      self.firstCPU = firstCPU
      self.load = load
      self.loadCPU = loadCPU
    }

    var firstMilliseconds: Double? { first.map { Measure.seconds($0) * 1e3 } }
    var loadSeconds: Double? { load.map(Measure.seconds) }
  }

  private(set) var runs: [Run] = []

  mutating func add(_ run: Run) {
    runs.append(run)
  }

  /// The median of `value` over the runs that have one (the mean of the two
  /// middle ones for an even count), or nil when none has.
  func median(_ value: (Run) -> Double?) -> Double? {
    let values = runs.compactMap(value).sorted()
    guard !values.isEmpty else { return nil }
    let middle = values.count / 2
    return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
  }

  /// How many runs the median is of and how far apart they were, for the
  /// figure's note; nil for a single run that reached it.
  func spread(_ value: (Run) -> Double?, unit: String) -> String? {
    let values = runs.compactMap(value).sorted()
    guard let low = values.first, let high = values.last, runs.count > 1 else { return nil }
    let missing = runs.count - values.count
    let reached = missing == 0 ? "" : " (\(missing) of \(runs.count) not reached)"
    return "median of \(values.count) run\(values.count == 1 ? "" : "s")\(reached), \(Self.format(low))-\(Self.format(high)) \(unit)"
  }

  private static func format(_ value: Double) -> String {
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return digits == 0 ? String(Int(rounded)) : String(rounded)
  }
}
