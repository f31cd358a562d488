/// Reads a SQLite table a page at a time, searched and sorted by SQLite: the
/// browser's search becomes a `WHERE` (``SQLFilter``), its sort an `ORDER BY`
/// made total by the rowid, or a `WITHOUT ROWID` table's primary key
/// (``SQLiteRowKey``, ``SQLOrder``), so the first screen of a million rows
/// costs the rows it shows, not the table.
///
/// One statement is stepped across pages (``read(upTo:_:)``) until the reading
/// rests (``suspend()``), which lets the statement and its read lock go; the
/// next page opens a new statement after the last row given, by the values
/// of its order keys (keyset), so nothing is read twice or missed. When the
/// order needs a sort (a `--sort` or `--group-by` column), each statement
/// holds a window of rows (`LIMIT`): SQLite then keeps the best rows as it
/// scans, in one pass over the table, instead of sorting all of it before the
/// first row. Windows grow fourfold, so reading the whole table costs a few
/// scans, not one per page. A row whose order key is a BLOB cannot be resumed
/// after by value: the next statement skips the rows read instead (`OFFSET`).
///
/// One thread uses a reader at a time; ``SQLiteDatabase/interrupt()`` stops
/// it from another.
///
/// ```swift
/// let reader = try SQLiteTableReader(database: db, table: "items", rowidName: "rowid",
///                                    refinement: SourceRefinement(search: "mug", sort: SortOrder(field: "price")))
/// reader.statement().sql   // SELECT *, "price" COLLATE NOCASE, rowid FROM "items" WHERE … ORDER BY … LIMIT 2000
/// try reader.read(upTo: 500) { row, rowid in show(row) }
/// ```
final class SQLiteTableReader {
  /// Rows a page holds, by default.
  static let defaultPageRows = 500
  /// How many pages the first window holds, when the order needs a sort.
  static let windowPages = 4

  let database: SQLiteDatabase
  let table: String
  /// What the order is made total by, and the next statement resumes after.
  let rowKey: SQLiteRowKey
  let select: SQLSelect
  /// What a user should know: a sort column the table does not have.
  let notes: [String]
  let pageRows: Int
  /// How many rows have been given.
  private(set) var rowsRead = 0
  /// Whether the last row has been given.
  private(set) var isFinished = false
  /// How many statements were opened (a test's count of the work done).
  private(set) var statementsOpened = 0
  /// Whether the reading started elsewhere than the first row (a window):
  /// it goes on by keys only, as rows skipped by count would not be its own.
  private var skipsNone = false

  /// The statement being stepped, between pages too until the reading rests.
  private var running: SQLiteDatabase.Statement?
  /// The rows the open statement holds at most (nil: all), and how many it gave.
  private var window: Int?
  private var rowsInWindow = 0
  /// The order keys of the last row given; nil after a row whose keys cannot
  /// be bound (a BLOB), when the next statement skips the rows read instead.
  private var last: [SQLValue]?
  /// The order keys of the first row given (in the order's direction): a
  /// window's top edge; nil before any row, or when they hold a BLOB.
  private(set) var firstKeys: [SQLValue]?
  /// The order keys of the last row given: where the next page starts.
  var lastKeys: [SQLValue]? { last }

  /// A reader of `table` (whose rowid is reached by `rowidName`) as
  /// `refinement` says; nothing is read yet but the table's columns.
  convenience init(
    database: SQLiteDatabase, table: String, rowidName: String, refinement: SourceRefinement = SourceRefinement(),
    pageRows: Int = SQLiteTableReader.defaultPageRows
  ) throws(SQLiteDatabase.Failure) {
    try self.init(database: database, table: table, rowKey: .rowid(rowidName), refinement: refinement, pageRows: pageRows)
  }

  /// A reader of `table`, its rows told apart by `rowKey`, as `refinement`
  /// says; nothing is read yet but the table's columns.
  init(
    database: SQLiteDatabase, table: String, rowKey: SQLiteRowKey, refinement: SourceRefinement = SourceRefinement(),
    pageRows: Int = SQLiteTableReader.defaultPageRows
  ) throws(SQLiteDatabase.Failure) {
    self.database = database
    self.table = table
    self.rowKey = rowKey
    self.pageRows = max(1, pageRows)
    let columns = try database.sqlColumns(of: table)
    let filter = SQLFilter(refinement.query, columns: columns, dialect: .sqlite)
    let sort = refinement.sort ?? SortOrder(field: nil)
    let order = SQLOrder(sort: sort, groupBy: refinement.groupBy, columns: columns, rowKey: rowKey.expressions, dialect: .sqlite)
    select = SQLSelect(from: SQLiteDatabase.quoted(table), columns: ["*"], filter: filter, order: order, dialect: .sqlite)
    notes = SQLOrder.missing([sort.field, refinement.groupBy], in: columns, dialect: .sqlite)
  }

  /// Whether the order needs a sort: a key other than the rowid.
  var sorts: Bool { select.order.keys.count > select.order.identityCount }

  /// The rows window `number` (from 0) holds when the order needs a sort.
  func windowRows(_ number: Int) -> Int {
    pageRows * (Self.windowPages << min(2 * number, 40))
  }

  /// The statement for the rows after the last one given (all, at the start):
  /// the next window's, when the order needs a sort.
  func statement() -> SQLFragment {
    let limit = sorts ? windowRows(statementsOpened) : nil
    if let last, rowsRead > 0 || skipsNone { return select.statement(after: last, limit: limit) }
    if rowsRead == 0 { return select.statement(limit: limit) }
    var skipping = select.statement(limit: limit ?? -1)
    skipping.sql += " OFFSET \(rowsRead)"
    return skipping
  }

  /// Gives up to `count` rows to `body`, each with its rowid (in a table paged
  /// by its primary key: its place in the reading, from 0; the row is valid
  /// only inside the call), opening a statement when none is open; returns
  /// how many it gave. Fewer than `count` only at the end (``isFinished``).
  ///
  /// - Throws: ``SQLiteDatabase/Failure``, `interrupted` once the database
  ///   was interrupted. The rows given before stay given; a later call (on a
  ///   database not interrupted) goes on after them.
  @discardableResult
  func read(upTo count: Int, _ body: (SQLiteDatabase.Row, Int64) -> Void) throws(SQLiteDatabase.Failure) -> Int {
    var given = 0
    var keyColumns: [Int] = []
    while given < count, !isFinished {
      if running == nil { try open() }
      guard let statement = running else { break }
      let row: SQLiteDatabase.Row?
      do { row = try statement.next() } catch {
        suspend()
        throw error
      }
      guard let row else {
        running = nil
        // A window read to its end: the rows after it are the next window's.
        if let window, rowsInWindow >= window { continue }
        isFinished = true
        break
      }
      rowsInWindow += 1
      if keyColumns.isEmpty { keyColumns = select.keyColumns(in: row.columnCount) }
      last = keyColumns.contains(where: row.isBlob) ? nil : keyColumns.map(row.value)
      if rowsRead == 0 { firstKeys = last }
      let rowid = rowKey.rowidName == nil ? Int64(rowsRead) : row.integer(row.columnCount - 1)
      body(row, rowid)
      rowsRead += 1
      given += 1
    }
    return given
  }

  /// Starts the reading after the row whose order keys are `keys` (as
  /// ``lastKeys`` gave them), before anything is read.
  func resume(after keys: [SQLValue]) {
    guard keys.count == select.order.keys.count else { return }
    last = keys
    skipsNone = true
  }

  /// Gives the page before the row whose order keys are `keys` (the last page
  /// of all when nil) to `body`, at most `count` rows, LAST ROW FIRST: one
  /// statement of the order reversed (``SQLSelect/reversed()``). The reading
  /// then goes on after the page's last row (after the last page: nothing
  /// follows). Returns the rows given and whether no row comes before them.
  @discardableResult
  func readBackward(
    before keys: [SQLValue]?, upTo count: Int, _ body: (SQLiteDatabase.Row, Int64) -> Void
  ) throws(SQLiteDatabase.Failure) -> (given: Int, reachedStart: Bool) {
    suspend()
    let fragment = select.reversed().statement(after: keys, limit: max(1, count))
    statementsOpened += 1
    let statement = try database.statement(fragment.sql, values: fragment.parameters)
    defer { statement.finish() }
    var given = 0
    var pageLast: [SQLValue]?
    var pageFirst: [SQLValue]?
    var keyColumns: [Int] = []
    while let row = try statement.next() {
      if keyColumns.isEmpty { keyColumns = select.keyColumns(in: row.columnCount) }
      let rowKeys = keyColumns.contains(where: row.isBlob) ? nil : keyColumns.map(row.value)
      if given == 0 { pageLast = rowKeys }
      pageFirst = rowKeys
      body(row, row.integer(row.columnCount - 1))
      given += 1
    }
    rowsRead += given
    if given > 0 {
      firstKeys = pageFirst
      last = pageLast
      skipsNone = true
    } else {
      // Nothing before: the reading goes on from the start.
      last = nil
      rowsRead = 0
    }
    if keys == nil { isFinished = true }
    return (given, given < max(1, count))
  }

  /// Lets the open statement go (and the read lock it holds): the reading
  /// rests while the user looks. The next ``read(upTo:_:)`` goes on after the
  /// last row given.
  func suspend() {
    running?.finish()
    running = nil
  }

  private func open() throws(SQLiteDatabase.Failure) {
    let fragment = statement()
    window = sorts ? windowRows(statementsOpened) : nil
    rowsInWindow = 0
    statementsOpened += 1
    running = try database.statement(fragment.sql, values: fragment.parameters)
  }

  /// How many rows the table holds, estimated without counting: `ANALYZE`'s
  /// figure when there is one, else the span of its rowids (exact for a
  /// table that was only ever appended to), or of a primary key that is one
  /// integer column; nil when neither can say.
  func estimatedRows() -> Int? {
    var estimate: Int?
    try? database.forEachRow(
      "SELECT stat FROM sqlite_stat1 WHERE tbl = ?1 LIMIT 1", values: [.text(table)]
    ) { row in
      estimate = row.text(0).flatMap { $0.split(separator: " ").first.flatMap { Int($0) } }
      return false
    }
    if let estimate { return estimate }
    // Each alone, so that each is one step down the table's b-tree (together, they scan it).
    let quoted = SQLiteDatabase.quoted(table)
    guard rowKey.expressions.count == 1, let key = rowKey.expressions.first else { return nil }
    let span = "SELECT (SELECT min(\(key)) FROM \(quoted)), (SELECT max(\(key)) FROM \(quoted))"
    var estimatedSpan: Int?
    try? database.forEachRow(span, values: []) { row in
      guard case .integer(let least) = row.value(0), case .integer(let most) = row.value(1) else {
        // No rows; or a key that is no integer, whose span says nothing.
        if row.value(0) == .null { estimatedSpan = 0 }
        return false
      }
      let (difference, overflow) = most.subtractingReportingOverflow(least)
      estimatedSpan = overflow || difference == .max ? nil : Int(difference + 1)
      return false
    }
    return estimatedSpan
  }
}
