import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// Reads the rest of a JSON Lines file in byte ranges, several at once (on
/// ``HelperThreads`` as well as the loading thread), handing the items to the
/// sink in file order: what makes a whole load use both cores.
///
/// The rest of the file, from a line's start, is cut into ranges of
/// ``rangeSize`` bytes; a batch of ``partsPerBatch`` ranges is read at once
/// (``Parallelism/perform(_:_:)``), then delivered in order, and the next batch
/// planned. A range owns the lines that start in it: it reads one byte before
/// its start to tell whether a line starts there, skips to the first line that
/// does, and reads past its end to the newline of its last line, however long
/// that line is. So every line is read by exactly one range, whole, and a range
/// inside a long line owns none.
///
/// Each range counts the newlines that end its lines (``JSONLinesReader/newlines``),
/// so a skipped line's number, counted from the range's first line, is placed
/// in the file (``SkippedLines/placed(fromLine:)``) when the range is delivered.
/// The sink is asked whether to stop (cancellation, the memory limit's pause)
/// before each batch, on the loading thread only.
///
/// ```swift
/// let ranges = LineRanges(file: file, scanner: settings.scanner, parallelism: .helpers(.normal))
/// let error = ranges.run(from: 65_536, line: 184, into: sink)   // nil, or the read that failed
/// ```
struct LineRanges {
  /// The bytes a range is read in; its last line may take it further.
  static let defaultRangeSize = 1 << 20
  /// The ranges read at once, before they are delivered: many small ranges
  /// share the two cores evenly, so neither waits long at a batch's end (at
  /// 1M items, 4 ranges of 2 MiB loaded in 1.38-1.40 s, 16 of 1 MiB in
  /// 1.24-1.25 s; 32 of 1 MiB was slower again, the main thread getting the
  /// items in larger bursts).
  static let defaultPartsPerBatch = 16

  let file: PageFile
  let scanner: ItemScanner
  var parallelism: Parallelism
  /// How a line reads: one row, or values with arrays spread (``JSONLinesReader/Mode``).
  var mode = JSONLinesReader.Mode.rows
  var rangeSize = defaultRangeSize
  var partsPerBatch = defaultPartsPerBatch

  /// One range read: the items of the lines that start in it, the lines it
  /// skipped (lines counted from its first), and how many newlines ended them.
  struct Part {
    var items: [ScannedItem] = []
    var skipped = SkippedLines()
    var newlines = 0
    var error: FileSystem.Failure?
  }

  /// Reads the file from `offset`, the start of line `line`, to its end, into
  /// `sink` (items, skipped lines, and the bytes read so far); returns the
  /// read that failed, if one did. Stops quietly when the sink says so.
  func run(from offset: Int, line: Int, into sink: any PageSink) -> LoadError? {
    var next = offset
    var line = line
    while !sink.shouldStop() {
      // A file still growing is read to where it ends now.
      let size = file.size ?? next
      guard next < size else { return nil }
      var bounds: [Range<Int>] = []
      while bounds.count < partsPerBatch, next < size {
        let end = min(size, next + rangeSize)
        bounds.append(next..<end)
        next = end
      }
      let parts = parallelism.map(bounds.count) { i in
        read(bounds[i], ownsFirstByte: bounds[i].lowerBound == offset, fileSize: size)
      }
      for (i, part) in parts.enumerated() {
        if let error = part.error { return .unreadable(path: error.path, reason: error.reason) }
        if !part.items.isEmpty || !part.skipped.isEmpty {
          sink.deliver(part.items, skipped: part.skipped.placed(fromLine: line), bytesRead: bounds[i].upperBound)
        }
        line += part.newlines
      }
    }
    return nil
  }

  /// Reads the lines that start in `bounds` (the first at its start when
  /// `ownsFirstByte`: the caller knows a line starts there), each to its end.
  func read(_ bounds: Range<Int>, ownsFirstByte: Bool, fileSize: Int) -> Part {
    var part = Part()
    // One byte before the range tells whether a line starts at its first.
    let from = ownsFirstByte ? bounds.lowerBound : bounds.lowerBound - 1
    // Room for the first step past the range, so the last line's rest is read without moving the range's bytes.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(bounds.upperBound - from + Self.firstStep)
    bytes.append(contentsOf: repeatElement(0, count: bounds.upperBound - from))
    do throws(FileSystem.Failure) {
      var count = try read(into: &bytes, at: 0, from: from)
      let ownedEnd = count  // lines starting before it are this range's
      var first = 0
      if !ownsFirstByte {
        guard let newline = Self.newline(in: bytes, from: 0, to: count) else { return part }
        first = newline + 1
      }
      guard first < ownedEnd else { return part }
      // The last line goes on to its newline, past the range if need be.
      if count == bytes.count, bytes[count - 1] != 0x0A, from + count < fileSize {
        var step = Self.firstStep
        while true {
          bytes.append(contentsOf: repeatElement(0, count: step))
          let searched = count
          let n = try read(into: &bytes, at: count, from: from + count)
          count += n
          if let newline = Self.newline(in: bytes, from: searched, to: count) {
            count = newline + 1
            break
          }
          if n < step { break }
          step = min(step * 2, 1 << 24)
        }
      }
      var reader = JSONLinesReader(scanner: scanner, keepsBytes: false, mode: mode)
      bytes.withUnsafeBufferPointer { buffer in
        let lines = UnsafeBufferPointer(rebasing: buffer[first..<count])
        let chunk = Chunk(bytes: lines, start: from + first, location: TextLocation(line: 1, column: 1), atEnd: true, path: file.path)
        _ = try? reader.read(chunk, from: 0, into: &part.items)
        for i in part.items.indices {
          let at = part.items[i].offset - from
          part.items[i].checksum = ItemChecksum(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[at..<(at + part.items[i].length)]))).value
        }
      }
      part.skipped = reader.skipped
      part.newlines = reader.newlines
    } catch {
      part.error = error
    }
    return part
  }

  /// How far past its range a part first reads for the end of its last line.
  static let firstStep = 1 << 16

  /// Reads the file from `offset` into `bytes[index...]`; returns how many bytes came.
  private func read(into bytes: inout [UInt8], at index: Int, from offset: Int) throws(FileSystem.Failure) -> Int {
    let result = bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(FileSystem.Failure) in try file.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[index...])) }
    }
    return try result.get()
  }

  /// The first newline in `bytes[from..<to]`.
  static func newline(in bytes: [UInt8], from: Int, to: Int) -> Int? {
    guard from < to else { return nil }
    return bytes.withUnsafeBytes { raw in
      memchr(raw.baseAddress! + from, 0x0A, to - from).map { raw.baseAddress!.distance(to: UnsafeRawPointer($0)) }
    }
  }
}
