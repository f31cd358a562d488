#if canImport(Glibc)
  import Glibc
#endif

/// Finds the items of one page (a JSON array, or JSON Lines) in its bytes as they
/// arrive, in chunks of any size.
///
/// This is what lets the first cards show while a large file or a pipe is still
/// being read. The format is the first character's: `[` starts an array, anything
/// else is JSON Lines. A UTF-8 byte-order mark is skipped.
///
/// - In JSON Lines, a blank line is ignored, a CRLF ending is accepted, and a line
///   that is not valid JSON is skipped and reported (``skipped``) with its line and
///   column, while every good line is kept.
/// - In an array, each element is found and read on its own as soon as its bytes
///   are in; a syntax error stops the page (``error``), keeping the items before it.
///
/// An element cut off by the end of a chunk is simply read again when more bytes
/// arrive; to keep a huge element from being re-read for every chunk, the reader
/// tries again only once its buffer has doubled.
///
/// ```swift
/// var reader = PageReader(path: "shop.json", scanner: ItemScanner(roles: FieldRoles()))
/// var items: [ScannedItem] = []
/// reader.feed(firstChunk, into: &items)
/// reader.feed(secondChunk, into: &items)
/// reader.finish(into: &items)
/// reader.error   // nil, or the syntax error that stopped the page
/// ```
public struct PageReader {
  enum Format {
    case unknown, array, lines
  }

  /// Where an array stands between elements.
  enum ArrayState {
    case open, afterOpen, afterComma, afterValue, closed
  }

  public let path: String
  let scanner: ItemScanner
  /// Whether items keep a copy of their JSON text (their page cannot be read again).
  let keepsBytes: Bool

  /// Bytes received and not yet consumed.
  private var buffer: [UInt8] = []
  /// The page offset of `buffer[0]`.
  private var bufferStart = 0
  /// The line and column of `buffer[0]`.
  private var bufferLocation = TextLocation(line: 1, column: 1)
  /// Retry an element cut off by the end of the buffer once the buffer holds this much.
  private var retryAt = 0
  private var format = Format.unknown
  private var arrayState = ArrayState.open
  private var sawByteOrderMarkCheck = false

  /// JSON Lines lines skipped as invalid, in order.
  public private(set) var skipped: [SkippedLine] = []
  /// The syntax error that stopped the page, if one did.
  public private(set) var error: LoadError?
  /// The bytes read so far.
  public private(set) var bytesRead = 0

  public init(path: String, scanner: ItemScanner, keepsBytes: Bool = false) {
    self.path = path
    self.scanner = scanner
    self.keepsBytes = keepsBytes
  }

  /// The buffer size at which an element cut off by the end of the buffer is
  /// tried again (0: at the next chunk).
  var retryThreshold: Int { retryAt }

  /// The bytes received and not yet consumed.
  var bufferedCount: Int { buffer.count }

  /// Whether the page can take no more bytes: its array ended in an error.
  public var isStopped: Bool { error != nil }

  /// Reads the items that `chunk` completes into `items`.
  public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into items: inout [ScannedItem]) {
    guard error == nil else { return }
    bytesRead += chunk.count
    buffer.append(contentsOf: chunk)
    if buffer.count < retryAt { return }
    process(atEnd: false, into: &items)
  }

  /// Reads the items that `chunk` completes into `items`.
  public mutating func feed(_ chunk: [UInt8], into items: inout [ScannedItem]) {
    chunk.withUnsafeBufferPointer { feed($0, into: &items) }
  }

  /// Reads what is left, the page having ended.
  public mutating func finish(into items: inout [ScannedItem]) {
    guard error == nil else { return }
    process(atEnd: true, into: &items)
    if error == nil, format == .array, arrayState != .closed {
      // After `[` or a comma a value is what is missing; after a value, the end.
      let missing = arrayState == .afterValue
        ? "unexpected end of input: the array is not closed (expected ',' or ']')"
        : "unexpected end of input, expected a value"
      fail(missing, at: buffer.count)
    }
    buffer = []
  }

  // MARK: Reading

  private mutating func process(atEnd: Bool, into items: inout [ScannedItem]) {
    retryAt = 0
    var consumed = 0
    buffer.withUnsafeBufferPointer { bytes in
      if !sawByteOrderMarkCheck {
        // The first four bytes tell a UTF-8 byte-order mark (skipped) and UTF-16
        // or UTF-32 text (refused, with the command that converts it).
        guard bytes.count >= 4 || atEnd else { return }
        sawByteOrderMarkCheck = true
        if let encoding = ForeignEncoding.detect(bytes) {
          error = .unreadable(path: path, reason: encoding.refusal(path: path))
          return
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { consumed = 3 }
      }
      if format == .unknown {
        var probe = JSONParser(bytes: bytes, position: consumed)
        probe.skipWhitespace()
        guard let first = probe.peek else { return }
        format = first == UInt8(ascii: "[") ? .array : .lines
      }
      switch format {
      case .array: consumed = readArray(bytes, from: consumed, atEnd: atEnd, into: &items)
      case .lines: consumed = readLines(bytes, from: consumed, atEnd: atEnd, into: &items)
      case .unknown: break
      }
    }
    consume(consumed)
  }

  /// Drops the first `count` bytes of the buffer, keeping track of where the rest lies.
  private mutating func consume(_ count: Int) {
    guard count > 0 else { return }
    bufferLocation = buffer.withUnsafeBufferPointer { bytes in
      // Count newlines, and characters only after the last one: the common case,
      // a chunk of whole lines, ends at column 1.
      var lastNewline = count - 1
      while lastNewline >= 0, bytes[lastNewline] != 0x0A { lastNewline -= 1 }
      guard lastNewline >= 0 else { return TextLocation.of(offset: count, in: bytes, from: bufferLocation) }
      var lines = 0
      for i in 0...lastNewline where bytes[i] == 0x0A { lines += 1 }
      let tail = UnsafeBufferPointer(rebasing: bytes[(lastNewline + 1)..<count])
      return TextLocation.of(offset: tail.count, in: tail, from: TextLocation(line: bufferLocation.line + lines, column: 1))
    }
    bufferStart += count
    buffer.removeSubrange(0..<count)
  }

  private func location(of offset: Int) -> TextLocation {
    buffer.withUnsafeBufferPointer { TextLocation.of(offset: offset, in: $0, from: bufferLocation) }
  }

  private mutating func fail(_ message: String, at offset: Int) {
    error = .syntax(path: path, location: location(of: offset), message: message)
  }

  /// Reads array elements from `start`; returns how many bytes are done with.
  private mutating func readArray(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool, into items: inout [ScannedItem]
  ) -> Int {
    var parser = JSONParser(bytes: bytes, position: start)
    while true {
      parser.skipWhitespace()
      let at = parser.position
      guard let next = parser.peek else { return at }
      switch arrayState {
      case .open:
        parser.position += 1  // the '[' that chose the format
        arrayState = .afterOpen
      case .closed:
        fail("unexpected \(parser.describeByte(at)) after the array", at: at)
        return at
      case .afterValue:
        parser.position += 1
        if next == UInt8(ascii: ",") {
          arrayState = .afterComma
        } else if next == UInt8(ascii: "]") {
          arrayState = .closed
        } else {
          fail("expected ',' or ']' in the array, found \(parser.describeByte(at))", at: at)
          return at
        }
      case .afterOpen where next == UInt8(ascii: "]"):
        parser.position += 1
        arrayState = .closed
      case .afterOpen, .afterComma:
        var element = JSONParser(bytes: bytes, position: at)
        let item: ScannedItem
        do throws(JSONSyntaxError) {
          item = try scanner.scanValue(&element, depth: 1, pageOffset: bufferStart, keepingBytes: keepsBytes)
        } catch {
          // Out of bytes before the element ended: wait for more, unless there are none.
          if !atEnd, element.position >= bytes.count || error.offset >= bytes.count {
            // Try again once the cut-off element's bytes have doubled (what is
            // before it is consumed), so a huge element costs O(n) in all.
            retryAt = (bytes.count - at) * 2
            return at
          }
          fail(error.message, at: error.offset)
          return at
        }
        // A number running into the end of the buffer may go on in the next chunk.
        if !atEnd, element.position >= bytes.count {
          return at
        }
        items.append(item)
        parser.position = element.position
        arrayState = .afterValue
      }
    }
  }

  /// Reads whole lines from `start`; returns how many bytes are done with.
  private mutating func readLines(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool, into items: inout [ScannedItem]
  ) -> Int {
    var lineStart = start
    var location = bufferLocation
    if start > 0 { location = TextLocation.of(offset: start, in: bytes, from: location) }
    while lineStart < bytes.count {
      let base = UnsafeRawPointer(bytes.baseAddress!)
      var lineEnd = bytes.count
      if let newline = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
        lineEnd = base.distance(to: UnsafeRawPointer(newline))
      }
      if lineEnd == bytes.count && !atEnd { break }
      var contentEnd = lineEnd
      if contentEnd > lineStart, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      readLine(bytes, lineStart..<contentEnd, location: location, into: &items)
      lineStart = lineEnd + 1
      location = TextLocation(line: location.line + 1, column: 1)
    }
    return min(lineStart, bytes.count)
  }

  private mutating func readLine(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, location: TextLocation, into items: inout [ScannedItem]
  ) {
    let line = UnsafeBufferPointer(rebasing: bytes[range])
    var first = 0
    var last = line.count
    while first < last, Self.isWhitespace(line[first]) { first += 1 }
    while last > first, Self.isWhitespace(line[last - 1]) { last -= 1 }
    guard first < last else { return }
    let text = UnsafeBufferPointer(rebasing: line[first..<last])
    do throws(JSONSyntaxError) {
      items.append(try scanner.scan(text, offset: bufferStart + range.lowerBound + first, keepingBytes: keepsBytes))
    } catch {
      let at = TextLocation.of(offset: first + error.offset, in: line, from: location)
      skipped.append(SkippedLine(path: path, location: at, message: error.message))
    }
  }

  private static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A
  }
}
