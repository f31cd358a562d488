/// What a ``PostgresReader`` reads and how: the part a source shows when asked
/// to describe itself.
///
/// ```swift
/// let plan = reader.plan
/// plan.relation?.qualifiedName   // "public.items"
/// plan.estimatedRows             // 100_000: the catalogue's, or the planner's with a search
/// plan.searchedByServer          // true
/// plan.notes                     // ["no primary key: rows are paged by their place in the table (ctid)"]
/// ```
public struct PostgresReadPlan: Sendable {
  /// The table or view read; nil for a query.
  public var relation: PostgresRelation?
  /// The columns, in order (for a query without a search or sort, known once
  /// the first page is read).
  public var columns: [PostgresColumn]
  public var rowKey: PostgresRowKey
  /// The statement the cursor reads, before any resumption (`$1…` are the
  /// search's values, in ``parameters``).
  public var statement: String
  public var parameters: [SQLValue]
  /// Whether the search runs on the server (it does, except for a statement a
  /// cursor cannot hold).
  public var searchedByServer: Bool
  /// Whether the sort (and grouping) runs on the server.
  public var sortedByServer: Bool
  /// How many rows the reader should give: the catalogue's estimate for a whole
  /// table, the planner's (`EXPLAIN`) for a search or a query; nil when neither
  /// knows. Never counted.
  public var estimatedRows: Int?
  /// What a user should know: a missing primary key, a sort column that is
  /// not there.
  public var notes: [String]
}
