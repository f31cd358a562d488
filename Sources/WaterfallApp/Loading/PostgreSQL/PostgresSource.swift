/// A PostgreSQL server as a source of items: a table or view's rows
/// (`--table`), a query's (`--sql`), or, with neither, the server's catalogue:
/// its tables and views with their estimated rows, one item each, which the
/// program's picker lists.
///
/// Nothing connects until the first page is asked for, on the loader's thread
/// (``PostgresCursor``): rows come through a server-side cursor a page at a
/// time (``PostgresReader``), searched and sorted by the server when the
/// source is refined (``refined(by:)``: `WHERE` from ``SQLFilter``, a total
/// `ORDER BY` from ``SQLOrder``, `--group-by` as its first key). Each reading
/// keeps its rows' texts in an unlinked temporary file, as standard input's
/// are, so the store holds the cards only. Every statement is read-only
/// (``PostgresConnection``), and the name shown hides the password
/// (``PostgresTarget/redacted``).
///
/// ```swift
/// let source = try PostgresSource.resolve(PostgresTarget("postgresql:///shop"), table: "items", query: nil)
/// source.sourceDescription.name                          // "postgresql:///shop"
/// let sorted = source.refined(by: SourceRefinement(search: "mug", sort: SortOrder(field: "price")))
/// PostgresSource.resolve(PostgresTarget("postgres://db/shop"), table: nil, query: nil).isCatalogue   // true: the picker
/// ```
public struct PostgresSource: ItemSource {
  public let target: PostgresTarget
  /// What is read: a table or a query; nil for the catalogue.
  public let selection: DatabaseSelection?
  /// The search, order and grouping the server applies.
  public private(set) var refinement = SourceRefinement()
  /// Where the reading starts (``starting(at:)``): the first row, unless a
  /// window elsewhere was asked for.
  public private(set) var windowStart = WindowStart.first
  /// Rows a page holds.
  public var pageRows = PostgresReader.defaultPageRows
  /// Rows the first page of a search holds: a screen or so, sent as soon as
  /// the server has found them (``PostgresReader/firstPageRows``).
  public static let firstMatches = 60
  /// What the readings share: connections let go, the picture lookup.
  let session: PostgresSession

  public init(target: PostgresTarget, selection: DatabaseSelection?) {
    self.target = target
    self.selection = selection
    session = PostgresSession(target: target)
  }

  /// The source `table` or `query` names on the server `target` names (the
  /// catalogue with neither); nothing is asked of the server yet.
  public static func resolve(_ target: PostgresTarget, table: String?, query: String?) throws(LoadError) -> PostgresSource {
    if table != nil, query != nil {
      throw LoadError.unreadable(path: target.redacted, reason: "--table and --sql cannot be used together")
    }
    let selection = table.map(DatabaseSelection.table) ?? query.map(DatabaseSelection.query)
    return PostgresSource(target: target, selection: selection)
  }

  /// Whether the items are the server's tables and views (the picker's).
  public var isCatalogue: Bool { selection == nil }

  /// The same server's table or view named `name` (as the catalogue's items
  /// name them: `schema.name`).
  public func table(_ name: String) -> PostgresSource {
    var source = PostgresSource(target: target, selection: .table(name))
    source.pageRows = pageRows
    return source
  }

  public var sourceDescription: SourceDescription {
    var description = SourceDescription(name: target.redacted, baseDirectory: ".")
    description.rowsAreTable = true
    return description
  }

  public func open(_ settings: ReadSettings) -> any PageCursor {
    PostgresCursor(source: self, settings: settings)
  }

  /// The bytes of a `bytea` picture a row names (``ByteaPicture``), read again
  /// by the row's identity on a connection of its own; nil for a query.
  public var pictureBytes: (@Sendable (String) -> [UInt8]?)? {
    guard case .table(let name) = selection else { return nil }
    let session = session
    return { reference in session.pictureBytes(table: name, reference: reference) }
  }

  /// The same rows searched, ordered and grouped by the server as
  /// `refinement` says; nil for the catalogue, which the browser searches.
  public func refined(by refinement: SourceRefinement) -> (any ItemSource)? {
    guard selection != nil else { return nil }
    var refined = self
    refined.refinement = refinement
    refined.windowStart = .first
    return refined
  }

  /// The same rows read from `start` (a table's, whose order is total by its
  /// identity); nil for the catalogue and a query.
  public func starting(at start: WindowStart) -> (any ItemSource)? {
    guard case .table = selection else { return nil }
    var moved = self
    moved.windowStart = start
    return moved
  }

  /// What the catalogue's item for `relation` is: its name, kind and the rows
  /// the catalogue estimates (`null` when it has no estimate).
  ///
  /// ```swift
  /// PostgresSource.catalogueItem(items)   // {"table":"public.items","kind":"table","estimated rows":1204331}
  /// ```
  static func catalogueItem(_ relation: PostgresRelation) -> [UInt8] {
    let kind: String
    switch relation.kind {
    case .table: kind = "table"
    case .view: kind = "view"
    case .materializedView: kind = "materialized view"
    case .foreignTable: kind = "foreign table"
    case .partitionedTable: kind = "partitioned table"
    }
    var json: [UInt8] = Array(#"{"table":"#.utf8)
    JSONValue.appendQuoted(relation.qualifiedName, to: &json)
    json += Array(#","kind":"#.utf8)
    JSONValue.appendQuoted(kind, to: &json)
    json += Array(#","estimated rows":"#.utf8) + Array((relation.estimatedRows.map(String.init) ?? "null").utf8)
    json.append(UInt8(ascii: "}"))
    return json
  }

  /// The table an item of the catalogue names (its `table` member).
  ///
  /// ```swift
  /// PostgresSource.tableName(inCatalogueItem: Array(#"{"table":"public.items"}"#.utf8))   // "public.items"
  /// ```
  public static func tableName(inCatalogueItem json: [UInt8]) -> String? {
    (try? JSONParser.parse(json))?["table"]?.text
  }
}

extension PostgresSource: Equatable {
  /// Two sources are the same reading: the server, the selection and the refinement.
  public static func == (a: PostgresSource, b: PostgresSource) -> Bool {
    a.target == b.target && a.selection == b.selection && a.refinement == b.refinement && a.pageRows == b.pageRows
      && a.windowStart == b.windowStart
  }
}
