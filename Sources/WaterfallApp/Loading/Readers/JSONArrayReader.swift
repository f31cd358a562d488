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
/// array a chunk holds whole are found first, skipped over, and then scanned
/// on both cores (``scanInParts(_:from:into:)``); anything else, a map, an
/// element cut off by the chunk's end or one that does not parse, is read one
/// by one as before, so errors and waits are the same.
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
  /// The fewest whole elements worth scanning in parts.
  static let partsThreshold = 64
  /// Where (a page offset) the last skip found too few whole elements: parts
  /// are not tried again before it, so a chunk of few large elements is
  /// skipped over once, not once an element.
  private var fewElementsUntil = 0

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
        if parallelism.hasHelpers, !isMap, chunk.start + at >= fewElementsUntil,
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
  /// returns where the last one appended ends, or nil when fewer than
  /// ``partsThreshold`` were found (they are then read one by one).
  ///
  /// An element counts as whole when it skips without error and a `,` or the
  /// closing `]` follows it in the chunk: one that runs into the chunk's end,
  /// or is not JSON, ends the run, and the loop reads it one by one. An
  /// element the scanner refuses all the same ends what is appended there.
  mutating func scanInParts(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) -> Int? {
    var bounds: [Range<Int>] = []
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while true {
      let element = parser.position
      guard (try? parser.skipValue(depth: 1)) != nil else { break }
      let end = parser.position
      parser.skipWhitespace()
      guard let next = parser.peek, next == UInt8(ascii: ",") || next == close else { break }
      bounds.append(element..<end)
      guard next == UInt8(ascii: ",") else { break }
      parser.position += 1
      parser.skipWhitespace()
    }
    guard bounds.count >= Self.partsThreshold else {
      fewElementsUntil = chunk.start + (bounds.last?.upperBound ?? start) + 1
      return nil
    }
    let parts = 2
    let (scanner, keepsBytes, perPart) = (scanner.withSettledTable(), keepsBytes, (bounds.count + parts - 1) / parts)
    let results = parallelism.map(parts) { part in
      var scanned: [ScannedItem] = []
      scanned.reserveCapacity(perPart)
      for range in bounds[min(bounds.count, part * perPart)..<min(bounds.count, (part + 1) * perPart)] {
        var element = JSONParser(bytes: chunk.bytes, position: range.lowerBound)
        guard let item = try? scanner.scanValue(&element, depth: 1, pageOffset: chunk.start, keepingBytes: keepsBytes),
          element.position == range.upperBound
        else { break }
        scanned.append(item)
      }
      return scanned
    }
    var taken = 0
    for part in 0..<parts {
      items += results[part]
      taken += results[part].count
      if results[part].count < min(bounds.count, (part + 1) * perPart) - part * perPart { break }
    }
    return taken > 0 ? bounds[taken - 1].upperBound : nil
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
