/// Decides where the items of a JSON document are, from its outline
/// (``JSONOutline``: structure only, nothing built), before reading them.
///
/// - With a `--path`, the items are the array or map there, as soon as it begins.
/// - When another value follows the first: one value a line is JSON Lines, and
///   values over several lines (pretty-printed, as `jq` writes them) are a
///   stream, each value an item, a top-level array's elements too. But documents back to back that each wrap an
///   array of objects (`{"total": 2, "items": […]}{…}`, as `gh api --paginate`
///   prints pages) are pages: each document's array at that path.
/// - A single document is browsed by its largest array of objects (or map: a
///   card per key). When it is larger than ``decisionWindow``, the
///   outermost array of objects still open at that point is chosen, so a million
///   elements inside an object stream as a bare array's do.
///
/// ```swift
/// let outliner = DocumentOutliner(path: "geo.json", target: nil)
/// let decision = try outliner.decide(chunk, from: 0)   // nil while more bytes are needed
/// // .items(path: ["features"], isMap: false, note: "items from /features (the largest array of objects; --path chooses another)")
/// ```
struct DocumentOutliner {
  enum Decision: Equatable {
    /// JSON Lines (the first line was a value, another followed; or it was bad).
    case lines
    /// Values one after another, each an item.
    case stream
    /// The array (or map) at `path` in each document, and the note saying so.
    case items(path: [String], isMap: Bool, note: String)
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
    /// The largest of the first of several documents back to back.
    case eachDocument
  }

  /// How many bytes of a JSON document are outlined before the outermost array
  /// of objects still open is taken as the items.
  static let decisionWindow = 1 << 16

  /// The page's name in messages.
  let path: String
  /// Where `--path` says the items are.
  let target: JSONPath?

  /// Outlines the document that starts at `start`; nil while more bytes are needed.
  func decide(_ chunk: Chunk, from start: Int) throws(LoadError) -> Decision? {
    let bytes = chunk.bytes
    let outline = JSONOutline(bytes, from: start, target: target?.components)
    var firstLineEnd = bytes.count
    if let newline = bytes[start...].firstIndex(of: 0x0A) { firstLineEnd = newline }
    if let target {
      if let found = outline.target { return Self.items(found, as: .named) }
      switch outline.end {
      case .error(let syntax):
        throw chunk.syntaxError(syntax.message, at: syntax.offset)
      case .needMore where !chunk.atEnd:
        return nil
      default:
        let reason = outline.targetIsScalar ? "is not an array or object" : "is not in the document"
        let others = (outline.closed + outline.open).filter(\.isCandidate).map { JSONPath(components: $0.path).description }
        let hint = others.isEmpty ? "" : " (items could come from \(Set(others).sorted().joined(separator: ", ")))"
        throw .unreadable(path: path, reason: "--path \(target) \(reason)\(hint)")
      }
    }
    switch outline.end {
    case .error(let syntax):
      // A bad first line: JSON Lines, which skips it.
      if syntax.offset <= firstLineEnd { return .lines }
      throw chunk.syntaxError(syntax.message, at: syntax.offset)
    case .complete(let end):
      var after = JSONParser(bytes: bytes, position: end)
      after.skipWhitespace()
      if !after.isAtEnd {
        if let pages = Self.pages(outline, bytes, start: start, end: end, next: after.position, firstLineEnd: firstLineEnd) {
          return Self.items(pages, as: .eachDocument)
        }
        // Another value after the first: one a line is JSON Lines, else a stream.
        return end <= firstLineEnd ? .lines : .stream
      }
      guard chunk.atEnd else { return nil }
      if let largest = outline.largestClosed { return Self.items(largest, as: .largest) }
      return .stream  // one value: one item
    case .needMore:
      if bytes.count - start >= Self.decisionWindow || chunk.atEnd, let open = outline.outermostOpen {
        return Self.items(open, as: chunk.atEnd ? .cutOff : .firstLarge)
      }
      // Cut off: the stream reports where.
      return chunk.atEnd ? .stream : nil
    }
  }

  /// The array the first of several documents back to back holds its items in,
  /// when the documents are pages: not one a line (JSON Lines of objects that
  /// hold arrays stay items), each an object holding an array of objects that is
  /// at least half its bytes, the next one an object too.
  private static func pages(
    _ outline: JSONOutline, _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, next: Int, firstLineEnd: Int
  ) -> JSONOutline.Container? {
    guard bytes[next] == UInt8(ascii: "{"), bytes[start...].first(where: { !Self.isWhitespace($0) }) == UInt8(ascii: "{"),
      let largest = outline.largestClosed, largest.isArray, !largest.path.isEmpty,
      let arrayEnd = largest.end, (arrayEnd - largest.start) * 2 >= end - start
    else { return nil }
    // One a line is JSON Lines; back to back on one line (`}{`) or over several lines, pages.
    let multiline = end > firstLineEnd
    let sameLine = !bytes[end..<next].contains(0x0A)
    return multiline || sameLine ? largest : nil
  }

  /// Reads the items of `container` in each document.
  private static func items(_ container: JSONOutline.Container, as choice: Choice) -> Decision {
    let place = "items from \(JSONPath(components: container.path))"
    let what = container.isArray ? "array of objects" : "map of objects, a card per key"
    let note: String
    switch choice {
    case .named: note = place
    case .largest: note = "\(place) (the largest \(what); --path chooses another)"
    case .firstLarge: note = "\(place) (\(container.isArray ? "an" : "a") \(what); --path chooses another)"
    case .cutOff: note = "\(place) (the \(what); --path chooses another)"
    case .eachDocument: note = "\(place) of each document (the largest \(what); --path chooses another)"
    }
    return .items(path: container.path, isMap: !container.isArray, note: note)
  }

  private static func isWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A
  }
}
