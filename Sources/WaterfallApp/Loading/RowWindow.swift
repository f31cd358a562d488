/// Which of a paged source's rows the store holds: a window on the order, so
/// that `G` on ten million rows reads the last page alone, and scrolling keeps
/// at most a bound of rows in memory (``LoadController/windowRows``).
///
/// A window starts somewhere (``start``: the place of its first row among
/// all, counted from the data's first row, or estimated from the source's
/// estimate when it was opened from the end) and holds ``count`` rows. Its
/// edges are the order keys the source gave (``PageKeyset``): the page before
/// its first row is read backward from ``firstKeys`` (``before``), and a
/// window that grew past its bound is opened again after one of its pages'
/// last rows (``trimmed(keepingPages:)``), dropping the rows above.
///
/// ```swift
/// var window = RowWindow.opened(by: .last, previous: nil, firstPage: keyset, rows: 500,
///                                 hasMore: false, estimate: 10_000_000)
/// window.start                 // 9_999_500
/// window.text                  // "rows ~9,999,501–10,000,000 of ~10,000,000"
/// window.before                // .before(keys of row 9,999,501): the page above
/// ```
public struct RowWindow: Sendable, Equatable {
  /// The place of the first row among all (0: the data's first row).
  public var start: Int
  /// Whether ``start`` was counted (read from the first row), not estimated.
  public var startIsCounted: Bool
  /// Rows the window holds.
  public var count: Int
  /// Rows in all, as the source estimates them (nil: it cannot say).
  public var estimate: Int?
  /// Whether no row comes before the first.
  public var atStart: Bool
  /// Whether no row comes after the last (read to the end).
  public var atEnd: Bool
  /// The order keys of the first row (nil: none, or a BLOB among them).
  public var firstKeys: [SQLValue]?
  /// Each page's end: the rows up to it and its last row's order keys.
  public var pageEnds: [PageEdge]

  /// The end of a page of a window: the rows the window holds up to it, and
  /// the order keys of the page's last row.
  public struct PageEdge: Sendable, Equatable {
    public var rows: Int
    public var keys: [SQLValue]
  }

  public init(
    start: Int = 0, startIsCounted: Bool = true, count: Int = 0, estimate: Int? = nil, atStart: Bool = true,
    atEnd: Bool = false, firstKeys: [SQLValue]? = nil, pageEnds: [PageEdge] = []
  ) {
    self.start = start
    self.startIsCounted = startIsCounted
    self.count = count
    self.estimate = estimate
    self.atStart = atStart
    self.atEnd = atEnd
    self.firstKeys = firstKeys
    self.pageEnds = pageEnds
  }

  /// The window a reading from `move` opens, once its first page (`rows`
  /// rows, ending as `firstPage` says) is in. `previous` is the window it
  /// moved from, and `dropped` the rows of it a trim let go
  /// (``WindowStart/after(_:)``).
  ///
  /// From the end, the start is the estimate less the rows read; before a
  /// window, its start less the rows read; at the data's start, 0.
  public static func opened(
    by move: WindowStart, previous: RowWindow?, dropped: Int = 0, firstPage: PageKeyset?, rows: Int, hasMore: Bool,
    estimate: Int?
  ) -> RowWindow {
    var window = RowWindow(estimate: estimate ?? previous?.estimate)
    window.atStart = firstPage?.reachedStart ?? true
    switch move {
    case .first:
      window.atStart = true
    case .last:
      window.start = max(0, (window.estimate ?? rows) - rows)
      window.startIsCounted = false
    case .before:
      window.start = max(0, (previous?.start ?? 0) - rows)
      window.startIsCounted = previous?.startIsCounted ?? false
    case .after:
      window.start = (previous?.start ?? 0) + dropped
      window.startIsCounted = previous?.startIsCounted ?? false
      window.atStart = false
    }
    if window.atStart {
      window.start = 0
      window.startIsCounted = true
    }
    window.firstKeys = firstPage?.first
    window.took(firstPage, rows: rows, hasMore: hasMore)
    return window
  }

  /// Takes in a page's end: the window holds `rows` rows now, and more follow
  /// when `hasMore`.
  public mutating func took(_ keyset: PageKeyset?, rows: Int, hasMore: Bool) {
    count = rows
    atEnd = !hasMore
    if let last = keyset?.last, pageEnds.last?.rows != rows { pageEnds.append(PageEdge(rows: rows, keys: last)) }
    if let estimate, start + count > estimate, atEnd { self.estimate = start + count }
  }

  /// Whether `G` should open the last page rather than read on: rows not read
  /// remain, more than `rows` of them by the estimate (or it cannot say).
  public func isFarFromEnd(_ rows: Int) -> Bool {
    guard !atEnd else { return false }
    guard let estimate else { return true }
    return estimate - (start + count) > rows
  }

  /// Where the page above the window is read from; nil at the data's start.
  public var before: WindowStart? {
    guard !atStart, let firstKeys else { return nil }
    return .before(firstKeys)
  }

  /// How to hold the last `keepingPages` pages alone: the reading after the
  /// page end before them, and the rows that drops; nil when the window holds
  /// no more pages than that.
  public func trimmed(keepingPages: Int) -> (start: WindowStart, dropped: Int)? {
    let index = pageEnds.count - 1 - max(1, keepingPages)
    guard index >= 0 else { return nil }
    let edge = pageEnds[index]
    return (.after(edge.keys), edge.rows)
  }

  /// Whether the window is anywhere but the data's start: the status bar then
  /// says where it is.
  public var isMoved: Bool { !atStart || start > 0 }

  /// The place among all of the window's row `index` (from 0).
  public func place(of index: Int) -> Int { start + index }

  /// Where the window is, for the status bar and the footer: "rows
  /// ~9,999,501–10,000,000 of ~10,000,000" (1-based; `~` where estimated).
  public var text: String {
    // From the end, with no estimate: no place to give.
    if !startIsCounted, estimate == nil { return atEnd ? "the last \(count.grouped) rows" : "\(count.grouped) rows near the end" }
    let near = startIsCounted ? "" : "~"
    let first = count == 0 ? start : start + 1
    let of = estimate.map { " of ~\($0.grouped)" } ?? ""
    return "rows \(near)\(first.grouped)–\(near)\((start + count).grouped)\(of)"
  }

  /// The selection's place for the status bar: "~9,999,999/~10,000,000".
  public func positionText(ofIndex index: Int?) -> String {
    if !startIsCounted, estimate == nil { return "\(index.map { $0 + 1 } ?? 0)/\(count)" }
    let near = startIsCounted ? "" : "~"
    let place = index.map { "\(near)\((start + $0 + 1).grouped)" } ?? "0"
    return place + "/" + (estimate.map { "~\($0.grouped)" } ?? "\(near)\((start + count).grouped)")
  }
}
