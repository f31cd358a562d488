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

  public init(scanner: ItemScanner, options: ReadOptions = ReadOptions()) {
    self.scanner = scanner
    self.options = options
  }
}
