import WaterfallLayout

/// The layout core's figures: prepare, query and append at 10k to 1M items, each
/// beside the scanning baseline.
struct LayoutBench {
  static func heights(_ count: Int, seed: UInt64 = 42) -> [Int] {
    var g = BenchGenerator(seed: seed)
    return (0..<count).map { _ in Int(g.next() % 14) + 4 }
  }

  static func run(into report: inout Report, quick: Bool) {
    let counts = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
    let width = 200

    for columns in [3, 8] {
      var queried: [(count: Int, layout: WaterfallLayout, heights: [Int])] = []
      for count in counts {
        let heights = heights(count)
        let source = FixedLayoutSource(heights: heights)
        let layout = WaterfallLayout(columnCount: columns, columnSpacing: 1, rowSpacing: 1)
        let prepare = Measure.median(runs: count >= 1_000_000 ? 5 : 9) {
          layout.prepare(width: width, source: source)
        }
        let tag = "\(label(count)).\(columns)col"
        let aim = count == 1_000_000 ? "< 100 ms" : nil
        report.add("layout.prepare.\(tag)", "prepare \(label(count)) items, \(columns) columns", prepare * 1e3, "ms",
                   aim: aim, met: aim.map { _ in prepare < 0.1 })
        if columns == 3 { queried.append((count, layout, heights)) }
      }
      guard columns == 3 else { continue }
      queryFigures(into: &report, layouts: queried, width: width)
      if let largest = queried.last {
        appendFigures(into: &report, count: largest.count, columns: columns, heights: largest.heights)
        let bytes = Double(largest.layout.memoryFootprint) / Double(largest.count)
        report.add("layout.bytesPerItem", "layout memory per item", bytes, "bytes", aim: "≤ 13", met: bytes <= 13)
      }
    }
  }

  /// Queries for a 200x60 viewport at random offsets, at every size, beside the
  /// scanning baseline.
  ///
  /// The sizes are measured in turns, round after round, and each figure is the
  /// median of its 15 rounds' samples: the aim compares the query at 1m with the
  /// query at 10k, so both must be measured under the same load. (Measured one
  /// after the other, seconds apart, a compiler starting on the other core in
  /// between could decide the ratio.) Each timed pass follows an untimed pass over
  /// the same offsets, so every size is measured as warm as it would be alone.
  static func queryFigures(
    into report: inout Report, layouts: [(count: Int, layout: WaterfallLayout, heights: [Int])], width: Int
  ) {
    let offsets = layouts.map { entry in
      var g = BenchGenerator(seed: 9)
      let height = entry.layout.contentSize.height
      return (0..<2_000).map { _ in Int(g.next() % UInt64(max(1, height - 60))) }
    }
    var samples = [[Double]](repeating: [], count: layouts.count)
    var found = 0
    let clock = ContinuousClock()
    for _ in 0..<15 {
      for (index, entry) in layouts.enumerated() {
        func query(_ batch: ArraySlice<Int>) {
          for y in batch {
            found &+= entry.layout.attributes(in: Rect(x: 0, y: y, width: width, height: 60)).count
          }
        }
        query(offsets[index][...])
        // Timed in batches of 100 queries (a few hundred µs each), so that being
        // descheduled spoils a few samples, which the median drops, rather than a
        // whole pass.
        for start in stride(from: 0, to: offsets[index].count, by: 100) {
          let batch = offsets[index][start..<min(start + 100, offsets[index].count)]
          let elapsed = clock.measure { query(batch) }
          samples[index].append(Measure.seconds(elapsed) / Double(batch.count))
        }
      }
    }
    blackHole(found)
    let queryAt10k = layouts.firstIndex { $0.count == 10_000 }.map { Measure.percentile(samples[$0], 50) } ?? .nan
    for (index, entry) in layouts.enumerated() {
      let count = entry.count
      let query = Measure.percentile(samples[index], 50)
      var baseline = ScanBaseline()
      baseline.prepare(width: width, columns: 3, heights: entry.heights)
      let scanOffsets = Array(offsets[index].prefix(count >= 1_000_000 ? 20 : 200))
      let scan = Measure.median(runs: 3) {
        for y in scanOffsets { found &+= baseline.attributes(in: Rect(x: 0, y: y, width: width, height: 60)).count }
      } / Double(scanOffsets.count)
      blackHole(found)
      report.add("layout.query.\(label(count))", "query 200x60 at \(label(count)) items", query * 1e6, "µs",
                 aim: count == 1_000_000 ? "≤ 2x the query at 10k" : nil,
                 met: count == 1_000_000 ? query <= 2 * queryAt10k : nil)
      report.add("layout.query.\(label(count)).scan", "  baseline: scan every frame", scan * 1e6, "µs")
      report.add("layout.query.\(label(count)).ratio", "  scan / query", scan / query, "x",
                 aim: count == 1_000_000 ? "≥ 1000x" : nil,
                 met: count == 1_000_000 ? scan / query >= 1000 : nil)
    }
  }

  static func appendFigures(into report: inout Report, count: Int, columns: Int, heights: [Int]) {
    let extra = 1_000
    let all = heights + LayoutBench.heights(extra * 10, seed: 7)
    let layout = WaterfallLayout(columnCount: columns, columnSpacing: 1, rowSpacing: 1)
    layout.prepare(width: 200, source: FixedLayoutSource(heights: heights))
    let grown = FixedLayoutSource(heights: all)
    var samples: [Double] = []
    let clock = ContinuousClock()
    for step in 0..<10 {
      let partial = FixedLayoutSource(heights: Array(all.prefix(count + extra * (step + 1))))
      samples.append(Measure.seconds(clock.measure {
        layout.appendItems(count: extra, toSection: 0, source: partial)
      }))
    }
    let append = Measure.percentile(samples, 50)
    var baseline = ScanBaseline()
    let target = Array(all.prefix(count + extra))
    let recompute = Measure.median(runs: 3) {
      baseline.prepare(width: 200, columns: columns, heights: target)
    }
    blackHole(grown)
    report.add("layout.append", "append 1,000 to \(label(count))", append * 1e6, "µs")
    report.add("layout.append.recompute", "  baseline: recompute everything", recompute * 1e6, "µs")
    report.add("layout.append.ratio", "  recompute / append", recompute / append, "x", aim: "≥ 100x",
               met: recompute / append >= 100)
  }

  static func label(_ count: Int) -> String {
    count >= 1_000_000 ? "\(count / 1_000_000)m" : "\(count / 1_000)k"
  }
}

/// SplitMix64, so every run measures the same items.
struct BenchGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
