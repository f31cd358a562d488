import WaterfallImages

#if canImport(Glibc)
  import Glibc
#endif

/// The block symbols' figures: for half blocks, quadrants and sextants, how
/// closely a card's 24 x 12 cells show each picture (``SymbolQuality``: the mean
/// squared error against the picture scaled to 2 x 6 pixels a cell) and the time
/// per thumbnail, for waterfall and for chafa on the same pixels in the same run.
///
/// Both draw the whole picture stretched to the cells in 24-bit colour, from the
/// same pixels: those waterfall decoded (a transparent picture flattened over
/// black), given to chafa as PPM files, all in one run; chafa's time per thumbnail
/// is that run's over the count, so its start-up is shared out. waterfall's times
/// are what its worker does (decode the file, JPEG at a reduced scale where it
/// can, then scale and fit) and the fit alone from decoded pixels. Without chafa
/// its rows say so and the rest is measured.
///
/// ```swift
/// SymbolBench(log: log).run(into: &report, quick: false)
/// ```
struct SymbolBench {
  var log: (String) -> Void = { _ in }
  static let columns = 24
  static let rows = 12

  /// chafa's symbol classes for each set: the same shapes waterfall may use.
  static func chafaSymbols(_ symbols: SymbolSet) -> String {
    switch symbols {
    case .half: return "space+solid+hhalf"
    case .quad: return "space+solid+half+quad"
    case .sextant: return "space+solid+half+quad+sextant"
    }
  }

  /// The fixed sets of pictures: the repository's samples, and real icons from
  /// the Adwaita theme (`make test` installs it).
  static func pictureSets(quick: Bool) -> [(key: String, label: String, paths: [String])] {
    let samples = ImageBench.pictures(in: "Data/pictures") + ImageBench.pictures(in: "Data/shops/img").prefix(24)
    var icons: [String] = []
    let iconRoot = "/usr/share/icons/Adwaita/512x512"
    for folder in ["devices", "emblems", "mimetypes", "places", "status"] {
      icons += ImageBench.pictures(in: iconRoot + "/" + folder)
    }
    let limit = quick ? 10 : 1_000
    return [
      ("samples", "sample pictures", Array(samples.prefix(limit))),
      ("icons", "Adwaita icons (512 px)", Array(icons.prefix(limit))),
    ]
  }

  func run(into report: inout Report, quick: Bool) {
    let chafa = Self.findChafa()
    if chafa == nil { log("symbols: chafa not found (apt-get install chafa): its rows are left out") }
    for set in Self.pictureSets(quick: quick) {
      // Both programs fit the same opaque pixels: a transparent picture flattened
      // over black (waterfall would leave those parts to the terminal's background).
      let images = set.paths.compactMap { path in
        (try? Image(contentsOf: path)).map { (path, Image(width: $0.width, height: $0.height, pixels: $0.pixels)) }
      }
      guard !images.isEmpty else {
        report.add("symbols.\(set.key)", "\(set.label): none found", .nan, "", note: "no pictures")
        continue
      }
      let label = "\(set.label), \(images.count) at \(Self.columns)x\(Self.rows) cells"
      let references = images.map { SymbolQuality.reference($0.1, region: $0.1.bounds, columns: Self.columns, rows: Self.rows) }
      var folder: String?
      if chafa != nil { folder = Self.writePPMs(images.map(\.1), key: set.key) }
      defer { if let folder { Self.remove(folder, count: images.count) } }
      for symbols in SymbolSet.allCases {
        log("symbols: \(set.key), \(symbols.rawValue)…")
        let ours = waterfall(images, symbols: symbols, references: references, runs: quick ? 1 : 3)
        let theirs = chafa.flatMap { chafa in
          folder.flatMap { self.chafa(chafa, folder: $0, count: images.count, symbols: symbols, references: references, runs: quick ? 1 : 3) }
        }
        let key = "symbols.\(set.key).\(symbols.rawValue)"
        report.add(
          "\(key).waterfall.error", "\(label), \(symbols.rawValue): waterfall's error (MSE)", ours.error, "",
          aim: theirs.map { _ in "≤ chafa's" }, met: theirs.map { ours.error <= $0.error })
        if let theirs {
          report.add("\(key).chafa.error", "\(label), \(symbols.rawValue): chafa's error (MSE)", theirs.error, "",
            note: theirs.unknown > 0 ? "\(theirs.unknown) cells not a block symbol" : nil)
        } else {
          report.add("\(key).chafa.error", "\(label), \(symbols.rawValue): chafa's error (MSE)", .nan, "", note: "chafa not installed")
        }
        report.add(
          "\(key).waterfall.time", "\(label), \(symbols.rawValue): waterfall per thumbnail (decode, scale, fit)", ours.milliseconds, "ms",
          aim: theirs.map { _ in "≤ chafa's" }, met: theirs.map { ours.milliseconds <= $0.milliseconds })
        report.add(
          "\(key).waterfall.fit", "\(label), \(symbols.rawValue): waterfall per thumbnail, decoded pixels to cells", ours.fitMilliseconds, "ms")
        if let theirs {
          report.add("\(key).chafa.time", "\(label), \(symbols.rawValue): chafa per thumbnail (one run over all, PPM in)", theirs.milliseconds, "ms")
        }
      }
    }
  }

  struct Result {
    var error: Double
    var milliseconds: Double
    var fitMilliseconds: Double = .nan
    var unknown = 0
  }

  /// waterfall's error (on the same pixels chafa gets) and times: from the file,
  /// as its worker makes thumbnails, and from the decoded pixels.
  private func waterfall(_ images: [(String, Image)], symbols: SymbolSet, references: [Image], runs: Int) -> Result {
    let renderer = SymbolRenderer(symbols: symbols, mode: .truecolor)
    let minimum = (Self.columns * symbols.gridWidth, Self.rows * symbols.gridHeight)
    let whole = Measure.median(runs: runs) {
      for (path, _) in images {
        guard let image = try? Image(contentsOf: path, minimumSize: minimum) else { continue }
        blackHole(renderer.cells(of: image, region: image.bounds, columns: Self.columns, rows: Self.rows))
      }
    }
    var cells: [[SymbolCell]] = []
    let fit = Measure.median(runs: runs) {
      cells = images.map { renderer.cells(of: $0.1, region: $0.1.bounds, columns: Self.columns, rows: Self.rows) }
    }
    let errors = zip(cells, references).map { SymbolQuality.meanSquaredError($0, columns: Self.columns, against: $1) }
    return Result(
      error: errors.reduce(0, +) / Double(errors.count), milliseconds: whole * 1_000 / Double(images.count),
      fitMilliseconds: fit * 1_000 / Double(images.count))
  }

  /// chafa's error and time per picture over the PPM files in `folder`, or nil
  /// when its output cannot be read as `count` pictures.
  private func chafa(_ chafa: String, folder: String, count: Int, symbols: SymbolSet, references: [Image], runs: Int) -> Result? {
    let files = (0..<count).map { "\(folder)/\($0).ppm" }.joined(separator: " ")
    let out = folder + "/out.txt"
    let command =
      "\(chafa) -f symbols --symbols \(Self.chafaSymbols(symbols)) --size \(Self.columns)x\(Self.rows) --stretch"
      + " --colors full --animate off -O 0 \(files) > \(out) 2>/dev/null"
    var status: Int32 = 0
    let seconds = Measure.median(runs: runs) { status = system(command) }
    guard status == 0, let bytes = Self.read(out) else {
      log("symbols: chafa failed (\(status))")
      return nil
    }
    let output = SymbolOutput(bytes: bytes)
    guard output.lines.count == count * Self.rows, output.lines.allSatisfy({ $0.count == Self.columns }) else {
      log("symbols: chafa printed \(output.lines.count) lines for \(count) pictures of \(Self.rows)")
      return nil
    }
    var errors: [Double] = []
    for (i, reference) in references.enumerated() {
      let cells = Array(output.lines[(i * Self.rows)..<((i + 1) * Self.rows)].joined())
      errors.append(SymbolQuality.meanSquaredError(cells, columns: Self.columns, against: reference))
    }
    return Result(error: errors.reduce(0, +) / Double(errors.count), milliseconds: seconds * 1_000 / Double(count), unknown: output.unknown)
  }

  /// The path of chafa on PATH, if any.
  static func findChafa() -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
      let candidate = "\(folder)/chafa"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// The images as `0.ppm`, `1.ppm`, … in a new temporary folder.
  private static func writePPMs(_ images: [Image], key: String) -> String? {
    var template = Array("/tmp/waterfall-symbols-\(key)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return nil }
    let folder = String(cString: made)
    for (i, image) in images.enumerated() {
      guard let file = try? OutputFile(path: "\(folder)/\(i).ppm") else { return nil }
      try? file.append(Array("P6\n\(image.width) \(image.height)\n255\n".utf8))
      try? file.append(image.pixels)
      try? file.finish(renamingTo: "\(folder)/\(i).ppm")
    }
    return folder
  }

  private static func remove(_ folder: String, count: Int) {
    for i in 0..<count { unlink("\(folder)/\(i).ppm") }
    unlink("\(folder)/out.txt")
    rmdir(folder)
  }

  private static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = fread(&chunk, 1, chunk.count, file)
      if n <= 0 { break }
      bytes += chunk[0..<n]
    }
    return bytes
  }
}
