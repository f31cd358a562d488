/// Reads one page front to back, handing over the items as each chunk completes
/// them: the one loop behind both the background loader and the synchronous one.
///
/// The first chunk is small (64 KiB), so the first cards of a large file are found
/// within milliseconds; later chunks are 1 MiB. A pipe hands over what it has, so
/// a line that arrives alone is shown alone.
///
/// ```swift
/// let error = PageLoad(path: "Data/notes.jsonl", scanner: scanner).run(
///   opened: { file in … }, deliver: { items, skipped, bytesRead in … })
/// ```
struct PageLoad {
  static let firstChunk = 1 << 16
  static let chunk = 1 << 20

  /// The page's path, or nil for standard input.
  var path: String?
  var scanner: ItemScanner
  /// What the command line said about the format.
  var options = ReadOptions()
  /// The name used in messages for standard input.
  var standardInputName = "stdin"
  /// What standard input is read from (tests give a pipe of their own).
  var standardInput: Int32 = 0
  /// Where standard input is spooled (nil: `$TMPDIR`, or else `/tmp`).
  var spoolDirectory: String?

  /// Reads the page; returns the error that stopped it, if one did.
  ///
  /// - Parameters:
  ///   - shouldStop: asked before each chunk; `true` abandons the page.
  ///   - opened: the page's file, once open (standard input too).
  ///   - described: how the page's items read as JSON, and where in a document
  ///     they were found, once known (before the items).
  ///   - deliver: the items and skipped lines a chunk completed, and the bytes read so far.
  func run(
    shouldStop: () -> Bool = { false },
    opened: (PageFile) -> Void,
    described: (ItemTextShape, String?) -> Void = { _, _ in },
    deliver: ([ScannedItem], SkippedLines, Int) -> Void
  ) -> LoadError? {
    let file: PageFile
    if let path {
      do { file = try PageFile(path: path) } catch { return .unreadable(path: error.path, reason: error.reason) }
    } else {
      // Spooled to a temporary file, so its items cost what a file's do; kept
      // in memory only when no temporary file can be made.
      file = (try? PageFile(spooling: standardInput, name: standardInputName, directory: spoolDirectory))
        ?? PageFile(standardInput: standardInputName, input: standardInput)
    }
    opened(file)
    var reader = PageReader(path: file.path, scanner: scanner, options: options, keepsBytes: file.keepsTextsInMemory)
    var buffer = [UInt8](repeating: 0, count: Self.firstChunk)
    var items: [ScannedItem] = []
    var reported = SkippedLines()
    var isDescribed = false
    // The fields the data chose for the cards, when this page's first chunk chose them.
    var fieldsNote: String?
    func hand() {
      if !isDescribed, reader.isDescribed {
        isDescribed = true
        let notes = [reader.note, fieldsNote].compactMap { $0 }
        described(reader.shape, notes.isEmpty ? nil : notes.joined(separator: " · "))
      }
      let skipped = reader.skipped.since(reported)
      reported = reader.skipped
      if !items.isEmpty || !skipped.isEmpty { deliver(items, skipped, reader.bytesRead) }
      items.removeAll(keepingCapacity: true)
    }
    while !shouldStop() {
      let count: Int
      do { count = try file.read(into: &buffer) } catch {
        hand()
        return .unreadable(path: error.path, reason: error.reason)
      }
      if count == 0 {
        reader.finish(into: &items)
        hand()
        return reader.error
      }
      buffer.withUnsafeBufferPointer {
        let chunk = UnsafeBufferPointer(rebasing: $0[..<count])
        // Cards need their fields chosen; a pass that builds none (`--filter`) does not.
        if reader.bytesRead == 0, !scanner.checksOnly { fieldsNote = scanner.settleFields(sampling: chunk, path: file.path, options: options) }
        reader.feed(chunk, into: &items)
      }
      hand()
      if reader.isStopped { return reader.error }
      if buffer.count < Self.chunk { buffer = [UInt8](repeating: 0, count: Self.chunk) }
    }
    return nil
  }
}

extension DataOrigin {
  /// Reads page `page` of this source: a file or standard input through
  /// ``PageLoad``, a database through ``SQLiteLoad``. See ``PageLoad/run(shouldStop:opened:described:deliver:)``.
  func load(
    page: Int, scanner: ItemScanner, options: ReadOptions,
    shouldStop: () -> Bool = { false },
    opened: (PageFile) -> Void,
    described: (ItemTextShape, String?) -> Void,
    deliver: ([ScannedItem], SkippedLines, Int) -> Void
  ) -> LoadError? {
    if case .database(let path, let selection) = self {
      return SQLiteLoad(path: path, selection: selection, scanner: scanner).run(
        shouldStop: shouldStop, opened: opened, described: described, deliver: deliver)
    }
    var load = PageLoad(path: pagePath(page), scanner: scanner)
    load.options = options
    return load.run(shouldStop: shouldStop, opened: opened, described: described, deliver: deliver)
  }
}
