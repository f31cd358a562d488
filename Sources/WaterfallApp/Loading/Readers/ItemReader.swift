/// Reads the items of a page in one format from its bytes as they arrive: the
/// part of reading that differs by format (``JSONArrayReader``,
/// ``JSONLinesReader``, ``ValueStreamReader``, ``CSVReader``).
///
/// ``PageReader`` keeps the bytes (``ChunkBuffer``), tells the format
/// (``FormatSniffer``, ``DocumentOutliner``) and hands each chunk to the reader
/// it chose. A reader reads the items the chunk completes and says how far it
/// got (``ReadProgress``); what it did not consume comes again, with more bytes
/// after it, in the next chunk. A syntax error that stops the page is thrown,
/// placed in the page by ``Chunk/syntaxError(_:at:)``; the items read before it
/// are kept.
///
/// ```swift
/// var reader: any ItemReader = JSONLinesReader(scanner: scanner, keepsBytes: false, mode: .rows)
/// let progress = try buffer.withChunk(path: "notes.jsonl", atEnd: false) { chunk in
///   try reader.read(chunk, from: 0, into: &items)
/// }
/// buffer.consume(progress.done, waitingForDouble: progress.waitsForDouble)
/// ```
protocol ItemReader {
  /// How the items' stored bytes read as JSON; nil while that is not known yet
  /// (a CSV page before its header).
  var shape: ItemTextShape? { get }
  /// Lines skipped as invalid (JSON Lines), the first 20 kept.
  var skipped: SkippedLines { get }
  /// Whether the reader wants no more bytes: the items' container, inside a
  /// larger document, has closed, and what follows is not the page's business.
  var isDone: Bool { get }

  /// Reads the items `chunk` completes, from `start`, into `items`; returns how
  /// far the bytes are done with.
  mutating func read(_ chunk: Chunk, from start: Int, into items: inout [ScannedItem]) throws(LoadError) -> ReadProgress

  /// Says what is missing once the page has ended, after a last ``read(_:from:into:)``
  /// of what was left (`chunk` holds what it did not consume).
  func finish(_ chunk: Chunk) throws(LoadError)
}

extension ItemReader {
  var skipped: SkippedLines { SkippedLines() }
  var isDone: Bool { false }
  func finish(_ chunk: Chunk) throws(LoadError) {}
}
