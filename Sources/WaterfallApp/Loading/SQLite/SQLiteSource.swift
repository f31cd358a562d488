/// A table (or view) of a SQLite database, or a query's rows.
///
/// A table with a rowid, or a `WITHOUT ROWID` one (by its primary key), is
/// read a page at a time (``SQLiteTableCursor``), a screen or so ahead of the
/// user, and searched and sorted by SQLite when the source is refined
/// (``refined(by:)``: `WHERE` from ``SQLFilter``, a total `ORDER BY` from
/// ``SQLOrder``, `--group-by` as its first key), so a million rows open and
/// search without being loaded whole. A view, a table whose columns take every
/// name of its rowid, and a query's rows have no key to resume after: they are
/// one page, read whole by ``SQLiteLoad`` and searched and sorted in memory. Pictures in BLOBs are
/// read from the table (``pictureBytes``).
///
/// ```swift
/// let source = try SQLiteSource.resolve("shop.db", table: nil, query: nil)   // its one table
/// source.sourceDescription.name   // "shop.db"
/// source.refined(by: SourceRefinement(search: "mug", sort: SortOrder(field: "price")))   // … WHERE … ORDER BY "price" COLLATE NOCASE, rowid
/// ```
struct SQLiteSource: ItemSource {
  let path: String
  let selection: DatabaseSelection
  /// What the table's rows are paged by (``SQLiteDatabase/rowKey(of:)``)
  /// when it has such a key: the table is then paged, and refined by SQLite.
  var rowKey: SQLiteRowKey? = nil
  /// The name that reaches the table's rowid, when it is paged by it.
  var rowidName: String? { rowKey?.rowidName }
  /// The search, order and grouping SQLite applies.
  var refinement = SourceRefinement()
  /// Where the reading starts (``starting(at:)``).
  var windowStart = WindowStart.first
  /// Rows a page holds.
  var pageRows = SQLiteTableReader.defaultPageRows
  /// Rows the first page of a search holds: a screen or so, handed over as
  /// SQLite finds them.
  static let firstMatches = 60

  var sourceDescription: SourceDescription {
    var description = SourceDescription(name: path, baseDirectory: SourceDescription.folder(of: path))
    description.rowsAreTable = true
    return description
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    if case .table(let name) = selection, let rowKey {
      return SQLiteTableCursor(source: self, table: name, rowKey: rowKey, settings: settings)
    }
    return OnePageCursor { [self] sink in
      SQLiteLoad(path: path, selection: selection, scanner: settings.scanner).run(
        shouldStop: { sink.shouldStop() },
        opened: { sink.opened(OpenedPage(file: $0)) },
        described: { sink.described($0, note: $1) },
        deliver: { sink.deliver($0, skipped: $1, bytesRead: $2) })
    }
  }

  /// The same table's rows searched, ordered and grouped by SQLite as
  /// `refinement` says; nil for what is read whole (a view, a query), which
  /// the browser searches and sorts.
  func refined(by refinement: SourceRefinement) -> (any ItemSource)? {
    guard case .table = selection, rowKey != nil else { return nil }
    var refined = self
    refined.refinement = refinement
    refined.windowStart = .first
    return refined
  }

  /// The same table's rows read from `start` (``WindowStart``); nil for what
  /// is read whole.
  func starting(at start: WindowStart) -> (any ItemSource)? {
    guard case .table = selection, rowKey != nil else { return nil }
    var moved = self
    moved.windowStart = start
    return moved
  }

  /// For a table, what reads the pictures its rows hold in BLOBs (``BlobPicture``).
  var pictureBytes: (@Sendable (String) -> [UInt8]?)? {
    guard case .table(let name) = selection, let table = try? SQLiteTable(path: path, name: name) else { return nil }
    return { reference in BlobPicture(reference: reference).flatMap { table.bytes(of: $0) } }
  }

  /// The database at `path`, read by `table` or `query`, or by its one table or view.
  static func resolve(_ path: String, table: String?, query: String?) throws(LoadError) -> SQLiteSource {
    if let query { return SQLiteSource(path: path, selection: .query(query)) }
    let database: SQLiteDatabase
    let schema: SQLiteSchema
    do {
      database = try SQLiteDatabase(path: path)
      schema = try database.schema()
    } catch {
      throw LoadError.unreadable(path: path, reason: error.description)
    }
    let name: String
    if let table {
      guard schema.contains(table) else { throw LoadError.unreadable(path: path, reason: schema.missing(table)) }
      name = table
    } else {
      guard schema.names.count == 1 else { throw LoadError.unreadable(path: path, reason: schema.choiceNeeded) }
      name = schema.names[0]
    }
    // A table with no key to resume after (or whose key cannot be asked for) is read whole.
    return SQLiteSource(path: path, selection: .table(name), rowKey: (try? database.rowKey(of: name)) ?? nil)
  }
}
