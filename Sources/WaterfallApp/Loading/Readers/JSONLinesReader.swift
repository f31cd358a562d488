#if canImport(Glibc)
  import Glibc
#endif

/// Reads JSON Lines: one value a line, each an item; undeclared, a line may
/// hold values one after another and a top-level array (``Mode``).
///
/// A blank line is ignored, a CRLF ending is accepted, and a line that is not
/// valid JSON is skipped and reported (``skipped``, the first 20 kept) with its
/// line and column, while every good line is kept.
///
/// - ``Mode/rows`` (`--format jsonl`, a `.jsonl` or `.ndjson` name): a line is
///   whole at its newline, or at the page's end, and is one item, an array too
///   (rows as arrays, `["Ada", 36]`).
/// - ``Mode/values`` (JSON Lines told from content): each line is read as a
///   stream of values (``TopLevelValues``) as its bytes arrive, a top-level
///   array's elements items, so a page of a million elements on one line streams
///   as an array's would. A value never runs past its line's end; a bad one skips
///   the rest of its line, the values before it on the line kept.
///
/// A pipe brings 64 KiB a read; the search for the newline of a line cut off by
/// a chunk goes on where the last chunk left it (``searchedTo``), so a line costs
/// its length once however many chunks bring it (``searchedBytes`` counts).
///
/// ```swift
/// var reader = JSONLinesReader(scanner: scanner, keepsBytes: false, mode: .rows)
/// // "{\"a\":1}\n{oops\n{\"a\":2}\n": two items, and "p.jsonl:2:2: expected a string key, found 'o' (line skipped)"
/// var values = JSONLinesReader(scanner: scanner, keepsBytes: false, mode: .values)
/// // "{\"n\":1}\n[{\"n\":2},{\"n\":3}]{\"n\":4}\n": four items
/// ```
struct JSONLinesReader: ItemReader {
  enum Mode: Equatable {
    /// Declared JSON Lines: each line one item, whatever its value.
    case rows
    /// Told from content: each line values one after another, arrays spread.
    case values
  }

  let scanner: ItemScanner
  let keepsBytes: Bool
  let mode: Mode
  private(set) var skipped = SkippedLines()
  /// The page offset up to which the line cut off by the end of the chunk is
  /// known to hold no newline.
  private var searchedTo = 0
  /// The bytes searched for a line's end so far: about the page's length, never
  /// the square of a line's.
  private(set) var searchedBytes = 0
  /// The values of the line being read (values mode), which a chunk may cut off.
  private var line: TopLevelValues
  /// Whether the rest of the line is skipped (values mode: a bad value in it).
  private var skipsLine = false
  /// The lines read that a newline ended: a part of a page read on its own
  /// (``LineRanges``) says by how many lines the next part starts further on.
  private(set) var newlines = 0

  init(scanner: ItemScanner, keepsBytes: Bool, mode: Mode) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.mode = mode
    line = TopLevelValues(scanner: scanner, keepsBytes: keepsBytes)
  }

  var shape: ItemTextShape? { .json }

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    let bytes = chunk.bytes
    // The inference's choice, looked up once a chunk rather than once an item.
    let scanner = scanner.withSettledTable()
    var lineStart = start
    var location = start > 0 ? chunk.location(of: start) : chunk.location
    while lineStart < bytes.count {
      let base = UnsafeRawPointer(bytes.baseAddress!)
      // What an earlier chunk searched of a line it cut off is not searched again.
      let searchFrom = min(max(lineStart, searchedTo - chunk.start), bytes.count)
      var lineEnd = bytes.count
      if searchFrom < bytes.count, let newline = memchr(base + searchFrom, 0x0A, bytes.count - searchFrom) {
        lineEnd = base.distance(to: UnsafeRawPointer(newline))
      }
      searchedBytes += lineEnd - searchFrom
      let whole = lineEnd < bytes.count || chunk.atEnd
      if !whole { searchedTo = chunk.start + bytes.count }
      if mode == .values {
        // The line so far, as a chunk of its own: its values cannot run past its end.
        let part = Chunk(
          bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), start: chunk.start + lineStart, location: location,
          atEnd: whole, path: chunk.path)
        // A whole line of one value, not an array, is the item, as a row is.
        let alone = whole && line.isFresh && !skipsLine && readAlone(scanner, part, into: &items)
        if !alone {
          let progress = readValues(part, into: &items)
          if !whole { return ReadProgress(done: lineStart + progress.done, waitsForDouble: progress.waitsForDouble) }
        }
        line.startOver()
        skipsLine = false
      } else {
        if !whole { break }
        var contentEnd = lineEnd
        if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        readLine(scanner, chunk, lineStart..<contentEnd, location: location, into: &items)
      }
      if lineEnd < bytes.count { newlines += 1 }
      lineStart = lineEnd + 1
      location = TextLocation(line: location.line + 1, column: 1)
    }
    return ReadProgress(done: min(lineStart, bytes.count))
  }

  /// Reads a whole line that holds one value and is not an array, the common
  /// case, as a row is read; false, having read nothing, for any other line.
  /// The stream's steps for every line cost a million lines 2.8-3.0 s instead
  /// of 1.8-2.3 s (`waterfall --filter '' FILE`, release).
  private func readAlone(_ scanner: ItemScanner, _ part: Chunk, into items: inout [ScannedItem]) -> Bool {
    let line = part.bytes
    var first = 0
    var last = line.count
    while first < last, Self.isWhitespace(line[first]) { first += 1 }
    while last > first, Self.isWhitespace(line[last - 1]) { last -= 1 }
    guard first < last else { return true }
    guard line[first] != UInt8(ascii: "[") else { return false }
    let text = UnsafeBufferPointer(rebasing: line[first..<last])
    guard let item = try? scanner.scan(text, offset: part.start + first, keepingBytes: keepsBytes) else { return false }
    items.append(item)
    return true
  }

  /// Reads the values of the line (or of the part of it) `part` holds; a bad
  /// one skips the rest of the line.
  private mutating func readValues(_ part: Chunk, into items: inout [ScannedItem]) -> ReadProgress {
    guard !skipsLine else { return ReadProgress(done: part.count) }
    do throws(LoadError) {
      let progress = try line.read(part, from: 0, into: &items)
      if part.atEnd { try line.finish(part) }
      return progress
    } catch {
      skipsLine = true
      if case .syntax(let path, let location, let message) = error {
        skipped.append(SkippedLine(path: path, location: location, message: message))
      }
      return ReadProgress(done: part.count)
    }
  }

  private mutating func readLine(_ scanner: ItemScanner, _ chunk: Chunk, _ range: Range<Int>, location: TextLocation, into items: inout [ScannedItem]) {
    let line = UnsafeBufferPointer(rebasing: chunk.bytes[range])
    var first = 0
    var last = line.count
    while first < last, Self.isWhitespace(line[first]) { first += 1 }
    while last > first, Self.isWhitespace(line[last - 1]) { last -= 1 }
    guard first < last else { return }
    let text = UnsafeBufferPointer(rebasing: line[first..<last])
    do throws(JSONSyntaxError) {
      items.append(try scanner.scan(text, offset: chunk.start + range.lowerBound + first, keepingBytes: keepsBytes))
    } catch {
      let at = TextLocation.of(offset: first + error.offset, in: line, from: location)
      skipped.append(SkippedLine(path: chunk.path, location: at, message: error.message))
    }
  }

  private static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A
  }
}
