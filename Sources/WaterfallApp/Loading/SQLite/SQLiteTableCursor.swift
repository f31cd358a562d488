import Synchronization

/// One reading of a SQLite table: a page of rows at a time from a
/// ``SQLiteTableReader`` on the loader's thread, searched and sorted by
/// SQLite as the source's refinement says.
///
/// The database is opened when the first page is asked for, on a connection
/// of the reading's own (so that ``cancel()`` interrupts its statement and no
/// other), and the cards' fields are chosen on the table's first rows, as
/// they would be without a search. Each item keeps its card and its rowid;
/// its text is read again by rowid (``ItemTextShape/sqlite(_:)``, on another
/// connection), except for `--filter`, which keeps each page's texts in
/// memory and lets them go once printed. A `WITHOUT ROWID` table's rows
/// (paged by the primary key) keep their texts in an unlinked temporary
/// file, as a PostgreSQL table's do, and show no BLOB pictures (a picture is
/// found again by rowid). A page's rows are handed over as
/// they are found, a chunk at a time, so a search's first matches show while
/// SQLite still looks for more; a search's first page is a screen's worth
/// (``SQLiteSource/firstMatches``).
///
/// ``rest()`` lets the statement and its read lock go between pages;
/// ``cancel()`` interrupts the statement running (`sqlite3_interrupt`) and
/// every later one.
///
/// ```swift
/// let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: roles)))
/// let end = cursor.readNextPage(into: sink)   // 500 rows, hasMore: true, estimatedItems: 1_000_000
/// cursor.rest()                               // no read lock held while the user looks
/// ```
final class SQLiteTableCursor: PageCursor, @unchecked Sendable {
  /// Rows handed over at once while a page is read, at most.
  static let chunkRows = 100
  /// How long found rows wait to be handed over, at most.
  static let chunkWait = Duration.milliseconds(30)

  private let path: String
  private let table: String
  private let rowKey: SQLiteRowKey
  private let refinement: SourceRefinement
  private let pageRows: Int
  private let settings: ReadSettings

  /// What other threads see: the reading's connection, and whether it was cancelled.
  private struct Shared {
    var database: SQLiteDatabase?
    var cancelled = false
  }
  private let shared = Mutex(Shared())

  // The loading thread's own.
  private var reader: SQLiteTableReader?
  /// The table as the items' texts are read again from it, on a connection of its own.
  private var rowTable: SQLiteTable?
  private var file: PageFile?
  private var estimate: Int?
  private var finished = false
  private var notes: [String] = []
  /// The bytes of rows' texts written to ``file`` (a table paged by its primary key).
  private var spooled = 0
  /// Where the reading starts (``WindowStart``), and whether its backward page was read.
  private let windowStart: WindowStart
  private var readBackward = false
  /// Whether the reading's first row is the first of all (``PageKeyset``).
  private var reachedStart = true

  init(source: SQLiteSource, table: String, rowKey: SQLiteRowKey, settings: ReadSettings) {
    path = source.path
    self.table = table
    self.rowKey = rowKey
    refinement = source.refinement
    windowStart = source.windowStart
    pageRows = source.pageRows
    self.settings = settings
  }

  /// The reader, once the first page was asked for (a test's look at the statements).
  var tableReader: SQLiteTableReader? { reader }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    guard !finished else { return PageEnd(hasMore: false) }
    if shared.withLock({ $0.cancelled }) { return stopped(Self.cancelledError(path)) }
    var delivery = Delivery(sink: sink)
    do {
      if reader == nil { try start() }
      guard let reader, let rowTable else { return PageEnd(hasMore: false) }
      // Rows wait from when the page's statement starts, not from when the connection was opened.
      delivery.handOver()
      // The memory limit waits here, and a reading no longer wanted stops.
      if sink.shouldStop() { return PageEnd(hasMore: true, estimatedItems: estimate) }
      let searching = !refinement.query.isEmpty
      let count = reader.rowsRead == 0 && searching ? min(pageRows, SQLiteSource.firstMatches) : pageRows
      let keepsTexts = settings.scanner.checksOnly
      let columns = reader.select.appendedKeyCount
      var keys: [[UInt8]]?
      var json: [UInt8] = []
      func item(_ row: SQLiteDatabase.Row, _ rowid: Int64) -> ScannedItem? {
        let end = row.columnCount - columns
        if keys == nil { keys = row.keys(upTo: end) }
        json.removeAll(keepingCapacity: true)
        row.appendJSON(upTo: end, keys: keys, to: &json)
        if !delivery.opened { open(into: sink, table: rowTable, delivery: &delivery) }
        if keepsTexts {
          guard var item = scan(json) else { return nil }
          item.json = json
          item.length = json.count
          return item
        }
        if rowKey.rowidName == nil {
          // A table paged by its primary key: its rows' texts go to the reading's file.
          guard var item = scan(json) else { return nil }
          item.length = json.count
          if let file, !file.keepsTextsInMemory, (try? file.append(json)) != nil {
            item.offset = spooled
            item.checksum = ItemChecksum(json).value
            spooled += json.count
          } else {
            item.json = json
          }
          return item
        }
        BlobPicture.appendCardMembers(of: row, rowid: rowid, firstColumn: 0, upTo: end, roles: settings.scanner.roles, to: &json)
        guard var item = scan(json) else { return nil }
        item.offset = Int(rowid)
        item.length = 0
        return item
      }
      switch windowStart {
      case .last where reader.rowsRead == 0 && !readBackward, .before where reader.rowsRead == 0 && !readBackward:
        // A window elsewhere than the start: its first page read backward, handed over in order.
        readBackward = true
        let before: [SQLValue]? = if case .before(let keys) = windowStart { keys } else { nil }
        var found: [ScannedItem] = []
        let page = try reader.readBackward(before: before, upTo: pageRows) { row, rowid in
          if let item = item(row, rowid) { found.append(item) }
        }
        reachedStart = page.reachedStart
        delivery.items = found.reversed()
        delivery.rows = reader.rowsRead
      default:
        try reader.read(upTo: count) { row, rowid in
          if let item = item(row, rowid) { delivery.items.append(item) }
          delivery.rows = reader.rowsRead + 1
          delivery.handOverIfDue()
        }
      }
      delivery.handOver()
      finished = reader.isFinished
      if finished { reader.suspend() }
      var end = PageEnd(hasMore: !finished, estimatedItems: estimate)
      end.keyset = PageKeyset(first: reader.firstKeys, last: reader.lastKeys, reachedStart: reachedStart)
      return end
    } catch {
      delivery.handOver()
      finished = true
      reader?.suspend()
      if error.interrupted { return stopped(Self.cancelledError(path)) }
      return stopped(.unreadable(path: path, reason: error.description))
    }
  }

  /// What a page hands its sink: the rows found and not yet handed over.
  private struct Delivery {
    let sink: any PageSink
    var items: [ScannedItem] = []
    var opened = false
    /// Rows the reading has read, with the row being handed over.
    var rows = 0
    private var since = ContinuousClock.now

    init(sink: any PageSink) { self.sink = sink }

    /// Hands the rows over when enough are found, or they have waited long enough.
    mutating func handOverIfDue() {
      guard items.count >= SQLiteTableCursor.chunkRows || since.duration(to: .now) >= SQLiteTableCursor.chunkWait else { return }
      handOver()
    }

    mutating func handOver() {
      since = ContinuousClock.now
      guard !items.isEmpty else { return }
      sink.deliver(items, skipped: SkippedLines(), bytesRead: PageLoad.firstChunk * max(rows, 1))
      items.removeAll(keepingCapacity: true)
    }

  }

  /// Opens the page its first row is in: the file the rows' texts are read
  /// from (the database, or memory for `--filter`), and how they read.
  private func open(into sink: any PageSink, table rowTable: SQLiteTable, delivery: inout Delivery) {
    delivery.opened = true
    let keepsTexts = settings.scanner.checksOnly
    let spools = rowKey.rowidName == nil
    let made = spools ? (try? PageFile(generated: path)) : (try? PageFile(path: path))
    let page = file ?? (keepsTexts ? PageFile(memoryPage: path) : made ?? PageFile(memoryPage: path))
    file = page
    sink.opened(OpenedPage(file: page))
    let said = notes
    notes = []
    let shape: ItemTextShape = keepsTexts || spools || page.keepsTextsInMemory ? .json : .sqlite(rowTable)
    sink.described(shape, note: said.isEmpty ? nil : said.joined(separator: "; "))
  }

  /// Opens the reading's connections, chooses the cards' fields and plans the statement.
  private func start() throws(SQLiteDatabase.Failure) {
    let database = try SQLiteDatabase(path: path)
    let cancelled = shared.withLock { shared -> Bool in
      shared.database = database
      return shared.cancelled
    }
    if cancelled { database.interrupt() }
    let reader = try SQLiteTableReader(
      database: database, table: table, rowKey: rowKey, refinement: refinement, pageRows: pageRows)
    rowTable = SQLiteTable(database: try SQLiteDatabase(path: path), name: table, rowidName: rowKey.rowidName)
    estimate = refinement.query.isEmpty ? reader.estimatedRows() : nil
    notes = reader.notes
    if case .after(let keys) = windowStart {
      reader.resume(after: keys)
      reachedStart = false
    }
    if let note = settleFields(database) { notes.append(note) }
    self.reader = reader
  }

  /// Chooses the cards' fields (``FieldInference``) on the table's first rows,
  /// unless they are chosen already; returns the note of a choice made now.
  private func settleFields(_ database: SQLiteDatabase) -> String? {
    guard !settings.scanner.checksOnly, let inference = settings.scanner.roles.inference, inference.fields == nil else {
      return nil
    }
    let quoted = SQLiteDatabase.quoted(table)
    var values: [JSONValue] = []
    var keys: [[UInt8]]?
    var json: [UInt8] = []
    let key = rowKey.expressions.joined(separator: ", ")
    try? database.forEachRow(
      "SELECT *, \(key) FROM \(quoted) ORDER BY \(key) LIMIT \(ItemScanner.inferenceSample)", values: []
    ) { row in
      let end = row.columnCount - rowKey.expressions.count
      json.removeAll(keepingCapacity: true)
      if keys == nil { keys = row.keys(upTo: end) }
      row.appendJSON(upTo: end, keys: keys, to: &json)
      if rowKey.rowidName != nil {
        BlobPicture.appendCardMembers(of: row, rowid: row.integer(end), firstColumn: 0, upTo: end, roles: settings.scanner.roles, to: &json)
      }
      if let value = try? JSONParser.parse(json) { values.append(value) }
      return true
    }
    return settings.scanner.settleFields(values, tabular: true)
  }

  private func scan(_ json: [UInt8]) -> ScannedItem? {
    json.withUnsafeBufferPointer { try? settings.scanner.scan($0, offset: 0) }
  }

  /// The end of a reading an error stopped before the rows' end.
  private func stopped(_ error: LoadError) -> PageEnd {
    var end = PageEnd(error: error, hasMore: false, estimatedItems: estimate)
    end.stoppedEarly = true
    return end
  }

  func cancel() {
    shared.withLock { shared in
      shared.cancelled = true
      shared.database?.interrupt()
    }
  }

  func rest() {
    reader?.suspend()
  }

  static func cancelledError(_ path: String) -> LoadError {
    .unreadable(path: path, reason: "the query was cancelled (Esc); r runs it again")
  }
}
