/// A connection to a PostgreSQL server that only ever reads.
///
/// Made from a URI (`postgresql://`, `postgres://`) or a connection string;
/// libpq fills in the rest the way its users expect (the `PG*` variables,
/// `~/.pgpass`, service files). Every statement runs inside a `READ ONLY`
/// transaction that is rolled back when done: a statement that would write is
/// refused by the server, with its message (``PostgresError``). Identifiers are
/// quoted by libpq (``quoted(_:)``) and values are parameters, never SQL text.
///
/// One worker thread uses a connection at a time; ``cancel()`` may come from
/// any thread and never waits. Messages and ``description`` never hold the
/// password.
///
/// ```swift
/// let connection = try PostgresConnection("postgresql://ann@db.example/shop")
/// connection.description                    // "ann@db.example:5432/shop"
/// try connection.relations().map(\.qualifiedName)   // ["public.items", "public.shops"]
/// let result = try connection.query("SELECT title FROM items WHERE id = $1", ["42"])
/// ```
public final class PostgresConnection: @unchecked Sendable {
  public let target: PostgresTarget
  let pq: PQConnection
  /// Whether a transaction is open (``begin()`` until ``rollback()``).
  private(set) var inTransaction = false
  /// Who began it (a reader holding its cursor there), if anyone said.
  private(set) weak var transactionOwner: AnyObject?

  /// Connects; `shouldStop` is asked while waiting for the server, to give up.
  public init(_ target: String, shouldStop: () -> Bool = { false }) throws(PostgresError) {
    self.target = PostgresTarget(target)
    pq = try PQConnection(
      target: target, settings: ["client_encoding": "UTF8", "fallback_application_name": "waterfall"],
      shouldStop: shouldStop)
  }

  /// `user@host:port/database`; a Unix socket's folder stands for the host.
  public var description: String {
    let endpoint = pq.endpoint
    return "\(endpoint.user)@\(endpoint.host):\(endpoint.port)/\(endpoint.database)"
  }

  /// Cancels the statement running now and any started before ``clearCancel()``
  /// (a reader clears it when made). Any thread; never waits: the thread running
  /// the statement sends the cancel and throws ``PostgresError/Kind/cancelled``.
  public func cancel() { pq.cancel() }

  /// Cancels the statement running now from the calling thread, waiting only
  /// for the server to take the request: for a program about to end, whose
  /// reading thread would not send it in time (``cancel()`` leaves that to it).
  public func cancelNow() { pq.cancelNow() }

  public func clearCancel() { pq.clearCancel() }

  /// Ends the session. From the thread using the connection.
  public func close() { pq.close() }

  public var isOpen: Bool { pq.isOpen }

  /// The server process of this session (`pg_stat_activity.pid`).
  public var backendPID: Int { pq.backendPID }

  /// The most memory libpq held for one result on this connection: what a
  /// page costs, whatever the table's size.
  public var largestResultBytes: Int { pq.largestResultBytes }

  // MARK: Read-only transactions

  /// Runs `body` inside a `READ ONLY` transaction, rolled back afterwards
  /// whatever happened; inside the one open already, if there is one (so a
  /// reader describes a table in one transaction, not one per question).
  func readOnly<T>(_ body: () throws(PostgresError) -> T) throws(PostgresError) -> T {
    if inTransaction { return try body() }
    try begin()
    let value: T
    do { value = try body() } catch {
      rollback()
      throw error
    }
    rollback()
    return value
  }

  /// Starts a `READ ONLY` transaction (servers before 12 are also told to send
  /// floats' every digit, as later ones do). From 14 on the server is told to
  /// look every second whether this program is still there while a statement
  /// runs (`client_connection_check_interval`): one that ended without
  /// cancelling (killed) leaves no statement running to its end.
  func begin(owner: AnyObject? = nil) throws(PostgresError) {
    if inTransaction { rollback() }
    var settings = pq.serverVersion < 120_000 ? "; SET LOCAL extra_float_digits = 3" : ""
    if pq.serverVersion >= 140_000 { settings += "; SET LOCAL client_connection_check_interval = 1000" }
    _ = try pq.executeScript("BEGIN READ ONLY" + settings)
    inTransaction = true
    transactionOwner = owner
  }

  /// Ends the transaction, even after a cancel; a broken connection has none.
  func rollback() {
    inTransaction = false
    transactionOwner = nil
    guard pq.isOpen else { return }
    let cancelled = pq.isCancelled
    pq.clearCancel()
    _ = try? pq.executeScript("ROLLBACK")
    if cancelled { pq.cancel() }
  }

  /// Runs `body`, which may fail without harm (a guess, an estimate): in the
  /// open transaction inside a savepoint, so that its failure leaves the
  /// transaction usable, or in a read-only transaction of its own. Nil when it
  /// failed.
  func attempt<T>(_ body: () throws(PostgresError) -> T) -> T? {
    guard inTransaction else { return try? readOnly(body) }
    guard (try? pq.executeScript("SAVEPOINT waterfall_attempt")) != nil else { return nil }
    do {
      let value = try body()
      _ = try? pq.executeScript("RELEASE SAVEPOINT waterfall_attempt")
      return value
    } catch {
      _ = try? pq.executeScript("ROLLBACK TO SAVEPOINT waterfall_attempt")
      return nil
    }
  }

  /// Runs one statement (`$1…` bound to `parameters`) in a read-only
  /// transaction of its own (or in the one open).
  public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
    try readOnly { () throws(PostgresError) in try pq.execute(sql, parameters) }
  }

  /// `name` quoted as an identifier by libpq (`PQescapeIdentifier`).
  public func quoted(_ name: String) throws(PostgresError) -> String {
    try pq.escapeIdentifier(name)
  }

  // MARK: The catalogue

  static let relationColumns = """
    SELECT n.nspname, c.relname, c.relkind::text, c.reltuples::float8, c.oid, c.relhassubclass
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    """

  /// The tables and views (materialized, foreign and partitioned ones too)
  /// the user may read, by schema and name, each with its estimated rows;
  /// partitions are left out (their parent lists them), as are the system's.
  public func relations() throws(PostgresError) -> [PostgresRelation] {
    let result = try query(
      Self.relationColumns + """
         WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p') AND NOT c.relispartition
          AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
          AND has_table_privilege(c.oid, 'SELECT')
        ORDER BY n.nspname, c.relname
        """)
    return Self.relations(in: result)
  }

  /// The relation `name` names: `schema.name` or a name on the search path,
  /// as written (case and all), else as SQL reads it (`"Odd Name"`, `Items`
  /// for `items`).
  public func relation(named name: String) throws(PostgresError) -> PostgresRelation {
    let exact = try query(
      Self.relationColumns + """
         WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p')
          AND (n.nspname || '.' || c.relname = $1 OR (c.relname = $1 AND pg_catalog.pg_table_is_visible(c.oid)))
        ORDER BY n.nspname || '.' || c.relname = $1 DESC LIMIT 1
        """, [name])
    if let relation = Self.relations(in: exact).first { return relation }
    // to_regclass reads SQL's syntax and may refuse it: that is "not there" too.
    let parsed = attempt { () throws(PostgresError) in
      try query(Self.relationColumns + " WHERE c.oid = pg_catalog.to_regclass($1)", [name])
    }
    if let parsed, let relation = Self.relations(in: parsed).first { return relation }
    throw PostgresError(.unsupported, "no table or view named \(name)", call: "relation(named:)")
  }

  private static func relations(in result: PostgresResult) -> [PostgresRelation] {
    (0..<result.rowCount).compactMap { row in
      guard let kind = PostgresRelation.Kind(relkind: result.text(row, 2) ?? "") else { return nil }
      let estimate = result.text(row, 3).flatMap(Double.init).flatMap { $0 >= 0 && kind != .view ? Int($0) : nil }
      return PostgresRelation(
        schema: result.text(row, 0) ?? "", name: result.text(row, 1) ?? "", kind: kind, estimatedRows: estimate,
        oid: UInt32(result.text(row, 4) ?? "") ?? 0, hasChildren: result.text(row, 5) == "t")
    }
  }

  /// `relation` quoted for SQL: `"schema"."name"`.
  public func quoted(_ relation: PostgresRelation) throws(PostgresError) -> String {
    try quoted(relation.schema) + "." + quoted(relation.name)
  }

  /// The columns of `relation`, as `SELECT *` gives them, each knowing
  /// whether the catalogue forbids it NULL.
  public func columns(of relation: PostgresRelation) throws(PostgresError) -> [PostgresColumn] {
    let described = try query("SELECT * FROM \(quoted(relation)) LIMIT 0")
    let notNull = try query(
      "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1 AND attnum > 0 AND attnotnull AND NOT attisdropped",
      [String(relation.oid)])
    let names = Set((0..<notNull.rowCount).compactMap { notNull.text($0, 0) })
    return described.columns.map { PostgresColumn(name: $0.name, type: $0.type, notNull: names.contains($0.name)) }
  }

  /// What identifies a row of `relation`: its primary key's columns, else
  /// `ctid` (with `tableoid` when it has children), else nothing (a view).
  public func rowKey(of relation: PostgresRelation) throws(PostgresError) -> PostgresRowKey {
    let result = try query(
      """
      SELECT a.attname FROM pg_catalog.pg_index i
        JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1 AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)
      """, [String(relation.oid)])
    let names = (0..<result.rowCount).compactMap { result.text($0, 0) }
    if !names.isEmpty { return .primaryKey(names) }
    switch relation.kind {
    case .table, .materializedView: return relation.hasChildren ? .tableAndCtid : .ctid
    case .partitionedTable: return .tableAndCtid
    case .view, .foreignTable: return .none
    }
  }

  /// The planner's estimate of how many rows `statement` returns (`EXPLAIN`,
  /// which runs nothing); nil when it cannot say.
  public func estimatedRows(of statement: SQLFragment) throws(PostgresError) -> Int? {
    let result = try query("EXPLAIN (FORMAT JSON) " + statement.sql, statement.parameters.map(\.text))
    guard result.rowCount > 0, let text = result.text(0, 0),
      let plan = try? JSONParser.parse(Array(text.utf8)), case .array(let plans) = plan,
      let rows = plans.first?["Plan"]?["Plan Rows"]?.doubleValue
    else { return nil }
    return Int(rows)
  }
}
