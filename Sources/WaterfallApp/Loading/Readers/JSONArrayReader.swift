import Glibc
import WaterfallWorkers

/// Reads the elements of a JSON array, or the members of a map (an object whose
/// values are objects: a card per key), each an item as soon as its bytes are in;
/// done at the closing bracket.
///
/// An array at the top level of a page is one page of items among the page's
/// values (``TopLevelValues``: `[…][…]`, `{…}\n[…]`); an array or map inside a
/// larger document is read where ``ValueStreamReader``'s documents hold it.
///
/// With ``parallelism`` (a whole load in the background), the elements of an
/// array a chunk holds whole are scanned on both cores
/// (``scanInParts(_:from:into:)``): each part's first element is guessed,
/// and kept only when the part before ends exactly there;
/// anything else, a map, an element cut off by the chunk's end or one that
/// does not parse, is read one by one as before, so errors and waits are the
/// same.
///
/// ```swift
/// var reader = JSONArrayReader(scanner: scanner, keepsBytes: false, isMap: false)
/// // "[{"title":"a"},{"title":"b"}]": two items, then isDone; "[1,]": "unexpected ']', expected a value"
/// ```
struct JSONArrayReader: ItemReader {
  /// Where the reader stands between elements.
  enum State {
    /// Before the `[` or `{`.
    case open
    case afterOpen, afterComma, afterValue, closed
  }

  let scanner: ItemScanner
  let keepsBytes: Bool
  /// Whether the container is a map (members are items) rather than an array.
  let isMap: Bool
  private(set) var state = State.open
  /// Where a chunk's elements are scanned (several at once, or in turn).
  var parallelism = Parallelism.serial
  /// The fewest bytes of a chunk worth scanning in two parts.
  static let partsThreshold = 16_384
  /// How many parts' starts were guessed right (for tests and benches).
  private(set) var guessesKept = 0

  init(scanner: ItemScanner, keepsBytes: Bool, isMap: Bool) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.isMap = isMap
  }

  var shape: ItemTextShape? { isMap ? .member : .json }

  var isDone: Bool { state == .closed }

  private var kind: String { isMap ? "object" : "array" }
  private var close: UInt8 { isMap ? UInt8(ascii: "}") : UInt8(ascii: "]") }

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while state != .closed {
      parser.skipWhitespace()
      let at = parser.position
      guard let next = parser.peek else { return ReadProgress(done: at) }
      switch state {
      case .open:
        parser.position += 1  // the '[' or '{' that holds the items
        state = .afterOpen
      case .closed:
        break
      case .afterValue:
        parser.position += 1
        if next == UInt8(ascii: ",") {
          state = .afterComma
        } else if next == close {
          state = .closed
        } else {
          throw chunk.syntaxError(
            "expected ',' or '\(Character(Unicode.Scalar(close)))' in the \(kind), found \(parser.describeByte(at))", at: at)
        }
      case .afterOpen where next == close:
        parser.position += 1
        state = .closed
      case .afterOpen, .afterComma:
        if parallelism.hasHelpers, !isMap, chunk.count - at >= Self.partsThreshold,
          let end = scanInParts(chunk, from: at, into: &items)
        {
          parser.position = end
          state = .afterValue
          continue
        }
        switch try scanner.scanElement(in: chunk, at: at, member: isMap, depth: 1, keepingBytes: keepsBytes) {
        case .needMore(let doubling):
          return ReadProgress(done: at, waitsForDouble: doubling)
        case .item(let item, let end):
          items.append(item)
          parser.position = end
          state = .afterValue
        }
      }
    }
    return ReadProgress(done: parser.position)
  }

  /// Scans the whole elements of `chunk` from `start` (the first element's
  /// place) in parts, on both cores, appending them to `items` in order;
  /// returns where the last one appended ends, or nil when none was.
  ///
  /// Nothing is skipped over first. Each part after the first starts at a
  /// guess (``GuessedParts``): past its share of the chunk, the first place
  /// where the bytes between the first two elements (the comma and its
  /// spaces, the same opening) come again. A part scans its elements in turn
  /// until one starts at or past the next part's guess; the next part's
  /// items are kept only when one starts exactly there, which makes the guess
  /// an element's start, as reading in turn would have found it. Otherwise
  /// (the bytes were inside an element) the parts from there on are let go,
  /// and the loop reads on from the last element kept.
  ///
  /// An element counts as whole when it scans without error and a `,` or the
  /// closing `]` follows it in the chunk: one that runs into the chunk's end,
  /// or is not JSON, ends the run, and the loop reads it one by one.
  ///
  /// ```swift
  /// // "[\n  {…},\n  {…}, … ]": each part after the first starts at a ",\n  {" past its share
  /// ```
  mutating func scanInParts(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) -> Int? {
    var starts = [start]
    if let separator = separator(in: chunk.bytes, from: start) {
      let parts = GuessedParts.parts(for: chunk.count - start)
      starts = GuessedParts.starts(from: start, end: chunk.count, parts: parts) { at in
        self.guess(separator, in: chunk.bytes, from: max(at, separator.second))
      }
    }
    let runs = parallelism.map(starts.count) { part in
      self.scanRun(chunk, from: starts[part], until: part + 1 < starts.count ? starts[part + 1] : nil)
    }
    let kept = GuessedParts.keptCount(starts: starts) { runs[$0].next }
    guessesKept += kept - 1
    var end: Int?
    for run in runs[..<kept] {
      items += run.items
      end = run.end ?? end
    }
    return end
  }

  /// The whole elements one part scanned in turn.
  private struct ElementRun {
    var items: [ScannedItem] = []
    /// Where the last element scanned ends (nil: none was).
    var end: Int?
    /// Where the element after the last one starts, when the run stopped at
    /// its `until` (nil: it stopped at the array's end, an element cut off or
    /// one that does not parse).
    var next: Int?
  }

  /// Scans elements in turn from `start` while each is whole, stopping before
  /// the first that starts at or past `until`.
  private func scanRun(_ chunk: Chunk, from start: Int, until: Int?) -> ElementRun {
    var run = ElementRun()
    let scanner = scanner.withSettledTable()
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while true {
      let element = parser.position
      if let until, element >= until {
        run.next = element
        break
      }
      guard let item = try? scanner.scanValue(&parser, depth: 1, pageOffset: chunk.start, keepingBytes: keepsBytes) else { break }
      let end = parser.position
      parser.skipWhitespace()
      guard let next = parser.peek, next == UInt8(ascii: ",") || next == close else { break }
      run.items.append(item)
      run.end = end
      guard next == UInt8(ascii: ",") else { break }
      parser.position += 1
      parser.skipWhitespace()
    }
    return run
  }

  /// What lies between an array's elements, as its first two show it: the
  /// comma and its spaces, then the second element's opening (up to its
  /// first key's colon, for an object).
  struct Separator {
    /// The bytes from the first element's end to the second's opening's end.
    var pattern: [UInt8]
    /// The same up to the second element's first byte alone, when `pattern` goes further.
    var shorter: [UInt8]?
    /// How far into `pattern` the comma, and the element, are.
    var comma: Int
    var leading: Int
    /// Where the second element starts: no guess lies before it.
    var second: Int
  }

  /// The separator the elements from `start` show, or nil when the first two
  /// are not in `bytes` or lie far apart.
  private func separator(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Separator? {
    var parser = JSONParser(bytes: bytes, position: start)
    guard (try? parser.skipValue(depth: 1)) != nil else { return nil }
    let firstEnd = parser.position
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ",") else { return nil }
    let comma = parser.position - firstEnd
    parser.position += 1
    parser.skipWhitespace()
    let second = parser.position
    guard second < bytes.count, second - firstEnd <= 32 else { return nil }
    // An object's first key is part of its opening: a nested object seldom has the same one.
    var opening = second + 1
    if bytes[second] == UInt8(ascii: "{") {
      let limit = min(bytes.count, second + 64)
      var colon = second + 1
      while colon < limit, bytes[colon] != UInt8(ascii: ":"), bytes[colon] != UInt8(ascii: "\\") { colon += 1 }
      if colon < limit, bytes[colon] == UInt8(ascii: ":") { opening = colon + 1 }
    }
    return Separator(
      pattern: Array(bytes[firstEnd..<opening]), shorter: opening > second + 1 ? Array(bytes[firstEnd...second]) : nil,
      comma: comma, leading: second - firstEnd, second: second)
  }

  /// The first element start from `from` that `separator` finds, with its
  /// whole opening or, failing that (elements whose first keys differ), its
  /// first byte alone; nil when neither is found.
  private func guess(_ separator: Separator, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    find(separator.pattern, leading: separator.leading, comma: separator.comma, in: bytes, from: from)
      ?? separator.shorter.flatMap { find($0, leading: separator.leading, comma: separator.comma, in: bytes, from: from) }
  }

  /// The first place from `from` where `pattern` (an element's separator, its
  /// comma `comma` bytes in, then the start of the element `leading` bytes in)
  /// is followed by an element and `pattern` again: that element's start.
  private func find(_ pattern: [UInt8], leading: Int, comma: Int, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var from = from + comma
    while from < bytes.count {
      guard let found = memchr(base + from, Int32(UInt8(ascii: ",")), bytes.count - from) else { return nil }
      let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - comma
      from = at + comma + 1
      guard at + pattern.count <= bytes.count, memcmp(base + at, pattern, pattern.count) == 0 else { continue }
      // The element there must be followed by the same comma, spaces and opening.
      var element = JSONParser(bytes: bytes, position: at + leading)
      guard (try? element.skipValue(depth: 1)) != nil else { continue }
      let after = element.position
      if after + pattern.count <= bytes.count, memcmp(base + after, pattern, pattern.count) == 0 { return at + leading }
    }
    return nil
  }

  func finish(_ chunk: Chunk) throws(LoadError) {
    guard state != .closed else { return }
    // After `[` or a comma a value is what is missing; after a value, the end.
    let missing = state == .afterValue
      ? "unexpected end of input: the \(kind) is not closed (expected ',' or '\(Character(Unicode.Scalar(close)))')"
      : "unexpected end of input, expected a value"
    throw chunk.syntaxError(missing, at: chunk.count)
  }
}
