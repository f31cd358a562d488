import WaterfallWorkers

/// Reads JSON values one after another (pretty-printed, as `jq` writes them):
/// each value an item, a top-level array's elements items (``TopLevelValues``);
/// or documents back to back, each holding its items in the same place
/// (``Mode/documents(path:isMap:)``).
///
/// The second mode reads a document's items wherever a ``DocumentOutliner``
/// found them (or `--path` put them): in each document it finds the array or map
/// at that path, reads its elements as they arrive (``JSONArrayReader``), skips
/// the rest of the document, and goes on with the next document, so pages back to
/// back (`{"items": […]}{"items": […]}`, `gh api --paginate`) are one stream of
/// items. What follows the last document that is not a document is not the
/// page's business (as text after a document always was), unless the items were
/// the whole document: then it is an error, as after an array.
///
/// ```swift
/// var values = ValueStreamReader(scanner: scanner, keepsBytes: false, mode: .values)
/// // "{\n \"title\": \"one\"\n}\n\"two\"\n[3, 4]": four items
/// var pages = ValueStreamReader(scanner: scanner, keepsBytes: false, mode: .documents(path: ["items"], isMap: false))
/// // "{\"n\":1,\"items\":[{\"a\":1}]}{\"n\":1,\"items\":[{\"a\":2}]}": two items
/// ```
struct ValueStreamReader: ItemReader {
  enum Mode: Equatable {
    /// Each value is an item, each top-level array's elements too.
    case values
    /// The items are the array (or map) at `path` in each document.
    case documents(path: [String], isMap: Bool)
  }

  /// Where the reader stands in documents mode.
  enum Place {
    /// Before a document (or after the last).
    case between
    /// In a document, before the items' container.
    case finding
    /// In the items' container.
    case reading(JSONArrayReader)
    /// After the container, in the containers around it (`true`: an array), innermost last.
    case rest([Bool])
    /// Past what is the page's business.
    case over
  }

  let scanner: ItemScanner
  let keepsBytes: Bool
  let mode: Mode
  private(set) var place = Place.between
  /// The values read in values mode.
  private var values: TopLevelValues
  /// The containers around the items' container in the document being read.
  private var around: [Bool] = []
  /// Where an array's elements are scanned (``JSONArrayReader/parallelism``).
  var parallelism = Parallelism.serial {
    didSet { values.parallelism = parallelism }
  }

  init(scanner: ItemScanner, keepsBytes: Bool, mode: Mode) {
    self.scanner = scanner
    self.keepsBytes = keepsBytes
    self.mode = mode
    values = TopLevelValues(scanner: scanner, keepsBytes: keepsBytes)
  }

  var shape: ItemTextShape? {
    if case .documents(_, true) = mode { return .member }
    return .json
  }

  var isDone: Bool {
    if case .over = place { return true }
    return false
  }

  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    switch mode {
    case .values: return try values.read(chunk, from: start, into: &items)
    case .documents(let path, let isMap): return try readDocuments(chunk, from: start, path: path, isMap: isMap, into: &items)
    }
  }

  func finish(_ chunk: Chunk) throws(LoadError) {
    try values.finish(chunk)
    if case .reading(let reader) = place { try reader.finish(chunk) }
  }

  // MARK: Documents

  private mutating func readDocuments(
    _ chunk: Chunk, from start: Int, path: [String], isMap: Bool, into items: inout [ScannedItem]
  ) throws(LoadError) -> ReadProgress {
    var parser = JSONParser(bytes: chunk.bytes, position: start)
    while true {
      parser.skipWhitespace()
      let at = parser.position
      switch place {
      case .over:
        return ReadProgress(done: chunk.count)
      case .between:
        guard let next = parser.peek else { return ReadProgress(done: at) }
        if next == UInt8(ascii: "{") || next == UInt8(ascii: "[") {
          place = .finding
        } else if path.isEmpty {
          // The items were the whole document, as an array's are.
          throw chunk.syntaxError("unexpected \(parser.describeByte(at)) after the \(isMap ? "object" : "array")", at: at)
        } else {
          place = .over
        }
      case .finding:
        let outline = JSONOutline(chunk.bytes, from: at, target: path)
        let missing = "this document has no \(isMap ? "map" : "array") at \(JSONPath(components: path)), as the ones before it had"
        if let container = outline.target {
          guard container.isArray != isMap else { throw chunk.syntaxError(missing, at: at) }
          around = outline.open.map(\.isArray)
          var reader = JSONArrayReader(scanner: scanner, keepsBytes: keepsBytes, isMap: isMap)
          reader.parallelism = parallelism
          place = .reading(reader)
          parser.position = container.start
          continue
        }
        switch outline.end {
        case .error(let syntax):
          throw chunk.syntaxError(syntax.message, at: syntax.offset)
        case .needMore where !chunk.atEnd:
          return ReadProgress(done: at, waitsForDouble: true)
        default:
          throw chunk.syntaxError(missing, at: at)
        }
      case .reading(var reader):
        let progress = try reader.read(chunk, from: at, into: &items)
        place = reader.isDone ? .rest(around) : .reading(reader)
        guard reader.isDone else { return progress }
        parser.position = progress.done
      case .rest(var open):
        guard let next = parser.peek else { return ReadProgress(done: at) }
        guard let innermost = open.last else {
          place = .between
          continue
        }
        if next == (innermost ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
          parser.position += 1
          open.removeLast()
          place = .rest(open)
          continue
        }
        // Skip one element or member whole, or wait for the rest of it.
        var skipper = JSONParser(bytes: chunk.bytes, position: at)
        do throws(JSONSyntaxError) {
          guard next == UInt8(ascii: ",") else { throw JSONSyntaxError("", at: at) }
          skipper.position += 1
          if !innermost {
            skipper.skipWhitespace()
            try skipper.skipString()
            skipper.skipWhitespace()
            guard skipper.peek == UInt8(ascii: ":") else { throw JSONSyntaxError("", at: skipper.position) }
            skipper.position += 1
          }
          skipper.skipWhitespace()
          try skipper.skipValue(depth: open.count)
        } catch {
          if !chunk.atEnd, skipper.position >= chunk.count || error.offset >= chunk.count {
            return ReadProgress(done: at, waitsForDouble: true)
          }
          // Not well formed after the items: not the page's business.
          place = .over
          continue
        }
        // A number running into the end of the chunk may go on in the next one.
        if !chunk.atEnd, skipper.position >= chunk.count { return ReadProgress(done: at) }
        parser.position = skipper.position
      }
    }
  }
}
