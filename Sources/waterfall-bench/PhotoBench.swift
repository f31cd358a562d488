import WaterfallApp
import WaterfallImages
import WaterfallLayout
import WaterfallView

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of 35 twelve-megapixel JPEGs (4000x3000, ImageMagick's plasma: as
/// noisy as a photograph), the real binary in a 160x45 pseudo-terminal: from its
/// start until the first screen's every picture is drawn (no placeholder glyph
/// left), on a first open with the shared thumbnails folder off, a first open that
/// fills a fresh one (`XDG_CACHE_HOME` in a scratch folder, never the real
/// ~/.cache), and a second open that reads it; beside `timg --grid=5x7 -g 160x45`
/// on the same files in the same run, to its end.
/// (`waterfall-bench images --parts photos`)
///
/// ```swift
/// PhotoBench(folder: "bench-data/photos", waterfall: ".build/release/waterfall", log: log).run(into: &report)
/// ```
struct PhotoBench {
  var folder: String
  var waterfall: String
  var log: (String) -> Void = { _ in }
  var count = 35
  /// The photos in the large folder.
  var largeCount = 1_000
  var rounds = 3
  var timg = "/usr/bin/timg"

  /// The glyphs a card's placeholder is drawn with that no picture's symbols use.
  static let placeholderGlyphs: Set<Character> = ["░", "▒", "╱", "╲", "┼", "◇"]

  func run(into report: inout Report) {
    guard let photos = ensurePhotos() else {
      report.add("images.photos.first", "first screen of 35 12-MP JPEGs", .nan, "ms", note: "could not make \(folder) (ImageMagick's convert)")
      return
    }
    var rows: [String: [Double]] = [:]
    for round in 1...rounds {
      let cache = "/tmp/waterfall-bench-thumbnails-\(getpid())"
      removeTree(cache)
      defer { removeTree(cache) }
      if access(timg, X_OK) == 0,
        let run = FilterBench.time([timg, "--grid=5x7", "-g", "160x45"] + photos, stdin: nil), run.status == 0
      {
        rows["timg", default: []].append(run.seconds * 1_000)
      }
      let opens: [(key: String, environment: [String])] = [
        ("off", ["WATERFALL_NO_THUMBNAIL_CACHE=1"]),
        ("first", ["XDG_CACHE_HOME=\(cache)"]),
        ("second", ["XDG_CACHE_HOME=\(cache)"]),
      ]
      for open in opens {
        if let ms = firstScreenOfPictures(of: folder, environment: open.environment) {
          rows[open.key, default: []].append(ms)
        }
      }
      if let large = ensureLargeFolder(of: photos) {
        let opens = [("large.first", ["XDG_CACHE_HOME=\(cache)"]), ("large.second", ["XDG_CACHE_HOME=\(cache)"])]
        for (key, environment) in opens {
          if let ms = firstScreenOfPictures(of: large, environment: environment) { rows[key, default: []].append(ms) }
        }
      }
      if let (ms, statistics) = inProcess() {
        rows["memory", default: []].append(ms)
        log("photos: in process \(Int(ms)) ms: \(statistics.decoded) decoded, \(statistics.parked) parked, \(statistics.dropped) dropped")
      }
      log("photos: round \(round): " + rows.keys.sorted().map { "\($0) \(rows[$0]?.last.map { String(Int($0)) } ?? "-") ms" }.joined(separator: ", "))
    }
    let labels: [(key: String, label: String)] = [
      ("timg", "timg --grid=5x7 -g 160x45 on the same files, to its end"),
      ("off", "waterfall, first screen of pictures, thumbnails folder off (WATERFALL_NO_THUMBNAIL_CACHE=1)"),
      ("first", "waterfall, first screen of pictures, first open (writes the thumbnails)"),
      ("second", "waterfall, first screen of pictures, second open (reads them)"),
      ("memory", "the same first screen in this process (no terminal, folder off), until the loader is idle"),
      ("large.first", "waterfall, first screen of pictures, first open (writes the thumbnails)"),
      ("large.second", "waterfall, first screen of pictures, second open (reads them)"),
    ]
    for (key, label) in labels {
      let samples = rows[key] ?? []
      let aim: String? = key == "large.second" ? "≤ 100 ms" : nil
      let subject =
        key.hasPrefix("large.") ? "\(largeCount.grouped) 12-MP JPEGs (hard links to the \(count))" : "\(count) 12-MP JPEGs"
      report.add(
        "images.photos.\(key)", "\(subject), 160x45: \(label), median of \(samples.count)",
        samples.isEmpty ? .nan : Measure.percentile(samples, 50), "ms",
        aim: aim, met: aim.map { _ in !samples.isEmpty && Measure.percentile(samples, 50) <= 100 })
    }
  }

  /// The same first screen in this process, the thumbnails folder off: from
  /// listing the folder until the loader is idle, and the loader's counts.
  private func inProcess() -> (Double, ThumbnailLoader.Statistics)? {
    let clock = ContinuousClock()
    let start = clock.now
    guard let source = try? SourceResolver.resolve(folder) else { return nil }
    let store = ItemStore(roles: FieldRoles())
    try? Loader(source: source, store: store).loadAll()
    var options = Browser.Options()
    options.animates = false
    let size = Size(width: 160, height: 45)
    let browser = Browser(store: store, options: options, size: size)
    let pictures = Pictures(baseDirectory: source.sourceDescription.baseDirectory, mode: .palette256)
    defer { pictures.stop() }
    browser.pictures = pictures
    let screen = CellBuffer(width: size.width, height: size.height)
    pictures.beginFrame()
    browser.draw(in: screen)
    pictures.loader.waitUntilIdle(milliseconds: 60_000)
    return (Measure.seconds(start.duration(to: clock.now)) * 1_000, pictures.loader.currentStatistics)
  }

  /// Milliseconds from the start of `waterfall --pictures blocks FOLDER` until a
  /// whole frame shows cards and no placeholder; nil when that never came.
  private func firstScreenOfPictures(of folder: String, environment extra: [String]) -> Double? {
    var environment = TerminalDriver.environment().filter { !$0.hasPrefix("WATERFALL_NO_THUMBNAIL_CACHE=") }
    environment += extra
    guard
      let driver = try? TerminalDriver(
        program: waterfall, arguments: ["--pictures", "blocks", folder], environment: environment, columns: 160, rows: 45)
    else { return nil }
    defer { driver.finish(quitKeys: Array("q".utf8)) }
    let drawn = driver.waitForFrame(timeout: .seconds(60)) { driver in
      let lines = driver.screen.lines
      return lines.contains { $0.contains(" 1/") } && !lines.contains { $0.contains { Self.placeholderGlyphs.contains($0) } }
    }
    return drawn.map { Measure.seconds($0) * 1_000 }
  }

  /// The photos, made once: one plasma picture by ImageMagick, copied under 35 names.
  private func ensurePhotos() -> [String]? {
    let names = (1...count).map { folder + "/photo-" + String(1000 + $0).dropFirst() + ".jpg" }
    if access(folder + "/.complete", F_OK) == 0 { return names }
    log("photos: making \(count) 4000x3000 JPEGs in \(folder)…")
    guard
      FilterBench.time(["/bin/mkdir", "-p", folder], stdin: nil)?.status == 0,
      let made = FilterBench.time(
        ["/usr/bin/env", "convert", "-seed", "1", "-size", "4000x3000", "plasma:", "-quality", "90", names[0]], stdin: nil),
      made.status == 0
    else { return nil }
    for name in names.dropFirst() {
      guard let made = FilterBench.time(["/bin/cp", names[0], name], stdin: nil), made.status == 0 else { return nil }
    }
    close(open(folder + "/.complete", O_CREAT | O_WRONLY, 0o644))
    return names
  }

  /// A folder of `largeCount` photos, made once beside the photos: hard links to
  /// them in turn, so it costs no disk.
  private func ensureLargeFolder(of photos: [String]) -> String? {
    let large = folder + "-\(largeCount)"
    if access(large + "/.complete", F_OK) == 0 { return large }
    guard FilterBench.time(["/bin/mkdir", "-p", large], stdin: nil)?.status == 0 else { return nil }
    for index in 0..<largeCount {
      let name = large + "/photo-" + String(10_000 + index + 1).dropFirst() + ".jpg"
      unlink(name)
      guard link(photos[index % photos.count], name) == 0 else {
        log("photos: cannot link \(name): \(String(cString: strerror(errno)))")
        return nil
      }
    }
    close(open(large + "/.complete", O_CREAT | O_WRONLY, 0o644))
    return large
  }

  private func removeTree(_ path: String) {
    _ = FilterBench.time(["/bin/rm", "-rf", path], stdin: nil)
  }
}
