import WaterfallApp
import WaterfallImages
import WaterfallLayout
import WaterfallView

/// What one frame costs the main thread at 200x60 on the shop cards, in
/// process: a Down key handled and the screen drawn into memory, 400 times
/// (`waterfall-bench search --parts frame`), then again with pictures that are
/// not there. The terminal's own part (comparing rows with the frame before and
/// writing what changed) is not in it.
///
/// ```swift
/// FrameBench(log: log).run(browser, screen: screen, into: &report)
/// ```
struct FrameBench {
  var log: (String) -> Void
  var keys = 400

  func run(_ browser: Browser, screen: CellBuffer, into report: inout Report) {
    let frames = downs(browser, screen: screen, pictures: nil)
    let p50 = Measure.percentile(frames, 50)
    let p99 = Measure.percentile(frames, 99)
    log("frame: Down and a 200x60 draw in memory: p50 \(p50) ms, p99 \(p99) ms")
    report.add("frame.down.p50", "a frame: Down and a draw of 200x60 shop cards in memory, p50 of \(keys)", p50, "ms")
    report.add("frame.down.p99", "a frame: Down and a draw of 200x60 shop cards in memory, p99", p99, "ms")
  }

  /// The same with pictures, as the live program has them (a decoding worker, a
  /// frame started before each draw) but none there: the shop file names pictures
  /// in a folder it does not come with, so every card asks, fails and keeps its
  /// placeholder. The browser has no pictures again afterwards.
  func runWithPictures(_ browser: Browser, screen: CellBuffer, folder: String, into report: inout Report) {
    var options = ThumbnailLoader.Options()
    options.wakesWorkersAtFrameEnd = true
    let pictures = Pictures(baseDirectory: folder, mode: .palette256, options: options)
    browser.pictures = pictures
    defer {
      pictures.stop()
      browser.pictures = nil
    }
    let frames = downs(browser, screen: screen, pictures: pictures)
    let p50 = Measure.percentile(frames, 50)
    let p99 = Measure.percentile(frames, 99)
    let failed = pictures.loader.currentStatistics.failed
    log("frame: Down and a 200x60 draw in memory, missing pictures (\(failed) failed): p50 \(p50) ms, p99 \(p99) ms")
    report.add("frame.pictures.p50", "a frame with missing pictures: Down and a draw of 200x60 shop cards in memory, p50", p50, "ms")
    report.add("frame.pictures.p99", "a frame with missing pictures: Down and a draw of 200x60 shop cards in memory, p99", p99, "ms")
  }

  /// The milliseconds of each of ``keys`` frames: a Down key and a draw.
  private func downs(_ browser: Browser, screen: CellBuffer, pictures: Pictures?) -> [Double] {
    let clock = ContinuousClock()
    pictures?.beginFrame()
    browser.draw(in: screen)
    pictures?.endFrame()
    var frames: [Double] = []
    for _ in 0..<keys {
      let start = clock.now
      _ = browser.handle(.key(.down))
      pictures?.beginFrame()
      browser.draw(in: screen)
      pictures?.endFrame()
      frames.append(Measure.seconds(start.duration(to: clock.now)) * 1000)
    }
    return frames
  }
}
