/// What identifies a row of a relation being read, so that reading can resume
/// after the last row read and a row can be read again (its details, its
/// `bytea` picture).
///
/// A primary key first. A table without one is paged by `ctid`, its row's
/// place in the table, the last resort: it is unique while the row is not
/// updated (an update moves it), which is enough for a read, but a row read
/// again later may have moved. A table with partitions or children repeats
/// `ctid`s across them, so `tableoid` comes first. A view or a query has
/// nothing: it is read through one cursor, and can resume only by skipping the
/// rows already read (``PostgresReader``).
///
/// ```swift
/// PostgresRowKey.primaryKey(["shop", "id"]).columns   // ["shop", "id"]
/// PostgresRowKey.ctid.columns                         // ["ctid"]
/// ```
public enum PostgresRowKey: Sendable, Equatable {
  case primaryKey([String])
  case ctid
  case tableAndCtid
  case none

  /// The columns (system columns included) whose values identify a row.
  public var columns: [String] {
    switch self {
    case .primaryKey(let names): return names
    case .ctid: return ["ctid"]
    case .tableAndCtid: return ["tableoid", "ctid"]
    case .none: return []
    }
  }

  /// What a user should know about it, if anything.
  public var note: String? {
    switch self {
    case .primaryKey: return nil
    case .ctid, .tableAndCtid: return "no primary key: rows are paged by their place in the table (ctid)"
    case .none: return "no row identity: rows are read through one cursor"
    }
  }
}
