/// Reads one page front to back through a ``PageReader``, handing the items to a
/// ``PageSink`` as each chunk completes them: the one loop behind every source
/// whose pages are bytes (a file, standard input, a folder's generated page of
/// pictures).
///
/// The first chunk is small (64 KiB), so the first cards of a large file are found
/// within milliseconds; later chunks are 8 MiB (a chunk is split between the
/// cores, and each split costs a wait: 1 MiB chunks made a whole load of a 1M
/// JSON array 25 % slower), each read ahead while the one before is scanned
/// (``ReadAhead``). A pipe hands over what it has, so a line that arrives
/// alone is shown alone.
///
/// ```swift
/// let file = try PageFile(path: "Data/notes.jsonl")
/// sink.opened(OpenedPage(file: file))
/// let error = PageLoad(file: file, settings: settings).run(into: sink)
/// ```
struct PageLoad {
  static let firstChunk = 1 << 16
  static let chunk = 1 << 23

  /// The page's file: what is read, and what its items' texts are read again from.
  let file: PageFile
  let settings: ReadSettings

  /// Reads the page; returns the error that stopped it, if one did. `next`
  /// gives the page's next bytes in `buffer` and their count (0 at the end); by
  /// default they are read from the file, in chunks of ``firstChunk``, then ``chunk``.
  func run(
    into sink: any PageSink,
    next: ((inout [UInt8]) throws(FileSystem.Failure) -> Int)? = nil
  ) -> LoadError? {
    var scanner = settings.scanner
    scanner.dropsCards = settings.storeReadsFileCards && !file.keepsTextsInMemory
    var reader = PageReader(path: file.path, scanner: scanner, options: settings.options, keepsBytes: file.keepsTextsInMemory)
    reader.parallelism = settings.parallelism
    var buffer = [UInt8](repeating: 0, count: Self.firstChunk)
    // A file read front to back: each chunk after the first is read while the one before is scanned.
    var readAhead: ReadAhead?
    defer { readAhead?.close() }
    var items: [ScannedItem] = []
    var reported = SkippedLines()
    var isDescribed = false
    // The fields the data chose for the cards, when this page's first chunk chose them.
    var fieldsNote: String?
    func hand() {
      if !isDescribed, reader.isDescribed {
        isDescribed = true
        let notes = [reader.note, fieldsNote].compactMap { $0 }
        sink.described(reader.shape, note: notes.isEmpty ? nil : notes.joined(separator: " · "))
      }
      let skipped = reader.skipped.since(reported)
      reported = reader.skipped
      if !items.isEmpty || !skipped.isEmpty { sink.deliver(items, skipped: skipped, bytesRead: reader.bytesRead) }
      items.removeAll(keepingCapacity: true)
    }
    while !sink.shouldStop() {
      let count: Int
      do {
        if let next {
          count = try next(&buffer)
        } else if let readAhead {
          count = try readAhead.next(into: &buffer)
        } else {
          count = try file.read(into: &buffer)
        }
      } catch {
        hand()
        return .unreadable(path: error.path, reason: error.reason)
      }
      if count == 0 {
        reader.finish(into: &items)
        hand()
        return reader.error
      }
      if readAhead != nil {
        // Read ahead: the buffer becomes the reader's, and the one it gives back is read into next.
        reader.feed(adopting: &buffer, at: ReadAhead.headroom, count: count, into: &items)
      } else {
        buffer.withUnsafeBufferPointer {
          let chunk = UnsafeBufferPointer(rebasing: $0[..<count])
          // Cards need their fields chosen; a pass that builds none (`--filter`) does not.
          if reader.bytesRead == 0, !settings.scanner.checksOnly {
            fieldsNote = settings.scanner.settleFields(sampling: chunk, path: file.path, options: settings.options)
          }
          reader.feed(chunk, into: &items)
        }
      }
      hand()
      if reader.isStopped { return reader.error }
      // JSON Lines from a file that can be read anywhere: the rest in ranges, apart.
      if next == nil, settings.readsLinesInRanges, reader.bytesRead >= settings.linesInRangesAfter, file.readsAnywhere,
        let start = reader.nextLine
      {
        var ranges = LineRanges(file: file, scanner: scanner, parallelism: settings.parallelism)
        ranges.mode = start.mode
        ranges.rangeSize = settings.lineRangeSize
        return ranges.run(from: start.offset, line: start.line, into: sink)
      }
      if next == nil, readAhead == nil {
        if file.readsAnywhere {
          // A file with less than a chunk left is read ahead in a buffer its size, not in 8 MiB zeroed.
          let left = (file.size ?? 0) - reader.bytesRead
          if left > 0 {
            readAhead = ReadAhead(file: file, from: reader.bytesRead, chunk: min(settings.chunkSize, max(left, Self.firstChunk)))
          }
        } else if buffer.count < settings.chunkSize {
          buffer = [UInt8](repeating: 0, count: settings.chunkSize)
        }
      }
    }
    return nil
  }
}
