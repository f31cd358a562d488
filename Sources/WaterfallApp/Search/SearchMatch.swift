/// Where a query matched an item: for each value that a term matched, the
/// matched positions (scalar offsets in the value), for highlighting.
///
/// ```swift
/// let match = SearchQuery("mg").match(SearchFields([("title", "Mug")]))
/// match?.positions[0]   // [0, 2]
/// ```
public struct SearchMatch: Sendable, Equatable {
  /// Matched positions by value index (into ``SearchFields/values``), ascending.
  public var positions: [Int: [Int]] = [:]

  public init(positions: [Int: [Int]] = [:]) {
    self.positions = positions
  }

  mutating func add(_ new: [Int], toValue value: Int) {
    guard !new.isEmpty else { return }
    positions[value] = Array(Set(positions[value, default: []]).union(new)).sorted()
  }
}
