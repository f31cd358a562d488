/// Reads a table, a view or a query from PostgreSQL a page at a time, searched
/// and sorted by the server: the source's worker pulls ``nextPage()`` when it
/// wants more, and memory holds one page whatever the table's size.
///
/// Rows come through a server-side cursor (`DECLARE … NO SCROLL CURSOR`, then
/// `FETCH FORWARD n`) inside a `READ ONLY` transaction, so each page costs what
/// it holds. The order is made total with the row's identity (``SQLOrder``),
/// and the reader keeps the order keys of the last row it gave, so a cursor
/// can start after any row (keyset). The first cursor holds a window of
/// ``windowPages`` pages (`LIMIT`): a sort no index serves is then a top-N sort
/// in memory in one scan of the table, not a sort of all of it on disk before
/// the first row (0.6 s against 3 s for the first page of a million rows here).
/// The next cursor starts after the last row read and holds the rest (40 pages
/// took 3.8 s so, 3.2 s through one cursor): windows growing without end were
/// tried, but past `work_mem` each is a whole sort again (9.5 s). When the transaction ends early (``suspend()``, a
/// cancel, an error, ``reconnect(shouldStop:)``) the next page likewise goes on
/// after the last row given, so nothing is read twice or missed. Without an
/// identity (a view, a query) the cursor holds every row, and resuming skips
/// the rows already read (`MOVE`), which assumes they did not change meanwhile.
///
/// A query (`--sql`) is read as it is when there is no search or sort, else as
/// `SELECT * FROM (query) AS q WHERE … ORDER BY …`. A statement a cursor cannot
/// hold is not read; one that writes (`INSERT`, `UPDATE … RETURNING`) is run
/// in a read-only transaction so that the server refuses it with its own
/// message (``refusal(of:on:)``).
///
/// One thread uses a reader at a time, except ``cancel()``.
///
/// ```swift
/// let reader = try PostgresReader(connection: connection, selection: .table("items"),
///                                 search: SearchQuery("mug"), sort: try SortOrder(parsing: "price:desc"))
/// while let page = try reader.nextPage() {
///   for row in page { show(row.json) }
/// }
/// ```
public final class PostgresReader: @unchecked Sendable {
  public static let defaultPageRows = 500
  /// How many pages the first cursor holds when the order is total, by
  /// default: small enough that the server's top-N sort of so many rows
  /// stays within its `work_mem` (4 MB by default) for rows of ~1 KB.
  public static let defaultWindowPages = 4
  /// How much of a `bytea` a page brings: enough for a picture's header.
  public static let pictureHeaderBytes = 65_536
  /// How much is read again when a header lies further in.
  static let longerPictureBytes = 1 << 20
  static let cursor = "waterfall_rows"

  public private(set) var connection: PostgresConnection
  public private(set) var plan: PostgresReadPlan
  public let pageRows: Int
  /// How many pages the first cursor holds when the order is total (the next
  /// holds the rest).
  public let windowPages: Int
  /// How many rows the first page holds at most, when fewer than ``pageRows``:
  /// a search's first matches come as soon as the server has found so many,
  /// not once it has found a whole page (nil: a whole page).
  public var firstPageRows: Int?
  /// How many rows pages have given.
  public private(set) var rowsRead = 0
  /// Whether the last page has been given.
  public private(set) var isFinished = false

  private let select: SQLSelect?
  private var encoder: PostgresRowEncoder?
  private let quotedRelation: String?
  private let quotedKey: [String]
  /// The statement as given, for a query read as it is.
  private let plainQuery: String?
  private var cursorOpen = false
  /// The rows the open cursor holds at most (nil: all), and how many it gave.
  private var window: Int?
  private var rowsInWindow = 0
  private var windowsOpened = 0
  /// The order keys of the last row given.
  private var last: [SQLValue]?
  /// The order keys of the first row of the last result read.
  private var resultFirst: [SQLValue]?
  /// The order keys of the first row given (in the order's direction): the
  /// top edge of a window (``previousPage(before:rows:)``); nil before any row.
  public private(set) var firstKeys: [SQLValue]?
  /// The order keys of the last row given: where the next page starts.
  public var lastKeys: [SQLValue]? { last }

  /// Describes what `selection` is (a relation's columns and identity, a query
  /// wrapped for its search) and plans the statement, in one read-only
  /// transaction; nothing is read yet. `roles` name the members a row with a
  /// `bytea` picture gets (nil: none).
  public init(
    connection: PostgresConnection, selection: DatabaseSelection, search: SearchQuery = SearchQuery(""),
    sort: SortOrder = SortOrder(field: nil), groupBy: String? = nil, roles: FieldRoles? = FieldRoles(),
    pageRows: Int = PostgresReader.defaultPageRows, windowPages: Int = PostgresReader.defaultWindowPages
  ) throws(PostgresError) {
    connection.clearCancel()
    // Another reader's cursor ends here; that reader goes on after its last row when next asked.
    if connection.inTransaction { connection.rollback() }
    self.connection = connection
    self.pageRows = max(1, pageRows)
    self.windowPages = max(1, windowPages)
    let described: Description
    do {
      described = try connection.readOnly { () throws(PostgresError) -> Description in
        switch selection {
        case .table(let name):
          return try Self.describe(table: name, on: connection, search: search, sort: sort, groupBy: groupBy, roles: roles)
        case .query(let text):
          return try Self.describe(query: Self.trimmed(text), on: connection, search: search, sort: sort, groupBy: groupBy)
        }
      }
    } catch {
      // A query refused as no SELECT may be a write: let the server say why it is refused.
      guard case .query(let text) = selection, Self.mayBeAWrite(error) else { throw error }
      throw Self.refusal(of: Self.trimmed(text), on: connection) ?? error
    }
    plan = described.plan
    select = described.select
    encoder = described.encoder
    quotedRelation = described.quotedRelation
    quotedKey = described.quotedKey
    plainQuery = described.plainQuery
  }

  /// What describing a selection finds, before the reader is made of it.
  private struct Description {
    var plan: PostgresReadPlan
    var select: SQLSelect?
    var encoder: PostgresRowEncoder?
    var quotedRelation: String?
    var quotedKey: [String] = []
    var plainQuery: String?
  }

  private static func describe(
    table name: String, on connection: PostgresConnection, search: SearchQuery, sort: SortOrder, groupBy: String?,
    roles: FieldRoles?
  ) throws(PostgresError) -> Description {
    let relation = try connection.relation(named: name)
    let columns = try connection.columns(of: relation)
    let rowKey = try connection.rowKey(of: relation)
    let quotedNames = try columns.map { column throws(PostgresError) in try connection.quoted(column.name) }
    let from = try connection.quoted(relation)
    let key = try rowKey.columns.map { name throws(PostgresError) in try connection.quoted(name) }
    let sqlColumns = zip(columns, quotedNames).map { $0.sqlColumn(expression: $1) }
    let filter = SQLFilter(search, columns: sqlColumns, dialect: .postgres)
    let order = SQLOrder(sort: sort, groupBy: groupBy, columns: sqlColumns, rowKey: key, dialect: .postgres)
    let list = PostgresRowEncoder.selectList(columns, quoted: quotedNames, prefix: Self.pictureHeaderBytes)
    let select = SQLSelect(from: from, columns: list, filter: filter, order: order, dialect: .postgres)
    let notes = (rowKey.note.map { [$0] } ?? []) + Self.missing(sort: sort, groupBy: groupBy, in: sqlColumns)
    let statement = select.statement()
    let estimate = search.isEmpty ? relation.estimatedRows : Self.estimate(statement, on: connection)
    let plan = PostgresReadPlan(
      relation: relation, columns: columns, rowKey: rowKey, statement: statement.sql, parameters: statement.parameters,
      searchedByServer: true, sortedByServer: true, estimatedRows: estimate, notes: notes)
    return Description(
      plan: plan, select: select,
      encoder: PostgresRowEncoder(columns: columns, bytesPrefixed: true, roles: rowKey == .none ? nil : roles),
      quotedRelation: from, quotedKey: key)
  }

  private static func describe(
    query sql: String, on connection: PostgresConnection, search: SearchQuery, sort: SortOrder, groupBy: String?
  ) throws(PostgresError) -> Description {
    if search.isEmpty && sort.field == nil && groupBy == nil {
      let notes = sort.descending ? ["a query's rows cannot be reversed by the server"] : []
      let plan = PostgresReadPlan(
        relation: nil, columns: [], rowKey: .none, statement: sql, parameters: [], searchedByServer: true,
        sortedByServer: !sort.descending, estimatedRows: estimate(SQLFragment(sql), on: connection), notes: notes)
      return Description(plan: plan, plainQuery: sql)
    }
    // A newline before the parenthesis ends a trailing `-- comment`.
    let from = "(\n\(sql)\n) AS q"
    let described = try connection.query("SELECT * FROM \(from) LIMIT 0")
    let columns = described.columns.map { PostgresColumn(name: $0.name, type: $0.type) }
    let quotedNames = try columns.map { column throws(PostgresError) in try connection.quoted(column.name) }
    let sqlColumns = zip(columns, quotedNames).map { $0.sqlColumn(expression: $1) }
    let filter = SQLFilter(search, columns: sqlColumns, dialect: .postgres)
    let order = SQLOrder(sort: sort, groupBy: groupBy, columns: sqlColumns, rowKey: [], dialect: .postgres)
    let select = SQLSelect(from: from, columns: quotedNames, filter: filter, order: order, dialect: .postgres)
    let statement = select.statement()
    let plan = PostgresReadPlan(
      relation: nil, columns: columns, rowKey: .none, statement: statement.sql, parameters: statement.parameters,
      searchedByServer: true, sortedByServer: true, estimatedRows: estimate(statement, on: connection),
      notes: missing(sort: sort, groupBy: groupBy, in: sqlColumns))
    return Description(plan: plan, select: select, encoder: PostgresRowEncoder(columns: columns, bytesPrefixed: false, roles: nil))
  }

  /// The planner's estimate, or nil when it cannot plan the statement.
  private static func estimate(_ statement: SQLFragment, on connection: PostgresConnection) -> Int? {
    connection.attempt { () throws(PostgresError) in try connection.estimatedRows(of: statement) } ?? nil
  }

  /// Notes for a sort or group field that is neither a column the rows have
  /// nor a path into a JSON one.
  private static func missing(sort: SortOrder, groupBy: String?, in columns: [SQLColumn]) -> [String] {
    SQLOrder.missing([sort.field, groupBy], in: columns, dialect: .postgres)
  }

  /// `text` without trailing semicolons and spaces (a cursor holds one statement).
  static func trimmed(_ text: String) -> String {
    var sql = Substring(text)
    while let last = sql.last, last == ";" || last.isWhitespace { sql.removeLast() }
    return String(sql)
  }

  // MARK: Pages

  /// The next page of rows, at most ``pageRows``; nil once every row has been given.
  ///
  /// - Throws: ``PostgresError``: `.cancelled` after ``cancel()``, `.timedOut`
  ///   when the server's `statement_timeout` ran out, `.connectionLost` when the
  ///   server went away. The rows already given stay valid, and a later call
  ///   (after ``PostgresConnection/clearCancel()``, or ``reconnect(shouldStop:)``)
  ///   goes on after the last of them.
  public func nextPage() throws(PostgresError) -> [PostgresRow]? {
    if isFinished { return nil }
    // Another reader used the connection meanwhile: its transaction ended this one's cursor.
    if cursorOpen, connection.transactionOwner !== self { cursorOpen = false }
    let result: PostgresResult
    let asked = rowsRead == 0 ? max(1, min(pageRows, firstPageRows ?? pageRows)) : pageRows
    do {
      if rowsRead == 0, last == nil, !cursorOpen, let select, select.order.isTotal {
        result = try firstPage(of: select, rows: asked)
      } else {
        if !cursorOpen { try openCursor() }
        result = try connection.pq.execute("FETCH FORWARD \(asked) FROM \(Self.cursor)")
      }
    } catch {
      suspend()
      throw error
    }
    rowsInWindow += result.rowCount
    let windowDone = window.map { rowsInWindow >= $0 } ?? false
    if result.rowCount < asked && !windowDone { isFinished = true }
    if isFinished || windowDone { suspend() }
    let rows = page(of: result)
    return rows.isEmpty && isFinished ? nil : rows
  }

  /// The next page as items for the store, each keeping its JSON text; nil once
  /// every row has been given. A row the scanner refuses is left out.
  public func nextItems(scanner: ItemScanner) throws(PostgresError) -> [ScannedItem]? {
    let first = rowsRead
    guard let rows = try nextPage() else { return nil }
    return rows.enumerated().compactMap { i, row in
      guard var item = row.json.withUnsafeBufferPointer({ try? scanner.scan($0, offset: 0) }) else { return nil }
      item.offset = first + i
      item.length = row.json.count
      item.json = row.json
      return item
    }
  }

  /// Starts the reading after the row whose order keys are `keys` (as
  /// ``lastKeys`` gave them): the next page is the rows after it. Before
  /// anything is read; only when the order is total.
  public func resume(after keys: [SQLValue]) {
    guard select?.order.isTotal == true, select?.order.keys.count == keys.count else { return }
    last = keys
  }

  /// The page before the row whose order keys are `keys` (the last page of
  /// all when nil), at most `rows` rows, in the order's direction: one
  /// statement of the order reversed (``SQLSelect/reversed()``), `LIMIT rows`,
  /// in a transaction of its own. The reading then goes on after the page's
  /// last row (after the last page: nothing follows). `reachedStart` says that
  /// no row comes before the page. Nothing for an order that is not total.
  ///
  /// ```swift
  /// let (last, _) = try reader.previousPage(before: nil, rows: 500)   // the table's last 500 rows
  /// let (before, atStart) = try reader.previousPage(before: reader.firstKeys, rows: 500)
  /// ```
  public func previousPage(before keys: [SQLValue]?, rows: Int) throws(PostgresError) -> (rows: [PostgresRow], reachedStart: Bool) {
    guard let select, select.order.isTotal else {
      throw PostgresError(.unsupported, "rows without an identity cannot be read backward", call: "previousPage(before:rows:)")
    }
    suspend()
    let statement = select.reversed().statement(after: keys, limit: max(1, rows))
    var page: [PostgresRow] = []
    var count = 0
    try connection.readOnly { () throws(PostgresError) in
      let result = try connection.pq.execute(statement.sql, statement.parameters.map(\.text))
      count = result.rowCount
      page = self.page(of: result)
    }
    // Read backward: the result's last row is the page's first.
    if count > 0 {
      firstKeys = last
      last = resultFirst
    } else {
      // Nothing before: the reading goes on from the start.
      last = nil
    }
    if keys == nil { isFinished = true }
    return (page.reversed(), count < max(1, rows))
  }

  /// Ends the transaction (and its cursor) until the next page, which goes on
  /// after the last row given: what a source does once it has read a screen or
  /// so ahead, so that no transaction stays open while the user looks.
  public func suspend() {
    if cursorOpen, connection.transactionOwner === self { connection.rollback() }
    cursorOpen = false
  }

  /// Cancels the statement running now (any thread; never waits).
  public func cancel() { connection.cancel() }

  /// Connects again as before (the server went away) and ends the old
  /// connection; the next page goes on after the last row given.
  public func reconnect(shouldStop: () -> Bool = { false }) throws(PostgresError) {
    let fresh = try PostgresConnection(connection.target.text, shouldStop: shouldStop)
    cursorOpen = false
    connection.close()
    connection = fresh
  }

  /// The first page of a total order as one statement with `LIMIT`, in a
  /// transaction of its own; the next page opens a cursor after its last row.
  /// The server may scan and sort this statement on several cores, which it
  /// never does for a cursor's: the first screen sorted by an unindexed
  /// column comes as soon as `psql` would show it.
  private func firstPage(of select: SQLSelect, rows: Int) throws(PostgresError) -> PostgresResult {
    let statement = select.statement(limit: rows)
    try connection.begin(owner: self)
    defer { if connection.transactionOwner === self { connection.rollback() } }
    return try connection.pq.execute(statement.sql, statement.parameters.map(\.text))
  }

  /// Begins the transaction and declares the cursor, after the last row given.
  private func openCursor() throws(PostgresError) {
    let total = select?.order.isTotal == true
    let byKey = total && last != nil
    window = total && windowsOpened == 0 ? pageRows * windowPages : nil
    windowsOpened += 1
    rowsInWindow = 0
    let statement = plainQuery.map { SQLFragment($0) } ?? select?.statement(after: byKey ? last : nil, limit: window) ?? SQLFragment("")
    try connection.begin(owner: self)
    cursorOpen = true
    do {
      _ = try connection.pq.execute(
        "DECLARE \(Self.cursor) NO SCROLL CURSOR FOR\n" + statement.sql, statement.parameters.map(\.text))
    } catch {
      guard let plainQuery, Self.mayBeAWrite(error) else { throw error }
      suspend()
      throw Self.refusal(of: plainQuery, on: connection) ?? error
    }
    if !byKey, rowsRead > 0 { _ = try connection.pq.execute("MOVE FORWARD \(rowsRead) IN \(Self.cursor)") }
  }

  /// Whether a cursor refused a statement as one that is no query.
  static func mayBeAWrite(_ error: PostgresError) -> Bool {
    error.sqlState == "42601" || error.sqlState == "0A000"
  }

  /// For a statement a cursor cannot hold, the server's own refusal when it
  /// writes: a statement whose plan (`EXPLAIN`, which runs nothing) modifies a
  /// table is run in a read-only transaction, which refuses it before its
  /// first row. Nil for anything else (a utility such as `COPY` or `SET`,
  /// which `EXPLAIN` does not plan, is never run).
  static func refusal(of sql: String, on connection: PostgresConnection) -> PostgresError? {
    do {
      return try connection.readOnly { () throws(PostgresError) -> PostgresError? in
        guard let plan = try? connection.pq.execute("EXPLAIN (FORMAT JSON) " + sql), plan.rowCount > 0,
          plan.text(0, 0)?.contains("\"ModifyTable\"") == true
        else { return nil }
        _ = try connection.pq.execute(sql)
        return PostgresError(.statement, "the statement would write", call: "refusal(of:on:)")
      }
    } catch {
      return error
    }
  }

  /// The rows of `result` as JSON, remembering the last one's order keys.
  private func page(of result: PostgresResult) -> [PostgresRow] {
    if encoder == nil {
      let columns = result.columns.map { PostgresColumn(name: $0.name, type: $0.type) }
      plan.columns = columns
      encoder = PostgresRowEncoder(columns: columns, bytesPrefixed: false, roles: nil)
    }
    guard let encoder else { return [] }
    let identityCount = select?.order.identityCount ?? 0
    let keyColumns = select?.keyColumns(in: result.columns.count) ?? []
    var rows: [PostgresRow] = []
    rows.reserveCapacity(result.rowCount)
    for row in 0..<result.rowCount {
      let keys = keyColumns.map { column in
        result.text(row, column).map(SQLValue.text) ?? .null
      }
      let identity = keys.suffix(identityCount).compactMap(\.text)
      var json: [UInt8] = []
      encoder.appendJSON(row: row, of: result, key: identity, longer: { self.longerBytes(of: $0, key: identity) }, to: &json)
      rows.append(PostgresRow(json: json, key: identity))
      if row == 0 { resultFirst = keys }
      if firstKeys == nil { firstKeys = keys }
      last = keys
    }
    rowsRead += result.rowCount
    return rows
  }

  /// More of a `bytea` whose picture header its prefix cut off, read in the
  /// open transaction by the row's identity.
  private func longerBytes(of field: PostgresRowEncoder.Field, key: [String]) -> [UInt8]? {
    guard let quotedRelation, !quotedKey.isEmpty, key.count == quotedKey.count,
      let column = try? connection.quoted(field.column.name)
    else { return nil }
    let parameters = (1...key.count).map { "$\($0)" }.joined(separator: ", ")
    let sql = "SELECT substring(\(column) FROM 1 FOR \(Self.longerPictureBytes)) FROM \(quotedRelation)"
      + " WHERE (\(quotedKey.joined(separator: ", "))) = (\(parameters))"
    guard let result = try? connection.pq.execute(sql, key), result.rowCount > 0, !result.isNull(0, 0) else { return nil }
    return result.withValue(0, 0) { PostgresBytea.decode($0) }
  }
}
