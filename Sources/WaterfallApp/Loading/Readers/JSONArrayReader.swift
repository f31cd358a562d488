/// Reads the elements of a JSON array, or the members of a map (an object whose
/// values are objects: a card per key), each an item as soon as its bytes are in;
/// done at the closing bracket.
///
/// An array at the top level of a page is one page of items among the page's
/// values (``TopLevelValues``: `[…][…]`, `{…}\n[…]`); an array or map inside a
/// larger document is read where ``ValueStreamReader``'s documents hold it.
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

  func finish(_ chunk: Chunk) throws(LoadError) {
    guard state != .closed else { return }
    // After `[` or a comma a value is what is missing; after a value, the end.
    let missing = state == .afterValue
      ? "unexpected end of input: the \(kind) is not closed (expected ',' or '\(Character(Unicode.Scalar(close)))')"
      : "unexpected end of input, expected a value"
    throw chunk.syntaxError(missing, at: chunk.count)
  }
}
