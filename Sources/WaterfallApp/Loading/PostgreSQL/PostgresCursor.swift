import Synchronization

/// One reading of a ``PostgresSource``: a page of rows at a time from a
/// ``PostgresReader`` on the loader's thread, or the catalogue's tables and
/// views as one page.
///
/// The connection is made when the first page is asked for (given up when the
/// reading is cancelled meanwhile), and the statement planned then: its
/// estimate of the rows comes with every page's end
/// (``PageEnd/estimatedItems``). Each page's rows are written to an unlinked
/// temporary file as they come (their texts are read again from there, as
/// standard input's are), or kept in memory by `--filter`, which lets each
/// page go once printed. The cards' fields are chosen on the first page's
/// rows.
///
/// ``rest()`` ends the transaction between pages (the next goes on after the
/// last row read); ``cancel()`` stops a statement running (the server's
/// `PQcancel`, sent by the loader's thread); ``end()`` sends it from the
/// calling thread at once, for a program that is about to exit.
///
/// ```swift
/// let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: roles)))
/// let end = cursor.readNextPage(into: sink)   // 500 rows, hasMore: true, estimatedItems: 10_000_000
/// cursor.rest()                               // no transaction open while the user looks
/// ```
final class PostgresCursor: PageCursor, @unchecked Sendable {
  private let source: PostgresSource
  private let settings: ReadSettings

  /// What other threads see: the connection, whether a page is being read,
  /// whether the reading was cancelled, and whether a cancel went to the server.
  private struct Shared {
    var connection: PostgresConnection?
    var reading = false
    var cancelled = false
    var cancelSent = false
  }
  private let shared = Mutex(Shared())

  // The loading thread's own.
  private var reader: PostgresReader?
  private var file: PageFile?
  private var spooled = 0
  private var finished = false
  private var fieldsChosen = false
  /// Whether the connection was kept from an earlier reading (``PostgresSession``).
  private var keptConnection = false
  /// Whether the reading's first row is the first of all (``PageKeyset``).
  private var reachedStart = true

  init(source: PostgresSource, settings: ReadSettings) {
    self.source = source
    self.settings = settings
  }

  deinit {
    reader?.suspend()
    let (connection, cancelSent) = shared.withLock { ($0.connection, $0.cancelSent) }
    guard let connection else { return }
    if cancelSent { connection.close() } else { source.session.giveBack(connection) }
  }

  private var name: String { source.target.redacted }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    guard !finished else { return PageEnd(hasMore: false) }
    let cancelled = shared.withLock { shared -> Bool in
      shared.reading = !shared.cancelled
      return shared.cancelled
    }
    guard !cancelled else { return Self.stopped(Self.cancelledError(name), estimate: nil) }
    defer { shared.withLock { $0.reading = false } }
    do {
      do {
        return try read(sink)
      } catch where error.kind == .connectionLost && keptConnection && spooled == 0 {
        // A connection kept from an earlier reading, whose server went away
        // (or restarted) since: once more, on a new one.
        reader = nil
        shared.withLock { shared -> PostgresConnection? in
          defer { shared.connection = nil }
          return shared.connection
        }?.close()
        keptConnection = false
        return try read(sink)
      }
    } catch {
      finished = true
      return Self.stopped(Self.loadError(error, name: name), estimate: reader?.plan.estimatedRows)
    }
  }

  /// The next page, on the reading's connection.
  private func read(_ sink: any PageSink) throws(PostgresError) -> PageEnd {
    let connection = try connect(sink)
    guard let selection = source.selection else { return try readCatalogue(on: connection, into: sink) }
    return try readRows(selection, on: connection, into: sink)
  }

  /// The end of a reading an error stopped before the rows' end.
  private static func stopped(_ error: LoadError, estimate: Int?) -> PageEnd {
    var end = PageEnd(error: error, hasMore: false, estimatedItems: estimate)
    end.stoppedEarly = true
    return end
  }

  /// The connection: the one made for this reading, or one given back or made
  /// now, given up when the reading is cancelled meanwhile.
  private func connect(_ sink: any PageSink) throws(PostgresError) -> PostgresConnection {
    if let connection = shared.withLock({ $0.connection }) { return connection }
    sink.progress("connecting…")
    let (connection, kept) = try source.session.connection(shouldStop: { shared.withLock { $0.cancelled } || sink.shouldStop() })
    keptConnection = kept
    let cancelled = shared.withLock { shared -> Bool in
      shared.connection = connection
      return shared.cancelled
    }
    if cancelled { throw PostgresError(.cancelled, "cancelled", call: "PostgresCursor") }
    return connection
  }

  /// The catalogue's tables and views, as one page of items.
  private func readCatalogue(on connection: PostgresConnection, into sink: any PageSink) throws(PostgresError) -> PageEnd {
    let relations = try connection.relations()
    finished = true
    try deliver(relations.map(PostgresSource.catalogueItem), into: sink)
    return PageEnd(hasMore: false, estimatedItems: relations.count)
  }

  /// The next page of rows (the statement planned on the first).
  private func readRows(
    _ selection: DatabaseSelection, on connection: PostgresConnection, into sink: any PageSink
  ) throws(PostgresError) -> PageEnd {
    let refinement = source.refinement
    if reader == nil {
      sink.progress("querying…")
      reader = try PostgresReader(
        connection: connection, selection: selection, search: refinement.query,
        sort: refinement.sort ?? SortOrder(field: nil), groupBy: refinement.groupBy, roles: settings.scanner.roles,
        pageRows: source.pageRows)
      // A search's first matches show while the server still looks for more.
      if !refinement.query.isEmpty { reader?.firstPageRows = PostgresSource.firstMatches }
      if case .after(let keys) = source.windowStart, let reader {
        reader.resume(after: keys)
        reachedStart = false
      }
    }
    guard let reader else { return PageEnd(hasMore: false) }
    let estimate = reader.plan.estimatedRows
    // The memory limit waits here, and a reading no longer wanted stops.
    if sink.shouldStop() { return PageEnd(hasMore: true, estimatedItems: estimate) }
    let rows: [PostgresRow]
    switch source.windowStart {
    case .last where reader.rowsRead == 0, .before where reader.rowsRead == 0:
      // A window elsewhere than the start: its first page read backward.
      let before: [SQLValue]? = if case .before(let keys) = source.windowStart { keys } else { nil }
      let page = try reader.previousPage(before: before, rows: source.pageRows)
      reachedStart = page.reachedStart
      rows = page.rows
    default:
      guard let page = try reader.nextPage() else {
        finished = true
        return ended(hasMore: false, estimate: estimate)
      }
      rows = page
    }
    finished = reader.isFinished
    let notes = fieldsChosen ? [] : reader.plan.notes
    try deliver(rows.map(\.json), notes: notes, into: sink)
    return ended(hasMore: !finished, estimate: estimate)
  }

  /// A page's end, saying where the reading stands in the order (a table's).
  private func ended(hasMore: Bool, estimate: Int?) -> PageEnd {
    var end = PageEnd(hasMore: hasMore, estimatedItems: estimate)
    if let reader, reader.plan.rowKey != .none {
      end.keyset = PageKeyset(first: reader.firstKeys, last: reader.lastKeys, reachedStart: reachedStart)
    }
    return end
  }

  /// Hands `texts` (each an item's JSON) to `sink` as one page: the fields
  /// chosen on the first page's, each text written to the page's file.
  private func deliver(_ texts: [[UInt8]], notes: [String] = [], into sink: any PageSink) throws(PostgresError) {
    guard !texts.isEmpty else { return }
    let page = openPage()
    sink.opened(OpenedPage(file: page))
    if !fieldsChosen {
      fieldsChosen = true
      var said = notes
      if !settings.scanner.checksOnly {
        let values = texts.prefix(ItemScanner.inferenceSample).compactMap { try? JSONParser.parse($0) }
        if let note = settings.scanner.settleFields(values, tabular: true) { said.append(note) }
      }
      sink.described(.json, note: said.isEmpty ? nil : said.joined(separator: "; "))
    }
    var items: [ScannedItem] = []
    items.reserveCapacity(texts.count)
    for text in texts {
      guard var item = text.withUnsafeBufferPointer({ try? settings.scanner.scan($0, offset: 0) }) else { continue }
      item.length = text.count
      if page.keepsTextsInMemory {
        item.json = text
      } else {
        do { try page.append(text) } catch {
          throw PostgresError(.unsupported, error.reason, call: "PageFile.append")
        }
        item.offset = spooled
        item.checksum = ItemChecksum(text).value
        spooled += text.count
      }
      items.append(item)
    }
    sink.deliver(items, skipped: SkippedLines(), bytesRead: spooled + PageLoad.firstChunk)
  }

  /// The file the rows' texts go to: an unlinked temporary file, or memory for
  /// `--filter` (whose pages are let go once printed) and when none can be made.
  private func openPage() -> PageFile {
    if let file { return file }
    let made = settings.scanner.checksOnly ? PageFile(memoryPage: name) : (try? PageFile(generated: name)) ?? PageFile(memoryPage: name)
    file = made
    return made
  }

  func cancel() {
    shared.withLock { shared in
      shared.cancelled = true
      guard shared.reading, let connection = shared.connection else { return }
      connection.cancel()
      shared.cancelSent = true
    }
  }

  func rest() {
    reader?.suspend()
  }

  func end() {
    let connection = shared.withLock { shared -> PostgresConnection? in
      shared.cancelled = true
      guard shared.reading else { return nil }
      shared.cancelSent = true
      return shared.connection
    }
    connection?.cancelNow()
  }

  // MARK: Errors

  static func cancelledError(_ name: String) -> LoadError {
    .unreadable(path: name, reason: "the query was cancelled (Esc); r runs it again")
  }

  /// A server's error as the status bar and standard error say it: which
  /// side cancelled a statement, and that `r` connects again.
  static func loadError(_ error: PostgresError, name: String) -> LoadError {
    let reason: String
    switch error.kind {
    case .cancelled: return cancelledError(name)
    case .timedOut: reason = "the server cancelled the query (\(error.message)); r runs it again"
    case .connectionLost: reason = "the server went away (\(error.message)); the cards read stay, r reconnects"
    case .connect: reason = "cannot connect: \(error.message)"
    case .statement, .unsupported: reason = error.description
    }
    return .unreadable(path: name, reason: reason)
  }
}
