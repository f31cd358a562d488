import WaterfallWorkers

/// Finds the items of one page in its bytes as they arrive, in chunks of any size:
/// a JSON array, an object holding the items (an array of objects, or a map), a
/// stream of JSON values or of documents, JSON Lines, or CSV and TSV.
///
/// This is what lets the first cards show while a large file or a pipe is still
/// being read. It keeps the bytes not yet consumed (``ChunkBuffer``), tells the
/// format (``FormatSniffer``: from ``ReadOptions/format``, the extension and the
/// first bytes; a JSON document is outlined first by a ``DocumentOutliner``) and
/// hands each chunk to the reader of that format, an ``ItemReader``:
/// ``JSONArrayReader``, ``JSONLinesReader``, ``ValueStreamReader`` or ``CSVReader``.
///
/// Files that are not data (pictures, archives, programs, SQLite databases:
/// ``ContentSniffer``) stop the page with one clear error. A UTF-8 byte-order mark
/// is skipped. In JSON Lines a bad line is skipped and reported (``skipped``); in
/// the other formats a syntax error stops the page (``error``), keeping the items
/// before it.
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
  public let path: String
  let scanner: ItemScanner
  let options: ReadOptions
  /// Whether items keep a copy of their text (their page cannot be read again).
  let keepsBytes: Bool

  /// The bytes received and not yet consumed.
  private(set) var buffer = ChunkBuffer()
  private var sniffer: FormatSniffer
  /// The format, once told.
  private var format: FormatSniffer.Format?
  /// The reader of that format, once the items' place is known.
  private(set) var itemReader: (any ItemReader)?

  /// The syntax error that stopped the page, if one did.
  public private(set) var error: LoadError?
  /// The bytes read so far.
  public private(set) var bytesRead = 0
  /// Where the items were found in a JSON document, for the status bar.
  public private(set) var note: String?

  /// Where a JSON array's elements and a CSV file's records are scanned:
  /// several at once with helpers (``JSONArrayReader/parallelism``,
  /// ``CSVReader/parallelism``), else in turn.
  public var parallelism = Parallelism.serial

  public init(path: String, scanner: ItemScanner, options: ReadOptions = ReadOptions(), keepsBytes: Bool = false) {
    self.path = path
    self.scanner = scanner
    self.options = options
    self.keepsBytes = keepsBytes
    sniffer = FormatSniffer(path: path, options: options)
  }

  /// Lines skipped as invalid (JSON Lines), the first 20 kept.
  public var skipped: SkippedLines { itemReader?.skipped ?? SkippedLines() }

  /// How the items' stored bytes read as JSON; final once ``isDescribed``.
  public var shape: ItemTextShape { itemReader?.shape ?? .json }

  /// Whether the format is known (and with it ``shape`` and ``note``).
  public var isDescribed: Bool { itemReader?.shape != nil }

  /// Whether the page can take no more bytes: it ended in an error.
  public var isStopped: Bool { error != nil }

  /// Where the next line starts and its line number, when the page is JSON
  /// Lines read without error so far: the rest can be read in ranges, apart
  /// (``LineRanges``). Nil for any other format, or inside a line.
  var nextLine: (offset: Int, line: Int, mode: JSONLinesReader.Mode)? {
    guard error == nil, let lines = itemReader as? JSONLinesReader, buffer.location.column == 1 else { return nil }
    return (buffer.start, buffer.location.line, lines.mode)
  }

  /// Reads the items that `chunk` completes into `items`.
  public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>, into items: inout [ScannedItem]) {
    guard error == nil else { return }
    bytesRead += chunk.count
    if itemReader?.isDone == true { return }
    guard buffer.append(chunk) else { return }
    process(atEnd: false, into: &items)
  }

  /// Reads the items that the `count` bytes at `offset` in `storage` complete
  /// into `items`, taking `storage` as the buffer's own rather than copying
  /// them (``ChunkBuffer/adopt(_:at:count:)``); `storage` comes back holding
  /// storage to read the next chunk into.
  mutating func feed(adopting storage: inout [UInt8], at offset: Int, count: Int, into items: inout [ScannedItem]) {
    guard error == nil else { return }
    bytesRead += count
    if itemReader?.isDone == true { return }
    guard buffer.adopt(&storage, at: offset, count: count) else { return }
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
    if error == nil, let reader = itemReader {
      do { try buffer.withChunk(path: path, atEnd: true) { (chunk) throws(LoadError) in try reader.finish(chunk) } } catch {
        self.error = error
      }
    }
    buffer.removeAll()
  }

  // MARK: Reading

  private mutating func process(atEnd: Bool, into items: inout [ScannedItem]) {
    // The buffer is taken out while it is read, so the steps may change the rest.
    var bytes = ChunkBuffer()
    swap(&bytes, &buffer)
    defer { swap(&bytes, &buffer) }
    let before = items.count
    var progress = ReadProgress(done: 0)
    do {
      progress = try bytes.withChunk(path: path, atEnd: atEnd) { (chunk) throws(LoadError) in try read(chunk, into: &items) }
    } catch {
      self.error = error
    }
    bytes.recordChecksums(of: &items, from: before, parallelism: parallelism)
    if itemReader?.isDone == true {
      bytes.removeAll()
    } else {
      bytes.consume(progress.done, waitingForDouble: progress.waitsForDouble, parallelism: parallelism)
    }
  }

  /// Tells the format, finds the items' place, and reads: as far as `chunk` goes.
  private mutating func read(_ chunk: Chunk, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress {
    var start = 0
    if itemReader == nil {
      if format == nil {
        let sniffed = try sniffer.sniff(chunk)
        start = sniffed.start
        guard let found = sniffed.format else { return ReadProgress(done: start) }
        format = found
      }
      guard let reader = try reader(for: chunk, from: start) else { return ReadProgress(done: start, waitsForDouble: true) }
      itemReader = reader
    }
    guard var reader = itemReader.take() else { return ReadProgress(done: start) }
    defer { itemReader = reader }
    return try reader.read(chunk, from: start, into: &items)
  }

  /// A reader of JSON values (or of the items of each document), scanning arrays as ``parallelism`` says.
  private func valueStream(_ mode: ValueStreamReader.Mode) -> ValueStreamReader {
    var reader = ValueStreamReader(scanner: scanner, keepsBytes: keepsBytes, mode: mode)
    reader.parallelism = parallelism
    return reader
  }

  /// The reader of the page's format; nil while a document's outline needs more bytes.
  private mutating func reader(for chunk: Chunk, from start: Int) throws(LoadError) -> (any ItemReader)? {
    switch format {
    case .lines(let mode)?:
      return JSONLinesReader(scanner: scanner, keepsBytes: keepsBytes, mode: mode)
    case .stream?:
      return valueStream(.values)
    case .csv(let delimiter)?:
      var reader = CSVReader(scanner: scanner, keepsBytes: keepsBytes, delimiter: delimiter)
      reader.parallelism = parallelism
      return reader
    case .outline?:
      switch try DocumentOutliner(path: path, target: options.path).decide(chunk, from: start) {
      case nil:
        return nil
      case .lines?:
        return JSONLinesReader(scanner: scanner, keepsBytes: keepsBytes, mode: .values)
      case .stream?:
        return valueStream(.values)
      case .items(let path, let isMap, let note)?:
        self.note = note
        return valueStream(.documents(path: path, isMap: isMap))
      }
    case nil:
      return nil
    }
  }
}
