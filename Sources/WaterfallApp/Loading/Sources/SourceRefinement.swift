/// What a source could one day be asked to do where the data lives: keep the
/// items a search matches, in an order (``ItemSource/refined(by:)``). A
/// database would answer with `WHERE` and `ORDER BY`, a feed with its query
/// parameters; nothing asks yet, and the browser searches and sorts what it
/// loaded.
///
/// ```swift
/// let refinement = SourceRefinement(search: "mug", sort: try SortOrder(parsing: "price"))
/// source.refined(by: refinement)   // nil: the browser does it
/// ```
public struct SourceRefinement: Sendable, Equatable {
  /// The search as typed (the browser's query syntax), or nil.
  public var search: String?
  /// The order asked for, or nil for the data's.
  public var sort: SortOrder?

  public init(search: String? = nil, sort: SortOrder? = nil) {
    self.search = search
    self.sort = sort
  }
}
