/// Why data could not be loaded, worded for the user: the file and, for a syntax
/// error, the line and column.
public enum LoadError: Error, Equatable, CustomStringConvertible {
  /// The file or directory could not be opened or read.
  case unreadable(path: String, reason: String)
  /// A JSON syntax error, at a line and column of a file.
  case syntax(path: String, location: TextLocation, message: String)
  /// A directory with no pages (`*.json` or `*.jsonl` files) and no pictures in it.
  case noPages(path: String)
  /// The file is not data: a picture, an archive, a program (``ContentSniffer``).
  case notData(path: String, ContentSniffer.NotData)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason): return "\(path): \(reason)"
    case .syntax(let path, let location, let message): return "\(path):\(location.line):\(location.column): \(message)"
    case .noPages(let path): return "\(path): no pages (*.json or *.jsonl files) or pictures (*.png, *.jpg) in this directory"
    case .notData(let path, let what): return "\(path): \(what.message(path: path))"
    }
  }
}

/// A JSON Lines line that was skipped because it is not valid JSON.
public struct SkippedLine: Hashable, Sendable, CustomStringConvertible {
  public var path: String
  public var location: TextLocation
  public var message: String

  public var description: String { "\(path):\(location.line):\(location.column): \(message) (line skipped)" }
}
