#if canImport(Glibc)
  import Glibc
#endif

/// Reads JSON Lines: one value a line, each an item.
///
/// A blank line is ignored, a CRLF ending is accepted, and a line that is not
/// valid JSON is skipped and reported (``skipped``, the first 20 kept) with its
/// line and column, while every good line is kept. A line is whole at its
/// newline, or at the page's end.
///
/// A pipe brings 64 KiB a read; the search for the newline of a line cut off by
/// a chunk goes on where the last chunk left it (``searchedTo``), so a line costs
/// its length once however many chunks bring it (``searchedBytes`` counts).
///
/// ```swift
/// var reader = JSONLinesReader(scanner: scanner, keepsBytes: false)
/// // "{\"a\":1}\n{oops\n{\"a\":2}\n": two items, and "p.jsonl:2:2: expected a string key, found 'o' (line skipped)"
/// ```
struct JSONLinesReader: ItemReader {
  let scanner: ItemScanner
  let keepsBytes: Bool
  private(set) var skipped = SkippedLines()
  /// The page offset up to which the line cut off by the end of the chunk is
  /// known to hold no newline.
  private var searchedTo = 0
  /// The bytes searched for a line's end so far: about the page's length, never
  /// the square of a line's.
  private(set) var searchedBytes = 0
  /// The lines read that a newline ended: a part of a page read on its own
  /// (``LineRanges``) says by how many lines the next part starts further on.
  private(set) var newlines = 0

  init(scanner: ItemScanner, keepsBytes: Bool) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
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
      if lineEnd == bytes.count && !chunk.atEnd {
        searchedTo = chunk.start + bytes.count
        break
      }
      var contentEnd = lineEnd
      if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      readLine(scanner, chunk, lineStart..<contentEnd, location: location, into: &items)
      if lineEnd < bytes.count { newlines += 1 }
      lineStart = lineEnd + 1
      location = TextLocation(line: location.line + 1, column: 1)
    }
    return ReadProgress(done: min(lineStart, bytes.count))
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
