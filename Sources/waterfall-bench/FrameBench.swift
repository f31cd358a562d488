import WaterfallApp
import WaterfallLayout
import WaterfallView

/// What one frame costs the main thread at 200x60 on the shop cards, in
/// process: a Down key handled and the screen drawn into memory, 400 times
/// (`waterfall-bench search --parts frame`). The terminal's own part (comparing
/// rows with the frame before and writing what changed) is not in it.
///
/// ```swift
/// FrameBench(log: log).run(browser, screen: screen, into: &report)
/// ```
struct FrameBench {
  var log: (String) -> Void
  var keys = 400

  func run(_ browser: Browser, screen: CellBuffer, into report: inout Report) {
    let clock = ContinuousClock()
    browser.draw(in: screen)
    var frames: [Double] = []
    for _ in 0..<keys {
      let start = clock.now
      _ = browser.handle(.key(.down))
      browser.draw(in: screen)
      frames.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
    }
    let p50 = Measure.percentile(frames, 50)
    let p99 = Measure.percentile(frames, 99)
    log("frame: Down and a 200x60 draw in memory: p50 \(p50) ms, p99 \(p99) ms")
    report.add("frame.down.p50", "a frame: Down and a draw of 200x60 shop cards in memory, p50 of \(keys)", p50, "ms")
    report.add("frame.down.p99", "a frame: Down and a draw of 200x60 shop cards in memory, p99", p99, "ms")
  }
}
