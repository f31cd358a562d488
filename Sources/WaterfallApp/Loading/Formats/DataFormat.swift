/// The formats a data file can be in, as `--format` names them.
///
/// Without `--format` a file's format comes from its content (``ContentSniffer``)
/// and, for CSV and TSV, its extension.
///
/// ```swift
/// DataFormat(rawValue: "tsv")   // .tsv
/// DataFormat.csv.delimiter      // UInt8(ascii: ",")
/// ```
public enum DataFormat: String, CaseIterable, Hashable, Sendable {
  /// JSON: an array, an object holding one (``JSONPath``), or a stream of values.
  case json
  /// JSON Lines: one value a line, a bad line skipped.
  case jsonl
  /// Comma- (or semicolon-) separated values with a header row.
  case csv
  /// Tab-separated values with a header row.
  case tsv
  /// A SQLite database.
  case sqlite

  /// The format a file's extension names, if it names one.
  public static func fromExtension(of path: String) -> DataFormat? {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    switch path[path.index(after: dot)...].lowercased() {
    case "csv": return .csv
    case "tsv", "tab": return .tsv
    case "jsonl", "ndjson": return .jsonl
    case "json", "geojson": return .json
    case "db", "sqlite", "sqlite3": return .sqlite
    default: return nil
    }
  }
}

/// How a page is to be read: what the command line said about its format.
///
/// ```swift
/// var options = ReadOptions()
/// options.format = .csv
/// options.path = try JSONPath(".features")
/// ```
public struct ReadOptions: Hashable, Sendable {
  /// The format to read, or nil to tell it from the content.
  public var format: DataFormat?
  /// For a JSON document, where its items are; nil chooses the largest array of objects.
  public var path: JSONPath?

  public init(format: DataFormat? = nil, path: JSONPath? = nil) {
    self.format = format
    self.path = path
  }
}
