/// Reads the elements of a JSON array, or the members of a map (an object whose
/// values are objects: a card per key), each an item as soon as its bytes are in.
///
/// A page that is an array from its first byte is read with `backToBack`:
/// arrays one after another (`[…][…]`, `[…]\n[…]`, as `gh api --paginate` and
/// `jq` print pages) are one stream of items. Anything else after the array
/// (`[…] trailing`) stops the page with an error. An array or map inside a larger
/// document (``ValueStreamReader``'s pages) is done at its closing bracket.
///
/// ```swift
/// var reader = JSONArrayReader(scanner: scanner, keepsBytes: false, isMap: false, backToBack: true)
/// // "[{"title":"a"}][{"title":"b"}]": two items; "[1,]": "unexpected ']', expected a value"
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
  /// Whether another array after the closing `]` brings more items (the array is the whole page).
  let backToBack: Bool
  private(set) var state = State.open

  init(scanner: ItemScanner, keepsBytes: Bool, isMap: Bool, backToBack: Bool) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.isMap = isMap
    self.backToBack = backToBack
  }

  var shape: ItemTextShape? { isMap ? .member : .json }

  var isDone: Bool { state == .closed && !backToBack }

  private var kind: String { isMap ? "object" : "array" }
  private var close: UInt8 { isMap ? UInt8(ascii: "}") : UInt8(ascii: "]") }

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while true {
      parser.skipWhitespace()
      let at = parser.position
      guard let next = parser.peek else { return ReadProgress(done: at) }
      switch state {
      case .open:
        parser.position += 1  // the '[' or '{' that holds the items
        state = .afterOpen
      case .closed:
        // Pages back to back: the next array's elements follow the last's.
        if backToBack, next == UInt8(ascii: "[") {
          state = .open
          continue
        }
        throw chunk.syntaxError("unexpected \(parser.describeByte(at)) after the \(kind)", at: at)
      case .afterValue:
        parser.position += 1
        if next == UInt8(ascii: ",") {
          state = .afterComma
        } else if next == close {
          state = .closed
          if !backToBack { return ReadProgress(done: parser.position) }
        } else {
          throw chunk.syntaxError(
            "expected ',' or '\(Character(Unicode.Scalar(close)))' in the \(kind), found \(parser.describeByte(at))", at: at)
        }
      case .afterOpen where next == close:
        parser.position += 1
        state = .closed
        if !backToBack { return ReadProgress(done: parser.position) }
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
