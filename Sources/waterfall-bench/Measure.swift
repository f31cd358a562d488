/// Timing helpers: every figure is the median of several runs, so one slow run on
/// a busy machine does not decide it.
enum Measure {
  /// The median duration of `runs` calls of `body`, in seconds.
  static func median(runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
      let elapsed = clock.measure(body)
      samples.append(seconds(elapsed))
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  static func seconds(_ duration: Duration) -> Double {
    let (s, attoseconds) = duration.components
    return Double(s) + Double(attoseconds) / 1e18
  }

  /// The p-th percentile (0-100) of `samples`.
  static func percentile(_ samples: [Double], _ p: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
    return sorted[min(sorted.count - 1, max(0, rank))]
  }
}

/// Keeps a value alive and opaque to the optimiser, so measured work is not removed.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
