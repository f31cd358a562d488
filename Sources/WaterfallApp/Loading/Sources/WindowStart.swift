/// Where a reading of a source paged by keys starts: a window on its rows
/// somewhere other than the first (``ItemSource/starting(at:)``), so that
/// `G` shows the last rows of ten million without reading the others.
///
/// Keys are a row's order keys as the reading gave them (``PageKeyset``): one
/// value per key of the order, the row's identity last.
///
/// ```swift
/// source.starting(at: .last)                 // the last page, in order; nothing after it
/// source.starting(at: .before(keys))         // the page before that row, then on from it
/// source.starting(at: .after(keys))          // the rows after that row
/// ```
public enum WindowStart: Sendable, Equatable {
  /// The first row: the ordinary reading.
  case first
  /// The last page of rows (read backward, handed over in order).
  case last
  /// The page before the row with these order keys (read backward, handed
  /// over in order), then the rows after it as they are asked for.
  case before([SQLValue])
  /// The rows after the row with these order keys.
  case after([SQLValue])
}
