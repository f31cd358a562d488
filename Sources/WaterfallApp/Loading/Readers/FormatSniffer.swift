/// Tells a page's format from `--format`, its extension and its first bytes,
/// before a single item is read.
///
/// - UTF-16 and UTF-32 text is refused with the command that converts it
///   (``ForeignEncoding``); a UTF-8 byte-order mark is skipped.
/// - Pictures, archives, programs and SQLite files are refused with one line
///   (``ContentSniffer``, up to 512 bytes: a tar's mark is at 257).
/// - `[` starts a stream of values whose arrays are pages (``Format/stream``:
///   `[…][…]`, `[…]\n{…}`); `{`, or any document given a `--path`, is outlined
///   first (``DocumentOutliner``).
/// - A first line that is not JSON but splits into the same number of fields as
///   the next lines (tab, `,`, `;` or `|`) is CSV; anything else is JSON Lines
///   told from content (``JSONLinesReader/Mode/values``). Declared JSON Lines
///   (`--format jsonl`, `.jsonl`) is read a row a line (``JSONLinesReader/Mode/rows``).
///
/// ```swift
/// var sniffer = FormatSniffer(path: "shop.csv", options: ReadOptions())
/// let sniffed = try sniffer.sniff(chunk)
/// sniffed.format   // .csv(delimiter: 44); nil while more bytes are needed to tell
/// sniffed.start    // 3 after a byte-order mark, else 0
/// ```
struct FormatSniffer {
  enum Format: Equatable {
    /// A JSON document to outline: where its items are is not known yet.
    case outline
    /// JSON Lines, declared (a row a line) or told from content (values, arrays spread).
    case lines(JSONLinesReader.Mode)
    /// JSON values one after another, each an item, a top-level array's elements
    /// too (a page that starts with `[`: arrays back to back).
    case stream
    /// CSV or TSV with a header row.
    case csv(delimiter: UInt8)
  }

  let path: String
  let options: ReadOptions
  /// Whether the first four bytes were looked at for their encoding.
  private var checkedEncoding = false

  init(path: String, options: ReadOptions) {
    self.path = path
    self.options = options
  }

  /// The format of the page that starts the chunk (nil while more bytes are
  /// needed to tell), and where its content starts: after a byte-order mark,
  /// which is consumed even before the format is known.
  mutating func sniff(_ chunk: Chunk) throws(LoadError) -> (format: Format?, start: Int) {
    let bytes = chunk.bytes
    var start = 0
    if !checkedEncoding {
      // The first four bytes tell a UTF-8 byte-order mark (skipped) and UTF-16
      // or UTF-32 text (refused, with the command that converts it).
      guard bytes.count >= 4 || chunk.atEnd else { return (nil, 0) }
      checkedEncoding = true
      if let encoding = ForeignEncoding.detect(bytes) {
        throw .unreadable(path: path, reason: encoding.refusal(path: path))
      }
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    }
    return (try format(of: chunk, from: start), start)
  }

  private func format(of chunk: Chunk, from start: Int) throws(LoadError) -> Format? {
    let bytes = chunk.bytes
    let atEnd = chunk.atEnd
    var probe = JSONParser(bytes: bytes, position: start)
    probe.skipWhitespace()
    guard let first = probe.peek else { return nil }
    let jsonStart = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    // Pictures, archives and programs are told by their first bytes (a tar's at 257).
    if !jsonStart, bytes.count < ContentSniffer.bytesWanted, !atEnd { return nil }
    if options.format != .sqlite, let notData = ContentSniffer.notData(UnsafeBufferPointer(rebasing: bytes[start...])) {
      throw .notData(path: path, notData)
    }
    let rest = UnsafeBufferPointer(rebasing: bytes[probe.position...])
    switch options.format ?? DataFormat.fromExtension(of: path) {
    case .tsv:
      return .csv(delimiter: 0x09)
    case .csv:
      guard Self.hasLinesToCompare(rest, atEnd: atEnd) else { return nil }
      return .csv(delimiter: CSVTable.sniffDelimiter(rest, atEnd: atEnd) ?? UInt8(ascii: ","))
    case .jsonl:
      return .lines(.rows)
    case .sqlite:
      throw .unreadable(path: path, reason: "a SQLite database is read from its file: waterfall FILE --table NAME")
    case .json:
      // An object, or any document given a --path, is outlined; arrays and scalars are a stream.
      return jsonStart && (first == UInt8(ascii: "{") || options.path != nil) ? .outline : .stream
    case nil:
      break
    }
    if first == UInt8(ascii: "[") && options.path == nil { return .stream }
    if jsonStart { return .outline }
    // Not an object or array: JSON Lines, unless the first line is not JSON and
    // the first lines split into fields alike (CSV or TSV).
    guard let lineEnd = CSVTable.recordEnd(in: rest, from: 0, atEnd: atEnd) ?? (rest.count > DocumentOutliner.decisionWindow ? rest.count : nil) else {
      return nil
    }
    var line = JSONParser(bytes: UnsafeBufferPointer(rebasing: rest[..<lineEnd]))
    let isJSON = (try? line.skipValue()) != nil && { line.skipWhitespace(); return line.isAtEnd }()
    if !isJSON {
      guard Self.hasLinesToCompare(rest, atEnd: atEnd) else { return nil }
      if let found = CSVTable.sniffDelimiter(rest, atEnd: atEnd) { return .csv(delimiter: found) }
    }
    return .lines(.values)
  }

  /// Whether `bytes` hold the lines a delimiter is told from (``CSVTable/sniffDelimiter(_:atEnd:)``):
  /// five, or all there are, or more than ``DocumentOutliner/decisionWindow`` bytes of them.
  private static func hasLinesToCompare(_ bytes: UnsafeBufferPointer<UInt8>, atEnd: Bool) -> Bool {
    var lines = 0
    var at = 0
    while lines < 5, let end = CSVTable.recordEnd(in: bytes, from: at, atEnd: atEnd) {
      lines += 1
      at = end
    }
    return lines >= 5 || atEnd || bytes.count > DocumentOutliner.decisionWindow
  }
}
