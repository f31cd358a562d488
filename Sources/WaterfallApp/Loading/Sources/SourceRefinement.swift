/// What a source is asked to do where the data lives: keep the items a search
/// matches, in an order, grouped (``ItemSource/refined(by:)``). A database
/// answers with `WHERE` and `ORDER BY` (``PostgresSource``); a source that
/// cannot answers nil, and the browser searches and sorts what it loaded
/// (``ShownPipeline``).
///
/// A refinement is whole: asked of a source already refined, it replaces the
/// refinement before (it does not narrow it).
///
/// ```swift
/// let refinement = SourceRefinement(search: "mug", sort: try SortOrder(parsing: "price"), groupBy: "shop")
/// source.refined(by: refinement)   // a PostgreSQL table's rows WHERE … ORDER BY "shop", "price", "id"
/// ```
public struct SourceRefinement: Sendable, Equatable {
  /// The search as typed (the browser's query syntax), or nil.
  public var search: String?
  /// Whether bare search terms match exactly (`--exact`), as the browser's do.
  public var exactSearch: Bool
  /// The order asked for, or nil for the data's.
  public var sort: SortOrder?
  /// The field whose value groups the items (`--group-by`): they come ordered
  /// by it first, so each group's items come together and its header as they come.
  public var groupBy: String?

  public init(search: String? = nil, exactSearch: Bool = false, sort: SortOrder? = nil, groupBy: String? = nil) {
    self.search = search
    self.exactSearch = exactSearch
    self.sort = sort
    self.groupBy = groupBy
  }

  /// The search as the matcher reads it (empty: none).
  public var query: SearchQuery { SearchQuery(search ?? "", exactByDefault: exactSearch) }

  /// Whether it keeps every item in the data's order, ungrouped.
  public var isEmpty: Bool {
    query.isEmpty && (sort.map { $0.field == nil && !$0.descending } ?? true) && groupBy == nil
  }
}
