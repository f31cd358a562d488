import Synchronization

/// The field paths of the compact search text, each given a number once: `""`
/// (a value at the top) is 0, the rest as the builders meet them.
///
/// A path is written as ``ItemMatcher`` builds it: the member names from the
/// top, folded to lower case, joined by `.`, arrays adding nothing (`tags`,
/// `size.w`). Builders on several threads share one table; each keeps the
/// numbers it has asked for, so the lock is taken once a new path.
///
/// ```swift
/// let paths = SearchTextPaths()
/// paths.number(of: Array("size.w".utf8))   // 1
/// paths.path(1)                            // "size.w" as UTF-8
/// ```
public final class SearchTextPaths: Sendable {
  private struct Table {
    var numbers: [[UInt8]: Int] = [[]: 0]
    var paths: [[UInt8]] = [[]]
  }

  private let table = Mutex(Table())

  /// The most paths kept: data whose every item has new member names gives
  /// items the builder leaves to the slow road, rather than a table that grows
  /// without end.
  public static let limit = 1 << 16

  public init() {}

  /// The number of `path`, given it if it has none yet; nil when the table is full.
  public func number(of path: [UInt8]) -> Int? {
    table.withLock { t in
      if let known = t.numbers[path] { return known }
      guard t.paths.count < Self.limit else { return nil }
      t.numbers[path] = t.paths.count
      t.paths.append(path)
      return t.paths.count - 1
    }
  }

  /// The path numbered `number`.
  public func path(_ number: Int) -> [UInt8] {
    table.withLock { $0.paths[number] }
  }

  /// How many paths there are.
  public var count: Int { table.withLock { $0.paths.count } }
}
