/// The shape of the start of a JSON document, read without building anything:
/// which arrays of objects and maps (objects whose values are all objects) it
/// holds, and where, so the reader can choose where the items are before it reads
/// them.
///
/// The outline reads as far as its bytes go: a document cut off by the end of the
/// bytes is ``End/needMore``, with the containers still open on ``open``
/// (outermost first). A ``target`` path stops the outline as soon as the value at
/// that path begins.
///
/// ```swift
/// let outline = JSONOutline(Array(#"{"n": 2, "items": [{"a": 1}, {"a": 2}]}"#.utf8))
/// outline.end                       // .complete(at: 37)
/// outline.closed.first?.path        // ["items"]
/// outline.closed.first?.count       // 2
/// ```
struct JSONOutline {
  /// An array or object met in the document.
  struct Container: Equatable {
    var path: [String]
    var isArray: Bool
    /// The offset of its `[` or `{`.
    var start: Int
    /// The offset just past its `]` or `}`, once it has closed.
    var end: Int?
    /// Its elements or members so far.
    var count = 0
    /// Whether every element or member value so far is an object.
    var allObjects = true

    /// Whether its items would make cards: an array of objects, or a map of two or more.
    var isCandidate: Bool { allObjects && (isArray ? count >= 1 : count >= 2) }
  }

  enum End: Equatable {
    /// The first value ended just before this offset.
    case complete(at: Int)
    /// The bytes ended inside the first value.
    case needMore
    /// A syntax error.
    case error(JSONSyntaxError)
  }

  private(set) var end = End.needMore
  /// The candidates that ended, in the order they ended.
  private(set) var closed: [Container] = []
  /// The containers open where the bytes ended, outermost first.
  private(set) var open: [Container] = []
  /// The value at the target path, once its first byte was met.
  private(set) var target: Container?
  /// Whether the target path names a scalar (it can give no items).
  private(set) var targetIsScalar = false

  init(_ bytes: [UInt8], from start: Int = 0, target: [String]? = nil) {
    bytes.withUnsafeBufferPointer { read($0, from: start, target: target) }
  }

  init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, target: [String]? = nil) {
    read(bytes, from: start, target: target)
  }

  private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, target: [String]?) {
    var parser = JSONParser(bytes: bytes, position: start)
    var stack: [Container] = []
    /// The key (or index) the next value is at.
    var nextKey: String?
    /// Whether a value is expected next (after `[`, `,` or `:`, or at the start).
    var wantsValue = true
    do throws(JSONSyntaxError) {
      while true {
        parser.skipWhitespace()
        guard let byte = parser.peek else {
          open = stack
          end = .needMore
          return
        }
        if wantsValue {
          let path = stack.map(\.path).last.map { $0 + [nextKey ?? ""] } ?? []
          if stack.last?.isArray == false || stack.last?.isArray == true {
            stack[stack.count - 1].count += 1
            if byte != UInt8(ascii: "{") { stack[stack.count - 1].allObjects = false }
          }
          if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            guard stack.count < 512 else { throw JSONSyntaxError("JSON nested deeper than 512 levels", at: parser.position) }
            let container = Container(path: path, isArray: byte == UInt8(ascii: "["), start: parser.position)
            if let target, path == target {
              self.target = container
              open = stack
              end = .needMore
              return
            }
            stack.append(container)
            parser.position += 1
            parser.skipWhitespace()
            if parser.peek == nil { open = stack; end = .needMore; return }
            if container.isArray {
              if parser.peek == UInt8(ascii: "]") {
                wantsValue = false
                continue
              }
              nextKey = "0"
              wantsValue = true
            } else {
              if parser.peek == UInt8(ascii: "}") {
                wantsValue = false
                continue
              }
              nextKey = try Self.key(&parser)
              wantsValue = true
            }
            continue
          }
          if let target, path == target { targetIsScalar = true }
          try parser.skipValue(depth: stack.count)
          wantsValue = false
          if stack.isEmpty {
            end = .complete(at: parser.position)
            return
          }
          continue
        }
        // After a value: a comma, or the end of the container.
        guard let top = stack.last else {
          end = .complete(at: parser.position)
          return
        }
        if byte == UInt8(ascii: ",") {
          parser.position += 1
          if top.isArray {
            nextKey = String(top.count)
          } else {
            parser.skipWhitespace()
            if parser.peek == nil { open = stack; end = .needMore; return }
            nextKey = try Self.key(&parser)
          }
          wantsValue = true
        } else if byte == (top.isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
          parser.position += 1
          stack.removeLast()
          if top.isCandidate {
            var ended = top
            ended.end = parser.position
            closed.append(ended)
          }
          if stack.isEmpty {
            end = .complete(at: parser.position)
            return
          }
        } else {
          let what = top.isArray ? "expected ',' or ']' in the array" : "expected ',' or '}' in the object"
          throw JSONSyntaxError("\(what), found \(parser.describeByte(parser.position))", at: parser.position)
        }
      }
    } catch {
      open = stack
      end = error.offset >= bytes.count || parser.position >= bytes.count ? .needMore : .error(error)
    }
  }

  /// Reads `"key" :` and returns the key.
  private static func key(_ parser: inout JSONParser) throws(JSONSyntaxError) -> String {
    guard parser.peek == UInt8(ascii: "\"") else {
      throw JSONSyntaxError("expected a string key, found \(parser.describeByte(parser.position))", at: parser.position)
    }
    let key = try parser.parseString()
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw JSONSyntaxError("expected ':' after the key, found \(parser.describeByte(parser.position))", at: parser.position)
    }
    parser.position += 1
    return key
  }

  /// The candidate with the most items among those that ended; the first on a tie.
  var largestClosed: Container? {
    closed.max { a, b in a.count < b.count || (a.count == b.count && a.start > b.start) }
  }

  /// The outermost candidate still open where the bytes ended.
  var outermostOpen: Container? {
    open.first { $0.isCandidate }
  }
}
