import CSQLite
import Synchronization

/// A SQLite database opened read-only: the one file that calls SQLite.
///
/// The file is opened read-only by a URI that also keeps SQLite from creating a
/// `-wal` or `-shm` beside it (``SQLiteReadOnlyOpen``), so neither it nor its
/// journal or WAL is ever written, nor anything made next to it; a query that
/// would write is refused before it runs, and so is one that holds more than one
/// statement. Statements are stepped one row at a time, so a table of any size
/// costs the rows being read; a ``Statement`` is stepped across calls (a page
/// at a time), and ``interrupt()`` stops the connection's statements from
/// another thread.
///
/// ```swift
/// let db = try SQLiteDatabase(path: "shop.db")
/// try db.schema().tables                               // ["items", "shops"]
/// try db.forEachRow("SELECT * FROM items") { row in row.json }
/// ```
final class SQLiteDatabase: @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible {
    var description: String
    /// Whether the statement stopped because ``interrupt()`` was called.
    var interrupted = false
  }

  let path: String
  private let handle: OpaquePointer
  /// One statement at a time on a connection.
  private let lock = Mutex(())
  /// Raised by ``interrupt()``: the progress handler then stops every statement.
  private let stopFlag: UnsafeMutablePointer<Int32>

  init(path: String) throws(Failure) {
    let opening = SQLiteReadOnlyOpen(path: path)
    guard let uri = opening.uri else { throw Failure(description: opening.refusal) }
    var db: OpaquePointer?
    let status = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX, nil)
    guard status == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
      sqlite3_close(db)
      throw Failure(description: message)
    }
    sqlite3_busy_timeout(db, 2_000)
    handle = db
    self.path = path
    stopFlag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    stopFlag.initialize(to: 0)
    cs_stop_when_raised(db, stopFlag)
  }

  deinit {
    sqlite3_close(handle)
    stopFlag.deallocate()
  }

  /// Stops the statement running on this connection now (`sqlite3_interrupt`)
  /// and every one after it, for good: each fails with
  /// ``Failure/interrupted`` set. From any thread; never waits.
  ///
  /// ```swift
  /// db.interrupt()   // the loader's `statement.next()` throws soon after
  /// ```
  func interrupt() {
    cs_raise_flag(stopFlag)
    sqlite3_interrupt(handle)
  }

  /// Whether ``interrupt()`` was called.
  var isInterrupted: Bool { cs_flag_is_raised(stopFlag) != 0 }

  /// The failure of the last call on the connection, which returned `status`.
  private func failure(_ status: Int32) -> Failure {
    if status == SQLITE_INTERRUPT || isInterrupted { return Failure(description: "the query was interrupted", interrupted: true) }
    return Failure(description: String(cString: sqlite3_errmsg(handle)))
  }

  /// The database's tables and views, each in name order.
  func schema() throws(Failure) -> SQLiteSchema {
    var schema = SQLiteSchema()
    try forEveryRow(
      "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name"
    ) { row in
      if row.text(1) == "view" { schema.views.append(row.text(0) ?? "") } else { schema.tables.append(row.text(0) ?? "") }
    }
    return schema
  }

  /// The name that reaches table `name`'s real rowid: the first of `rowid`,
  /// `_rowid_` and `oid` that is not also one of its columns (which would hide
  /// it), or nil when the table has no rowid (a view, a `WITHOUT ROWID` table)
  /// or every one of the three is taken by a column.
  ///
  /// ```swift
  /// try db.rowidName(of: "items")   // "rowid"; "_rowid_" when a column is called rowid
  /// ```
  func rowidName(of name: String) throws(Failure) -> String? {
    var type: String?
    try forEveryRow("SELECT type FROM sqlite_schema WHERE name = \(Self.literal(name))") { row in type = row.text(0) }
    guard type == "table" else { return nil }
    var columns: Set<String> = []
    try forEveryRow("SELECT name FROM pragma_table_xinfo(\(Self.literal(name)))") { row in
      columns.insert((row.text(0) ?? "").lowercased())
    }
    guard let alias = ["rowid", "_rowid_", "oid"].first(where: { !columns.contains($0) }) else { return nil }
    // A WITHOUT ROWID table has no column by that name: the statement does not prepare.
    guard (try? forEveryRow("SELECT \(alias) FROM \(Self.quoted(name)) LIMIT 0") { _ in }) != nil else { return nil }
    return alias
  }

  /// What the rows of table `name` are paged and found again by: its rowid,
  /// else, for a `WITHOUT ROWID` table, its primary key's columns in the key's
  /// order (never NULL there); nil for a view, or a rowid table whose columns
  /// take every name of its rowid (its primary key may hold NULLs).
  ///
  /// ```swift
  /// try db.rowKey(of: "items")    // .rowid("rowid")
  /// try db.rowKey(of: "stock")    // .primaryKey(["shop", "sku"]), for `… PRIMARY KEY (shop, sku)) WITHOUT ROWID`
  /// ```
  func rowKey(of name: String) throws(Failure) -> SQLiteRowKey? {
    if let rowid = try rowidName(of: name) { return .rowid(rowid) }
    var withoutRowid = false
    try forEveryRow("SELECT wr FROM pragma_table_list(?1) WHERE schema = 'main' AND type = 'table'", values: [.text(name)]) {
      row in withoutRowid = row.integer(0) == 1
    }
    guard withoutRowid else { return nil }
    var key: [(place: Int, name: String)] = []
    try forEveryRow("SELECT pk, name FROM pragma_table_info(?1) WHERE pk > 0", values: [.text(name)]) { row in
      key.append((Int(row.integer(0)), row.text(1) ?? ""))
    }
    return key.isEmpty ? nil : .primaryKey(key.sorted { $0.place < $1.place }.map(\.name))
  }

  /// Runs `sql` (with `arguments` bound to its `?`s), calling `body` with each row
  /// until it returns false. A statement that would write is refused, and so is
  /// text that holds no statement, or more than one.
  func forEachRow(
    _ sql: String, arguments: [Int64] = [], _ body: (Row) -> Bool
  ) throws(Failure) {
    try forEachRow(sql, values: arguments.map(SQLValue.integer), body)
  }

  /// Runs `sql` with `values` bound to its parameters in order (`?1`, `?2`…),
  /// calling `body` with each row until it returns false.
  func forEachRow(_ sql: String, values: [SQLValue], _ body: (Row) -> Bool) throws(Failure) {
    try lock.withLock { _ throws(Failure) in
      let statement = try prepare(sql, values: values)
      defer { sqlite3_finalize(statement) }
      let row = Row(statement: statement)
      while true {
        let status = sqlite3_step(statement)
        if status == SQLITE_DONE { return }
        guard status == SQLITE_ROW else { throw failure(status) }
        if !body(row) { return }
      }
    }
  }

  /// `sql` prepared with `values` bound to its parameters in order: one
  /// statement that reads, or a failure saying why not. The caller finalizes it.
  private func prepare(_ sql: String, values: [SQLValue]) throws(Failure) -> OpaquePointer {
    var statement: OpaquePointer?
    var more = false
    let status = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
      if status == SQLITE_OK, let tail { more = Self.holdsStatement(tail, handle: handle) }
      return status
    }
    guard status == SQLITE_OK else { throw failure(status) }
    guard let statement else { throw Failure(description: "the query is empty: give a statement (SELECT …)") }
    guard !more else {
      sqlite3_finalize(statement)
      throw Failure(description: "the query holds more than one statement; give one (SELECT …)")
    }
    guard sqlite3_stmt_readonly(statement) != 0 else {
      sqlite3_finalize(statement)
      throw Failure(description: "only a query that reads (SELECT …) can be browsed")
    }
    for (i, value) in values.enumerated() {
      let index = Int32(i + 1)
      switch value {
      case .null: sqlite3_bind_null(statement, index)
      case .integer(let number): sqlite3_bind_int64(statement, index, number)
      case .real(let number): sqlite3_bind_double(statement, index, number)
      case .text(let text): sqlite3_bind_text(statement, index, text, -1, cs_transient())
      }
    }
    return statement
  }

  /// `sql`, prepared with `values` bound, to be stepped a row at a time across
  /// calls (``Statement/next()``): a page of rows now, the next page later.
  ///
  /// ```swift
  /// let statement = try db.statement("SELECT * FROM items WHERE rowid > ?1", values: [.integer(500)])
  /// while let row = try statement.next() { … }
  /// ```
  func statement(_ sql: String, values: [SQLValue] = []) throws(Failure) -> Statement {
    let prepared = try lock.withLock { _ throws(Failure) in try prepare(sql, values: values) }
    return Statement(database: self, handle: prepared)
  }

  /// A statement stepped one row at a time across calls, by one thread at a
  /// time; it holds the database's read lock (and, for a file in WAL mode, its
  /// snapshot) from its first row until ``finish()`` or its end.
  final class Statement {
    private let database: SQLiteDatabase
    private var handle: OpaquePointer?

    fileprivate init(database: SQLiteDatabase, handle: OpaquePointer) {
      self.database = database
      self.handle = handle
    }

    deinit { finish() }

    /// The next row, valid until the next call; nil at the end (the
    /// statement is then finished).
    func next() throws(Failure) -> Row? {
      guard let handle else { return nil }
      let status = database.lock.withLock { _ in sqlite3_step(handle) }
      if status == SQLITE_ROW { return Row(statement: handle) }
      finish()
      guard status == SQLITE_DONE else { throw database.failure(status) }
      return nil
    }

    /// Lets the statement go (and the read lock it holds).
    func finish() {
      guard let handle else { return }
      database.lock.withLock { _ in _ = sqlite3_finalize(handle) }
      self.handle = nil
    }
  }

  /// The columns of `table` for the search and sort translation (``SQLFilter``,
  /// ``SQLOrder``): SQLite's values have no fixed type, so each is searched as
  /// text when its value is text or a number.
  func sqlColumns(of table: String) throws(Failure) -> [SQLColumn] {
    var columns: [SQLColumn] = []
    // Generated columns too (`SELECT *` gives them), not a virtual table's hidden ones.
    try forEveryRow("SELECT name, \"notnull\" FROM pragma_table_xinfo(?1) WHERE hidden != 1", values: [.text(table)]) { row in
      let name = row.text(0) ?? ""
      columns.append(SQLColumn(name: name, expression: Self.quoted(name), kind: .other, nullable: row.integer(1) == 0))
    }
    return columns
  }

  /// Whether `text` (what followed a statement) holds another statement: one that
  /// prepares, or text that does not prepare at all. Only spaces, comments and
  /// empty statements (`;`) hold none.
  private static func holdsStatement(_ text: UnsafePointer<CChar>, handle: OpaquePointer) -> Bool {
    var rest: UnsafePointer<CChar>? = text
    while let current = rest, current.pointee != 0 {
      var statement: OpaquePointer?
      var next: UnsafePointer<CChar>?
      let status = sqlite3_prepare_v2(handle, current, -1, &statement, &next)
      sqlite3_finalize(statement)
      if status != SQLITE_OK || statement != nil { return true }
      if next == current { return false }
      rest = next
    }
    return false
  }

  /// Runs `sql`, calling `body` with every row.
  func forEveryRow(_ sql: String, arguments: [Int64] = [], _ body: (Row) -> Void) throws(Failure) {
    try forEveryRow(sql, values: arguments.map(SQLValue.integer), body)
  }

  /// Runs `sql` with `values` bound, calling `body` with every row.
  func forEveryRow(_ sql: String, values: [SQLValue], _ body: (Row) -> Void) throws(Failure) {
    try forEachRow(sql, values: values) { (row: Row) -> Bool in
      body(row)
      return true
    }
  }

  /// A row of a statement being stepped: valid only inside the call that gave it.
  struct Row {
    let statement: OpaquePointer

    var columnCount: Int { Int(sqlite3_column_count(statement)) }

    func name(_ column: Int) -> String {
      sqlite3_column_name(statement, Int32(column)).map { String(cString: $0) } ?? String(column + 1)
    }

    func isBlob(_ column: Int) -> Bool { sqlite3_column_type(statement, Int32(column)) == SQLITE_BLOB }

    func integer(_ column: Int) -> Int64 { sqlite3_column_int64(statement, Int32(column)) }

    /// The column's value as a parameter takes it (a BLOB as NULL: no key is one).
    func value(_ column: Int) -> SQLValue {
      let i = Int32(column)
      switch sqlite3_column_type(statement, i) {
      case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, i))
      case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, i))
      case SQLITE_TEXT: return .text(text(column) ?? "")
      default: return .null
      }
    }

    func text(_ column: Int) -> String? {
      guard let text = sqlite3_column_text(statement, Int32(column)) else { return nil }
      return String(cString: text)
    }

    /// The column's value's bytes: its text, or its BLOB.
    func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> {
      let i = Int32(column)
      if sqlite3_column_type(statement, i) == SQLITE_BLOB {
        let count = Int(sqlite3_column_bytes(statement, i))
        guard let blob = sqlite3_column_blob(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: blob.assumingMemoryBound(to: UInt8.self), count: count)
      }
      guard let text = sqlite3_column_text(statement, i) else { return UnsafeBufferPointer(start: nil, count: 0) }
      return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, i)))
    }

    /// The names of the columns from `first` on (up to `end`, or all), each as
    /// a JSON string and a colon.
    func keys(from first: Int = 0, upTo end: Int? = nil) -> [[UInt8]] {
      (first..<(end ?? columnCount)).map { column in
        var key: [UInt8] = []
        JSONValue.appendQuoted(name(column), to: &key)
        key.append(UInt8(ascii: ":"))
        return key
      }
    }

    /// Appends the row as a JSON object to `out`, from column `first` on (up to
    /// `end`, or all): numbers as numbers, text as strings, NULL as null, and a
    /// BLOB as a string saying what it is (`"<PNG picture, 1,234 bytes>"`).
    /// `keys` are the columns' names as ``keys(from:upTo:)`` gives them, made
    /// once for every row of a statement.
    func appendJSON(from first: Int = 0, upTo end: Int? = nil, keys: [[UInt8]]? = nil, to out: inout [UInt8]) {
      let end = end ?? columnCount
      let keys = keys ?? self.keys(from: first, upTo: end)
      out.append(UInt8(ascii: "{"))
      for column in first..<end {
        if column > first { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: keys[column - first])
        let i = Int32(column)
        switch sqlite3_column_type(statement, i) {
        case SQLITE_INTEGER:
          out.append(contentsOf: String(sqlite3_column_int64(statement, i)).utf8)
        case SQLITE_FLOAT:
          JSONValue.appendNumber(sqlite3_column_double(statement, i), to: &out)
        case SQLITE_NULL:
          out.append(contentsOf: "null".utf8)
        case SQLITE_BLOB:
          let blob = bytes(column)
          let what = SQLiteDatabase.describeBlob(blob)
          JSONValue.appendQuoted(what, to: &out)
        default:
          JSONValue.appendQuoted(utf8: bytes(column), to: &out)
        }
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// What a BLOB holds, in words: `<PNG picture, 1,234 bytes>` or `<BLOB, 12 bytes>`.
  static func describeBlob(_ blob: UnsafeBufferPointer<UInt8>) -> String {
    let size = blob.count.grouped + (blob.count == 1 ? " byte" : " bytes")
    if let picture = pictureKind(blob) { return "<\(picture) picture, \(size)>" }
    return "<BLOB, \(size)>"
  }

  /// "PNG" or "JPEG" when `blob` starts as one does.
  static func pictureKind(_ blob: UnsafeBufferPointer<UInt8>) -> String? {
    if blob.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "PNG" }
    if blob.starts(with: [0xFF, 0xD8, 0xFF]) { return "JPEG" }
    return nil
  }

  /// `text` as an SQL string literal.
  static func literal(_ text: String) -> String {
    "'" + text.replacingOccurrences("'", with: "''") + "'"
  }

  /// `name` quoted as an SQL identifier.
  static func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences("\"", with: "\"\"") + "\""
  }
}
