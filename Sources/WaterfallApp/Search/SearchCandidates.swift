/// The items a search looks at, in store order: a range of the store, or a list
/// (the previous search's matches and what it had not reached, when the query
/// only grew).
///
/// ```swift
/// let all = SearchCandidates.range(0..<1_000)
/// all.dropFirst(990).count   // 10
/// ```
public enum SearchCandidates: Sendable, Equatable {
  case range(Range<Int>)
  case list([Int])

  public var count: Int {
    switch self {
    case .range(let r): return r.count
    case .list(let l): return l.count
    }
  }

  /// The items from place `start` to place `end`.
  public func items(_ start: Int, _ end: Int) -> [Int] {
    switch self {
    case .range(let r): return Array((r.lowerBound + start)..<(r.lowerBound + end))
    case .list(let l): return Array(l[start..<end])
    }
  }

  /// The items from place `start` on.
  public func dropFirst(_ start: Int) -> [Int] {
    items(min(start, count), count)
  }
}
