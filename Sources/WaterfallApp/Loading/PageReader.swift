#if canImport(Glibc)
  import Glibc
#endif

/// Finds the items of one page in its bytes as they arrive, in chunks of any size:
/// a JSON array, an object holding the items (an array of objects, or a map), a
/// stream of JSON values, JSON Lines, or CSV and TSV.
///
/// This is what lets the first cards show while a large file or a pipe is still
/// being read. The format comes from ``ReadOptions/format``, or else from the
/// content (and a `.csv`, `.tsv` or `.jsonl` extension):
///
/// - `[` starts an array; each element is an item.
/// - `{` starts an object, read first as an outline (``JSONOutline``). When another
///   value follows the first, one value a line is JSON Lines, and values over several
///   lines (pretty-printed, as `jq` writes them) are a stream, each value an item. A
///   single document is browsed by ``ReadOptions/path``, or else by its largest array
///   of objects (or map: a card per key).
///   When the document is larger than ``decisionWindow``, the outermost array of
///   objects still open at that point is chosen, so a million elements inside an
///   object stream as a bare array's do.
/// - A first line that is not JSON but splits into the same number of fields as the
///   next lines (tab, `,`, `;` or `|`) is CSV; anything else is JSON Lines.
///
/// Files that are not data (pictures, archives, programs, SQLite databases:
/// ``ContentSniffer``) stop the page with one clear error. A UTF-8 byte-order mark
/// is skipped.
///
/// - In JSON Lines, a blank line is ignored, a CRLF ending is accepted, and a line
///   that is not valid JSON is skipped and reported (``skipped``, the first 20 kept)
///   with its line and column, while every good line is kept.
/// - In an array, an object or a stream, each item is found and read on its own as
///   soon as its bytes are in; a syntax error stops the page (``error``), keeping
///   the items before it.
///
/// An item cut off by the end of a chunk is simply read again when more bytes
/// arrive; to keep a huge item from being re-read for every chunk, the reader tries
/// again only once its buffer has doubled.
///
/// ```swift
/// var reader = PageReader(path: "shop.json", scanner: ItemScanner(roles: FieldRoles()))
/// var items: [ScannedItem] = []
/// reader.feed(firstChunk, into: &items)
/// reader.feed(secondChunk, into: &items)
/// reader.finish(into: &items)
/// reader.error   // nil, or the syntax error that stopped the page
/// reader.note    // "items from /features (--path chooses another)", when chosen
/// ```
public struct PageReader {
  enum Format {
    case unknown
    /// A JSON document whose shape is being outlined.
    case outline
    case array, members, stream, lines, csv
  }

  /// Where an array stands between elements.
  enum ArrayState {
    case open, afterOpen, afterComma, afterValue, closed
  }

  /// How many bytes of a JSON document are outlined before the outermost array of
  /// objects still open is taken as the items.
  static let decisionWindow = 1 << 16

  public let path: String
  let scanner: ItemScanner
  let options: ReadOptions
  /// Whether items keep a copy of their text (their page cannot be read again).
  let keepsBytes: Bool

  /// Bytes received and not yet consumed.
  private var buffer: [UInt8] = []
  /// The page offset of `buffer[0]`.
  private var bufferStart = 0
  /// The line and column of `buffer[0]`.
  private var bufferLocation = TextLocation(line: 1, column: 1)
  /// Retry an item cut off by the end of the buffer once the buffer holds this much.
  private var retryAt = 0
  /// The page offset up to which the line cut off by the end of the buffer is
  /// known to hold no newline: the next chunk's search starts there, not at the
  /// line's start, so a line costs its length once however many chunks bring it.
  private var lineSearchedTo = 0
  private var format = Format.unknown
  private var arrayState = ArrayState.open
  private var sawByteOrderMarkCheck = false
  /// Whether bytes after the items' container are not the page's business (the
  /// container is inside a larger document).
  private var ignoresRest = false
  /// A CSV page's header, once read; its delimiter before that.
  private var table: CSVTable?
  private var delimiter = UInt8(ascii: ",")
  /// Scratch for a CSV record's JSON text.
  private var recordJSON: [UInt8] = []

  /// Lines skipped as invalid (JSON Lines), the first 20 kept.
  public private(set) var skipped = SkippedLines()
  /// The syntax error that stopped the page, if one did.
  public private(set) var error: LoadError?
  /// The bytes read so far.
  public private(set) var bytesRead = 0
  /// How the items' stored bytes read as JSON; final once ``isDescribed``.
  public private(set) var shape = ItemTextShape.json
  /// Where the items were found in a JSON document, for the status bar.
  public private(set) var note: String?
  /// Whether the format is known (and with it ``shape`` and ``note``).
  public var isDescribed: Bool {
    switch format {
    case .unknown, .outline: return false
    case .csv: return table != nil
    default: return true
    }
  }

  public init(path: String, scanner: ItemScanner, options: ReadOptions = ReadOptions(), keepsBytes: Bool = false) {
    self.path = path
    self.scanner = scanner
    self.options = options
    self.keepsBytes = keepsBytes
  }

  /// The buffer size at which an item cut off by the end of the buffer is
  /// tried again (0: at the next chunk).
  var retryThreshold: Int { retryAt }

  /// The bytes received and not yet consumed.
  var bufferedCount: Int { buffer.count }

  /// The bytes searched for a line's end so far (JSON Lines): about the page's
  /// length, never the square of a line's (tests).
  private(set) var lineSearchCount = 0

  /// Whether the page can take no more bytes: it ended in an error.
  public var isStopped: Bool { error != nil }

  /// Reads the items that `chunk` completes into `items`.
  public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into items: inout [ScannedItem]) {
    guard error == nil else { return }
    bytesRead += chunk.count
    if ignoresRest, arrayState == .closed { return }
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
    if error == nil, format == .array || format == .members, arrayState != .closed {
      // After `[` or a comma a value is what is missing; after a value, the end.
      let (kind, close) = format == .array ? ("array", "]") : ("object", "}")
      let missing = arrayState == .afterValue
        ? "unexpected end of input: the \(kind) is not closed (expected ',' or '\(close)')"
        : "unexpected end of input, expected a value"
      fail(missing, at: buffer.count)
    }
    buffer = []
  }

  // MARK: Reading

  private mutating func process(atEnd: Bool, into items: inout [ScannedItem]) {
    retryAt = 0
    var consumed = 0
    let before = items.count
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
        guard chooseFormat(bytes, from: consumed, atEnd: atEnd) else { return }
      }
      if format == .outline {
        guard let start = outline(bytes, from: consumed, atEnd: atEnd) else { return }
        consumed = start
      }
      switch format {
      case .array, .members, .stream: consumed = readElements(bytes, from: consumed, atEnd: atEnd, into: &items)
      case .lines: consumed = readLines(bytes, from: consumed, atEnd: atEnd, into: &items)
      case .csv: consumed = readRecords(bytes, from: consumed, atEnd: atEnd, into: &items)
      case .unknown, .outline: break
      }
    }
    recordChecksums(of: &items, from: before)
    if ignoresRest, arrayState == .closed { consumed = buffer.count }
    consume(consumed)
  }

  /// Sets the checksum of the items from `first` on, from their bytes in the
  /// buffer (still there: the buffer is trimmed only after this).
  private func recordChecksums(of items: inout [ScannedItem], from first: Int) {
    guard first < items.count else { return }
    buffer.withUnsafeBytes { bytes in
      for i in first..<items.count {
        let start = items[i].offset - bufferStart
        guard start >= 0, items[i].length >= 0, start + items[i].length <= bytes.count else { continue }
        items[i].checksum = ItemChecksum(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + items[i].length)])).value
      }
    }
  }

  /// Chooses the format from the options, the extension and the first bytes;
  /// returns false while more bytes are needed to tell.
  private mutating func chooseFormat(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Bool {
    var probe = JSONParser(bytes: bytes, position: start)
    probe.skipWhitespace()
    guard let first = probe.peek else { return false }
    let jsonStart = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    // Pictures, archives and programs are told by their first bytes (a tar's at 257).
    if !jsonStart, bytes.count < ContentSniffer.bytesWanted, !atEnd { return false }
    if options.format != .sqlite, let notData = ContentSniffer.notData(UnsafeBufferPointer(rebasing: bytes[start...])) {
      error = .notData(path: path, notData)
      return false
    }
    let rest = UnsafeBufferPointer(rebasing: bytes[probe.position...])
    switch options.format ?? DataFormat.fromExtension(of: path) {
    case .tsv:
      delimiter = 0x09
      format = .csv
      return true
    case .csv:
      guard Self.hasLinesToCompare(rest, atEnd: atEnd) else { return false }
      delimiter = CSVTable.sniffDelimiter(rest, atEnd: atEnd) ?? UInt8(ascii: ",")
      format = .csv
      return true
    case .jsonl:
      format = .lines
      return true
    case .sqlite:
      error = .unreadable(path: path, reason: "a SQLite database is read from its file: waterfall FILE --table NAME")
      return false
    case .json:
      format = first == UInt8(ascii: "[") && options.path == nil ? .array : jsonStart ? .outline : .stream
      return true
    case nil:
      break
    }
    if first == UInt8(ascii: "[") && options.path == nil {
      format = .array
      return true
    }
    if jsonStart {
      format = .outline
      return true
    }
    // Not an object or array: JSON Lines, unless the first line is not JSON and
    // the first lines split into fields alike (CSV or TSV).
    guard let lineEnd = CSVTable.recordEnd(in: rest, from: 0, atEnd: atEnd) ?? (rest.count > Self.decisionWindow ? rest.count : nil) else {
      return false
    }
    var line = JSONParser(bytes: UnsafeBufferPointer(rebasing: rest[..<lineEnd]))
    let isJSON = (try? line.skipValue()) != nil && { line.skipWhitespace(); return line.isAtEnd }()
    if !isJSON {
      guard Self.hasLinesToCompare(rest, atEnd: atEnd) else { return false }
      if let found = CSVTable.sniffDelimiter(rest, atEnd: atEnd) {
        delimiter = found
        format = .csv
        return true
      }
    }
    format = .lines
    return true
  }

  /// Whether `bytes` hold the lines a delimiter is told from (``CSVTable/sniffDelimiter(_:atEnd:)``):
  /// five, or all there are, or more than ``decisionWindow`` bytes of them.
  private static func hasLinesToCompare(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> Bool {
    var lines = 0
    var at = 0
    while lines < 5, let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: atEnd) {
      lines += 1
      at = end
    }
    return lines >= 5 || atEnd || bytes.count > decisionWindow
  }

  /// Outlines a JSON document that starts with `{` (or any document, given a
  /// path) until the items' place is known; returns where reading goes on from,
  /// or nil while more bytes are needed (or on an error).
  private mutating func outline(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool) -> Int? {
    let outline = JSONOutline(bytes, from: start, target: options.path?.components)
    var firstLineEnd = bytes.count
    if let newline = bytes[start...].firstIndex(of: 0x0A) { firstLineEnd = newline }
    if let path = options.path {
      if let target = outline.target {
        return choose(target, as: .named, at: target.start == start)
      }
      switch outline.end {
      case .error(let syntax):
        fail(syntax.message, at: syntax.offset)
        return nil
      case .needMore where !atEnd:
        retryAt = bytes.count * 2
        return nil
      default:
        let reason = outline.targetIsScalar ? "is not an array or object" : "is not in the document"
        let others = (outline.closed + outline.open).filter(\.isCandidate).map { JSONPath(components: $0.path).description }
        let hint = others.isEmpty ? "" : " (items could come from \(Set(others).sorted().joined(separator: ", ")))"
        error = .unreadable(path: self.path, reason: "--path \(path) \(reason)\(hint)")
        return nil
      }
    }
    switch outline.end {
    case .error(let syntax):
      if syntax.offset <= firstLineEnd {
        format = .lines  // a bad first line: JSON Lines, which skips it
        return start
      }
      fail(syntax.message, at: syntax.offset)
      return nil
    case .complete(let end):
      // Another value after the first: one a line is JSON Lines, else a stream.
      var after = JSONParser(bytes: bytes, position: end)
      after.skipWhitespace()
      if !after.isAtEnd {
        format = end <= firstLineEnd ? .lines : .stream
        return start
      }
      guard atEnd else {
        retryAt = bytes.count * 2
        return nil
      }
      if let largest = outline.largestClosed {
        return choose(largest, as: .largest, at: largest.start == start)
      }
      format = .stream  // one value: one item
      return start
    case .needMore:
      if bytes.count - start >= Self.decisionWindow || atEnd, let open = outline.outermostOpen {
        return choose(open, as: atEnd ? .cutOff : .firstLarge, at: open.start == start)
      }
      if atEnd {
        format = .stream  // cut off: the stream reports where
        return start
      }
      retryAt = bytes.count * 2
      return nil
    }
  }

  /// How the items' container was chosen, for the note.
  enum Choice {
    /// By `--path`.
    case named
    /// The largest, the document having ended within the decision window.
    case largest
    /// The outermost still open at the end of the decision window.
    case firstLarge
    /// The outermost still open where the document was cut off.
    case cutOff
  }

  /// Reads the items of `container` from now on; `isWhole` says whether it is
  /// the whole document.
  private mutating func choose(_ container: JSONOutline.Container, as choice: Choice, at isWhole: Bool) -> Int {
    format = container.isArray ? .array : .members
    arrayState = .open
    ignoresRest = !isWhole || !container.path.isEmpty
    shape = container.isArray ? .json : .member
    let place = "items from \(JSONPath(components: container.path))"
    let what = container.isArray ? "array of objects" : "map of objects, a card per key"
    switch choice {
    case .named: note = place
    case .largest: note = "\(place) (the largest \(what); --path chooses another)"
    case .firstLarge: note = "\(place) (\(container.isArray ? "an" : "a") \(what); --path chooses another)"
    case .cutOff: note = "\(place) (the \(what); --path chooses another)"
    }
    return container.start
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

  /// Reads array elements, object members or a stream's values from `start`;
  /// returns how many bytes are done with.
  private mutating func readElements(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool, into items: inout [ScannedItem]
  ) -> Int {
    let (kind, close): (String, UInt8) = format == .members ? ("object", UInt8(ascii: "}")) : ("array", UInt8(ascii: "]"))
    var parser = JSONParser(bytes: bytes, position: start)
    while true {
      parser.skipWhitespace()
      let at = parser.position
      guard let next = parser.peek else { return at }
      switch arrayState {
      case .open where format == .stream:
        arrayState = .afterComma
      case .open:
        parser.position += 1  // the '[' or '{' that holds the items
        arrayState = .afterOpen
      case .closed:
        fail("unexpected \(parser.describeByte(at)) after the \(kind)", at: at)
        return at
      case .afterValue where format == .stream:
        arrayState = .afterComma
      case .afterValue:
        parser.position += 1
        if next == UInt8(ascii: ",") {
          arrayState = .afterComma
        } else if next == close {
          arrayState = .closed
          if ignoresRest { return bytes.count }
        } else {
          fail("expected ',' or '\(Character(Unicode.Scalar(close)))' in the \(kind), found \(parser.describeByte(at))", at: at)
          return at
        }
      case .afterOpen where next == close && format != .stream:
        parser.position += 1
        arrayState = .closed
        if ignoresRest { return bytes.count }
      case .afterOpen, .afterComma:
        var element = JSONParser(bytes: bytes, position: at)
        var item: ScannedItem
        do throws(JSONSyntaxError) {
          if format == .members {
            item = try scanMember(&element, pageOffset: bufferStart)
          } else {
            item = try scanner.scanValue(
              &element, depth: format == .stream ? 0 : 1, pageOffset: bufferStart, keepingBytes: keepsBytes)
          }
        } catch {
          // Out of bytes before the item ended: wait for more, unless there are none.
          if !atEnd, element.position >= bytes.count || error.offset >= bytes.count {
            // Try again once the cut-off item's bytes have doubled (what is
            // before it is consumed), so a huge item costs O(n) in all.
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

  /// Reads one member of a map, `"key": value`, as an item whose title is the key.
  private func scanMember(_ parser: inout JSONParser, pageOffset: Int) throws(JSONSyntaxError) -> ScannedItem {
    let start = parser.position
    guard parser.peek == UInt8(ascii: "\"") else {
      throw JSONSyntaxError("expected a string key, found \(parser.describeByte(start))", at: start)
    }
    try parser.skipString()
    let key = start..<parser.position
    parser.skipWhitespace()
    guard parser.peek == UInt8(ascii: ":") else {
      throw JSONSyntaxError("expected ':' after the key, found \(parser.describeByte(parser.position))", at: parser.position)
    }
    parser.position += 1
    parser.skipWhitespace()
    var item = try scanner.scanValue(&parser, depth: 1, pageOffset: pageOffset, title: key)
    item.offset = pageOffset + start
    item.length = parser.position - start
    if keepsBytes { item.json = Array(parser.bytes[start..<parser.position]) }
    return item
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
      // What an earlier chunk searched of a line it cut off is not searched again.
      let searchFrom = min(max(lineStart, lineSearchedTo - bufferStart), bytes.count)
      var lineEnd = bytes.count
      if searchFrom < bytes.count, let newline = memchr(base + searchFrom, 0x0A, bytes.count - searchFrom) {
        lineEnd = base.distance(to: UnsafeRawPointer(newline))
      }
      lineSearchCount += lineEnd - searchFrom
      if lineEnd == bytes.count && !atEnd {
        lineSearchedTo = bufferStart + bytes.count
        break
      }
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

  /// Reads whole CSV records from `start` (the header first); returns how many
  /// bytes are done with.
  private mutating func readRecords(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, atEnd: Bool, into items: inout [ScannedItem]
  ) -> Int {
    var at = start
    while let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: atEnd) {
      let record = UnsafeBufferPointer(rebasing: bytes[at..<end])
      var length = record.count
      if length > 0, record[length - 1] == 0x0A { length -= 1 }
      if length > 0, record[length - 1] == 0x0D { length -= 1 }
      if atEnd, end == bytes.count, CSVTable.hasOpenQuote(record) {
        fail("a quoted field is not closed: it runs to the end of the file", at: at)
        return at
      }
      defer { at = end }
      guard length > 0 else { continue }  // a blank line
      guard let table else {
        let header = CSVTable(header: Array(record), delimiter: delimiter)
        self.table = header
        shape = .csv(header)
        continue
      }
      recordJSON.removeAll(keepingCapacity: true)
      table.appendJSON(record: UnsafeBufferPointer(rebasing: record[..<length]), to: &recordJSON)
      let scanned = recordJSON.withUnsafeBufferPointer { try? scanner.scan($0, offset: 0) }
      guard var item = scanned else { continue }
      item.offset = bufferStart + at
      item.length = length
      if keepsBytes { item.json = Array(record[..<length]) }
      items.append(item)
    }
    if at < bytes.count { retryAt = (bytes.count - at) * 2 }
    return at
  }

  private static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A
  }
}
