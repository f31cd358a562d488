/// Where the browser's search stands: its query, the matches taken so far, and
/// what is left to look at.
///
/// The store's items `0..<end` are covered: those before the current pass's
/// unfinished part have been looked at (their matches are in ``matches``), the
/// rest are the pass's candidates from ``done`` on. Items the store gains later
/// get a pass of their own once this one is finished.
///
/// ```swift
/// var run = SearchRun(query: SearchQuery("mu"), candidates: .range(0..<100), end: 100)
/// run.matches = [3, 8]
/// run.done = 50
/// run.remaining(storeCount: 120)   // [3, 8, 50, 51, … 119]: where "mug" can be
/// ```
public struct SearchRun: Sendable, Equatable {
  public var query: SearchQuery
  /// The current pass's candidates.
  public var candidates: SearchCandidates
  /// The store items covered by this search and its earlier passes: `0..<end`.
  public var end: Int
  /// Every match taken so far, in store order.
  public var matches: [Int] = []
  /// How many of the pass's candidates have been looked at (in order).
  public var done = 0
  /// Whether the current pass has looked at every candidate.
  public var finished = false
  /// Whether the cards still show the previous search's items, to be replaced by
  /// this one's first matches.
  public var replacing = true
  public var generation = 0

  public init(query: SearchQuery, candidates: SearchCandidates, end: Int) {
    self.query = query
    self.candidates = candidates
    self.end = end
  }

  /// The items a narrower query could match: the matches so far, what the pass
  /// has not looked at, and what the store gained since.
  public func remaining(storeCount: Int) -> [Int] {
    matches + candidates.dropFirst(done) + Array(end..<max(end, storeCount))
  }

  /// How far the pass has come, in percent.
  public var percent: Int {
    candidates.count == 0 ? 100 : done * 100 / candidates.count
  }
}
