import WaterfallWorkers

#if canImport(Glibc)
  import Glibc
#endif

/// How a reading of a source reads its pages: the scanner that packs each
/// item's card, and what the command line said about the format.
///
/// ```swift
/// var settings = ReadSettings(scanner: ItemScanner(roles: store.roles))
/// settings.options.format = .csv
/// let cursor = source.open(settings)
/// ```
public struct ReadSettings: Sendable {
  public var scanner: ItemScanner
  public var options: ReadOptions
  /// Whether the rest of a JSON Lines file is read in byte ranges apart
  /// (``LineRanges``), on the threads `parallelism` gives: the switch that
  /// turns that path off (also `WATERFALL_LOAD_FRONT_TO_BACK=1` in the
  /// environment, to compare the two in the same conditions).
  public var readsLinesInRanges = ReadSettings.rangesByDefault
  /// The bytes read front to back before the ranges begin: the browser's first
  /// screen is drawn while one core reads, the other free for the main thread.
  public var linesInRangesAfter = 0
  /// How ranges are read at once: ``Parallelism/serial`` (stepped tests),
  /// or with ``HelperThreads`` (the loader's worker, `render`).
  public var parallelism: Parallelism = .serial
  /// Whether the store the items go to reads the cards of a page read from a
  /// file again from the items' texts (``PackedCards``): the reading then lets
  /// them go once measured (``ItemScanner/dropsCards``), not the thread storing them.
  public var storeReadsFileCards = false
  /// The bytes a range is read in (``LineRanges/defaultRangeSize``; tests cut smaller).
  var lineRangeSize = LineRanges.defaultRangeSize
  /// The bytes a page read front to back is read in after its first chunk
  /// (``PageLoad/chunk``; tests cut smaller, so a page crosses many).
  var chunkSize = PageLoad.chunk

  /// Whether ranges are read unless told otherwise: unless the environment
  /// says `WATERFALL_LOAD_FRONT_TO_BACK` (anything but empty).
  static let rangesByDefault = getenv("WATERFALL_LOAD_FRONT_TO_BACK").map { $0.pointee == 0 } ?? true

  public init(scanner: ItemScanner, options: ReadOptions = ReadOptions()) {
    self.scanner = scanner
    self.options = options
  }
}
