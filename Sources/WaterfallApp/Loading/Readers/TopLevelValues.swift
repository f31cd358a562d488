import WaterfallWorkers

/// Reads JSON values one after another at the top level of a page, each an
/// item, except an array: its elements are the items (a page of them), so pages
/// back to back (`[…][…]`, `gh api --paginate`) and pages among bare objects
/// (`{…}\n[…]{…}`) are one stream of items.
///
/// What ``ValueStreamReader`` (values mode) and ``JSONLinesReader`` (each
/// line, values mode) share. An array is read by a ``JSONArrayReader`` as its
/// elements arrive, so a chunk may end inside it and the next one resumes there.
/// A value that cannot even start after another says what it came after
/// (`unexpected 't' after the array`).
///
/// ```swift
/// var values = TopLevelValues(scanner: scanner, keepsBytes: false)
/// // "{\"n\":1}\n[{\"n\":2},{\"n\":3}]{\"n\":4}": four items, offsets 0, 9, 17, 25
/// let progress = try values.read(chunk, from: 0, into: &items)
/// try values.finish(chunk)   // "unexpected end of input: the array is not closed …" inside one
/// ```
struct TopLevelValues {
  let scanner: ItemScanner
  let keepsBytes: Bool
  /// The array being read, while inside one.
  private(set) var array: JSONArrayReader?
  /// Where an array's elements are scanned (``JSONArrayReader/parallelism``).
  var parallelism = Parallelism.serial
  /// What the last value was, for a message about what follows it: nil before the first.
  private var after: String?

  init(scanner: ItemScanner, keepsBytes: Bool) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
  }

  /// Reads the values `chunk` completes, from `start`; returns how far the bytes are done with.
  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while true {
      if array != nil, var reader = array.take() {
        let progress = try reader.read(chunk, from: parser.position, into: &items)
        guard reader.isDone else {
          array = reader
          return progress
        }
        after = "array"
        parser.position = progress.done
      }
      parser.skipWhitespace()
      let at = parser.position
      guard let next = parser.peek else { return ReadProgress(done: at) }
      if next == UInt8(ascii: "[") {
        array = JSONArrayReader(scanner: scanner, keepsBytes: keepsBytes, isMap: false)
        array?.parallelism = parallelism
        continue
      }
      let scanned: ItemScanner.ElementScan
      do {
        scanned = try scanner.scanElement(in: chunk, at: at, member: false, depth: 0, keepingBytes: keepsBytes)
      } catch {
        // A value that cannot start here: say what it came after.
        if let after, case .syntax(_, let location, _) = error, location == chunk.location(of: at) {
          throw chunk.syntaxError("unexpected \(parser.describeByte(at)) after the \(after)", at: at)
        }
        throw error
      }
      switch scanned {
      case .needMore(let doubling):
        return ReadProgress(done: at, waitsForDouble: doubling)
      case .item(let item, let end):
        items.append(item)
        after = "JSON value"
        parser.position = end
      }
    }
  }

  /// Whether nothing has been read since the start (or ``startOver()``).
  var isFresh: Bool { array == nil && after == nil }

  /// Forgets the array and the value before: a new line of JSON Lines starts afresh.
  mutating func startOver() {
    array = nil
    after = nil
  }

  /// Says what is missing once the page (or the line) has ended: the rest of an array.
  func finish(_ chunk: Chunk) throws(LoadError) {
    try array?.finish(chunk)
  }
}
