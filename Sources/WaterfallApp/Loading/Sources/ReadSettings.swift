import WaterfallWorkers

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
  /// Whether the rest of a JSON Lines file, after its first chunk, is read in
  /// byte ranges apart (``LineRanges``), on the threads `parallelism` gives:
  /// the switch that turns that path off.
  public var readsLinesInRanges = true
  /// How ranges are read at once: ``Parallelism/serial`` (stepped tests),
  /// or with ``HelperThreads`` (the loader's worker, `render`).
  public var parallelism: Parallelism = .serial
  /// The bytes a range is read in (``LineRanges/defaultRangeSize``; tests cut smaller).
  var lineRangeSize = LineRanges.defaultRangeSize

  public init(scanner: ItemScanner, options: ReadOptions = ReadOptions()) {
    self.scanner = scanner
    self.options = options
  }
}
