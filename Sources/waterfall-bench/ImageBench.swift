import WaterfallApp
import WaterfallFiles
import WaterfallImages
import WaterfallLayout
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// The pictures' figures: the time to make one card's thumbnail (decode, scale,
/// map to colours) for the sample pictures, for 500 generated ones and for large
/// ones; the frames drawn while scrolling a folder of 500 pictures as they decode
/// on the worker; and, in the real binary in a pseudo-terminal, key to first byte
/// while pictures decode, against the same with pictures off (NO_COLOR).
///
/// The 500 pictures are made by `make bench` (Scripts/generate-pictures.py
/// --bench) into bench-data/pictures; without them those figures say so.
///
/// ```swift
/// ImageBench(folder: "bench-data/pictures", waterfall: ".build/release/waterfall").run(into: &report, quick: false)
/// ```
struct ImageBench {
  var folder: String
  var waterfall: String
  var log: (String) -> Void = { _ in }

  /// A card's picture area in a 3-column waterfall at 80 columns.
  static let cardShape = ThumbnailShape.fill(width: 24, height: 12)

  func run(into report: inout Report, quick: Bool) {
    thumbnails(
      of: Self.pictures(in: "Data/shops/img") + Self.pictures(in: "Data/pictures"), key: "samples",
      label: "sample pictures (40-240 px)", into: &report)
    let benchPictures = Self.pictures(in: folder)
    guard benchPictures.count >= 100 else {
      log("no pictures in \(folder): make bench-pictures makes them")
      report.add("images.thumbnail.bench", "thumbnail per picture, 500 generated (240-640 px)", .nan, "ms", note: "\(folder) missing: make bench-pictures")
      return
    }
    thumbnails(of: benchPictures, key: "bench", label: "\(benchPictures.count) generated (240-640 px, half JPEG)", into: &report)
    large(into: &report)
    let clock = ContinuousClock()
    var start = clock.now
    log("pictures: scrolling \(folder) in memory…")
    scrollFrames(benchPictures.count, into: &report, quick: quick)
    log("pictures: scrolled in \(start.duration(to: clock.now)); keys in the real binary…")
    start = clock.now
    keys(into: &report, quick: quick)
    log("pictures: keys took \(start.duration(to: clock.now))")
  }

  static func pictures(in folder: String) -> [String] {
    let names = (DirectoryNames.list(folder) ?? []).filter { !$0.hasPrefix(".") && ImageFormat.isPictureName($0) }
    return names.map { folder + "/" + $0 }.sorted()
  }

  /// Milliseconds to make the card thumbnail of `path`, as the worker does.
  static func thumbnailMilliseconds(_ path: String, shape: ThumbnailShape = cardShape) -> Double? {
    let clock = ContinuousClock()
    var made: Thumbnail?
    let elapsed = clock.measure {
      guard let image = try? Image(contentsOf: path, minimumSize: (24, 24)) else { return }
      made = Thumbnail(image: image, shape: shape, mode: .palette256)
    }
    blackHole(made)
    return made == nil ? nil : Measure.seconds(elapsed) * 1_000
  }

  private func thumbnails(of paths: [String], key: String, label: String, into report: inout Report) {
    let samples = paths.compactMap { Self.thumbnailMilliseconds($0) }
    guard !samples.isEmpty else { return }
    let median = Measure.percentile(samples, 50)
    report.add(
      "images.thumbnail.\(key)", "card thumbnail per picture, \(label): median", median, "ms", aim: "< 5 ms",
      met: median < 5)
    report.add("images.thumbnail.\(key).p95", "card thumbnail per picture, \(label): p95", Measure.percentile(samples, 95), "ms")
  }

  /// A photo-sized JPEG (decoded at 1/8 for a card: libjpeg's scaled DCT) and a
  /// large PNG (decoded whole, then averaged down).
  private func large(into report: inout Report) {
    let folder = self.folder + "-large"
    for (name, label) in [("sky-4000x3000.jpg", "4000x3000 JPEG"), ("tiles-2000x1500.png", "2000x1500 PNG")] {
      let path = folder + "/" + name
      var runs: [Double] = []
      for _ in 0..<5 { if let ms = Self.thumbnailMilliseconds(path) { runs.append(ms) } }
      guard !runs.isEmpty else {
        report.add("images.thumbnail.large.\(name)", "card thumbnail of a \(label)", .nan, "ms", note: "\(path) missing")
        continue
      }
      let median = Measure.percentile(runs, 50)
      report.add("images.thumbnail.large.\(name)", "card thumbnail of a \(label)", median, "ms", aim: "< 100 ms", met: median < 100)
    }
    let whole = Measure.median(runs: 3) {
      blackHole(try? Image(contentsOf: folder + "/sky-4000x3000.jpg"))
    }
    report.add("images.decode.large.full", "the 4000x3000 JPEG decoded whole, for comparison", whole * 1_000, "ms")
  }

  /// A 200x60 browser on the folder, the selection moved down a card a frame at
  /// 30 keys a second (a held key), pictures decoding on the worker meanwhile.
  private func scrollFrames(_ count: Int, into report: inout Report, quick: Bool) {
    guard let source = try? SourceResolver.resolve(folder) else { return }
    let store = ItemStore(roles: FieldRoles())
    let loader = Loader(source: source, store: store)
    let clock = ContinuousClock()
    let loadTime = Measure.seconds(clock.measure {
      // What `waterfall DIR` does first: list the folder and read every header.
      blackHole(try? SourceResolver.resolve(folder))
      try? loader.loadAll()
    })
    report.add(
      "images.folder.load", "open a folder of \(store.count) pictures (every header read)", loadTime * 1_000, "ms",
      aim: "< 200 ms", met: loadTime < 0.2)
    var options = Browser.Options()
    options.animates = false
    let size = Size(width: 200, height: 60)
    let browser = Browser(store: store, options: options, size: size)
    let pictures = Pictures(baseDirectory: source.sourceDescription.baseDirectory, mode: .palette256)
    defer { pictures.stop() }
    browser.pictures = pictures
    let screen = CellBuffer(width: size.width, height: size.height)
    var frames: [Double] = []
    let presses = quick ? 150 : 400
    let cadence = Duration.milliseconds(33)
    var next = clock.now
    for _ in 0..<presses {
      let frame = clock.measure {
        _ = browser.handle(.key(.down))
        pictures.beginFrame()
        screen.clear()
        browser.draw(in: screen)
      }
      frames.append(Measure.seconds(frame) * 1_000)
      next = next.advanced(by: cadence)
      let now = clock.now
      if now < next { usleep(UInt32(Measure.seconds(now.duration(to: next)) * 1_000_000)) }
    }
    let statistics = pictures.loader.currentStatistics
    let p95 = Measure.percentile(frames, 95)
    report.add(
      "images.scroll.frame", "frame while scrolling \(count) pictures at 30 keys/s (200x60, in memory): median",
      Measure.percentile(frames, 50), "ms")
    report.add(
      "images.scroll.frame.p95", "frame while scrolling \(count) pictures: p95", p95, "ms", aim: "< 16 ms", met: p95 < 16)
    report.add("images.scroll.frame.max", "frame while scrolling \(count) pictures: slowest", frames.max() ?? .nan, "ms")
    report.add(
      "images.scroll.decoded", "pictures decoded while scrolling past \(presses) cards (\(statistics.dropped) left the screen undecoded)",
      Double(statistics.decoded), "pictures")
    // When the key is let go, how long until every picture on screen is in.
    let stop = clock.now
    pictures.beginFrame()
    browser.draw(in: screen)
    pictures.loader.waitUntilIdle(milliseconds: 30_000)
    report.add(
      "images.scroll.settle", "after the last key, until every picture on screen is drawn",
      Measure.seconds(stop.duration(to: clock.now)) * 1_000, "ms")
  }

  /// The real binary in a pseudo-terminal: `j` pressed 30 times a second on the
  /// folder, the time from each key to the first byte of its answer.
  private func keys(into report: inout Report, quick: Bool) {
    guard access(waterfall, X_OK) == 0 else {
      report.add("images.keys", "key to first byte while pictures decode", .nan, "ms", note: "\(waterfall) not built")
      return
    }
    // Real pixels: the pseudo-terminal shows neither protocol, but the program
    // writes them (forced, with a cell of 8x16 pixels reported), and how fast it
    // answers keys meanwhile is what counts.
    let runs: [(key: String, label: String, extra: [String], arguments: [String], cell: (width: Int, height: Int)?)] = [
      ("pictures", "pictures decoding", [], [], nil),
      ("sixel", "sixel pictures", [], ["--pictures", "sixel"], (8, 16)),
      ("kitty", "kitty pictures", [], ["--pictures", "kitty"], (8, 16)),
      ("nocolor", "pictures off (NO_COLOR)", ["NO_COLOR=1"], [], nil),
    ]
    for run in runs {
      // 60 cards down one column of a 200-column screen passes some 400 pictures.
      guard
        let (latencies, bytes, strings) = keyLatencies(
          environment: TerminalDriver.environment(adding: run.extra), arguments: run.arguments, cell: run.cell,
          presses: quick ? 30 : 60)
      else {
        report.add("images.keys.\(run.key)", "key to first byte, \(run.label)", .nan, "ms", note: "no first screen")
        continue
      }
      let p95 = Measure.percentile(latencies, 95)
      report.add(
        "images.keys.\(run.key)", "key to first byte at 30 keys/s, \(run.label) (real binary, 200x60): median",
        Measure.percentile(latencies, 50), "ms")
      report.add(
        "images.keys.\(run.key).p95", "key to first byte, \(run.label): p95", p95, "ms", aim: "< 50 ms", met: p95 < 50)
      if run.cell != nil {
        report.add(
          "images.keys.\(run.key).written", "written while pressing keys, \(run.label) (\(strings) picture strings)",
          Double(bytes) / 1_000_000, "MB")
      }
    }
  }

  /// The latencies of `presses` keys, the bytes written meanwhile and the
  /// picture strings (sixel or kitty) among them.
  private func keyLatencies(
    environment: [String], arguments: [String], cell: (width: Int, height: Int)?, presses: Int
  ) -> ([Double], Int, Int)? {
    guard
      let driver = try? TerminalDriver(
        program: waterfall, arguments: arguments + [folder], environment: environment, columns: 200, rows: 60,
        cellPixels: cell)
    else {
      return nil
    }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    guard driver.wait(timeout: .seconds(30), until: { $0.screen.contains(" 1/") }) != nil else { return nil }
    let (bytesBefore, stringsBefore) = (driver.bytesRead, driver.pictureStrings)
    let clock = ContinuousClock()
    var latencies: [Double] = []
    var next = clock.now
    for _ in 0..<presses {
      driver.send(Array("j".utf8))
      // A key at the end of the column has nothing to draw: it is not counted.
      let deadline = clock.now.advanced(by: .milliseconds(300))
      while driver.firstOutputAfterSend == nil, clock.now < deadline { driver.pump(timeout: 1) }
      if let first = driver.firstOutputAfterSend { latencies.append(Measure.seconds(first) * 1_000) }
      next = next.advanced(by: .milliseconds(33))
      while clock.now < next { driver.pump(timeout: 1) }
    }
    return (latencies, driver.bytesRead - bytesBefore, driver.pictureStrings - stringsBefore)
  }
}
