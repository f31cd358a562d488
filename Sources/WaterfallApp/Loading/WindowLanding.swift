/// Where the selection goes when a store holding another window of a paged
/// source's rows is handed over (``LoadUpdate/landing``).
///
/// ```swift
/// LoadUpdate.landing == .item(499)        // G: the last row of the last page
/// LoadUpdate.landing == .shifted(by: 99_000)   // a trim: the same row, 99,000 rows dropped above it
/// ```
public enum WindowLanding: Sendable, Equatable {
  /// The store's item at this index (the last row for `G`, the row above the
  /// old first for a step up, the first for `g`).
  case item(Int)
  /// The item selected before, whose index is less by so many rows (the rows
  /// above it were let go).
  case shifted(by: Int)
}
