/// Where a page of a source paged by keys stands in the order: the order
/// keys of the reading's first row and of its last so far, and whether no row
/// comes before the first (``PageEnd/keyset``). A window's edges: the browser
/// reads the page before its first row, or again after a page's last, from
/// them (``WindowStart``).
///
/// ```swift
/// end.keyset?.first          // [.integer(9_999_501)]: the window's first row, by rowid
/// end.keyset?.reachedStart   // false: rows come before it
/// ```
public struct PageKeyset: Sendable, Equatable {
  /// The order keys of the reading's first row; nil when it has none yet or
  /// its keys cannot be given (a BLOB).
  public var first: [SQLValue]?
  /// The order keys of the page's last row.
  public var last: [SQLValue]?
  /// Whether the reading's first row is the first of all.
  public var reachedStart: Bool

  public init(first: [SQLValue]?, last: [SQLValue]?, reachedStart: Bool) {
    self.first = first
    self.last = last
    self.reachedStart = reachedStart
  }
}
