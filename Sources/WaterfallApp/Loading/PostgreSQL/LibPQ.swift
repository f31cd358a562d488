import CLibpq
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A libpq connection: the one file that calls libpq.
///
/// Every wait is a `poll` of the connection's socket a few milliseconds at a
/// time, never a blocking libpq call, so that a connection being made can be
/// given up (`shouldStop`) and a statement running can be cancelled: ``cancel()``
/// (from any thread) only sets a flag; the thread running the statement sees it
/// within ``pollInterval`` and sends `PQcancel`, again every
/// ``cancelResendInterval`` while the statement still runs (a cancel that
/// reaches the server between two statements is dropped by it). Errors come
/// out as ``PostgresError`` values with the server's message and the libpq call
/// that reported them; every message is scrubbed of the connection's passwords.
///
/// Used from one thread at a time, except ``cancel()``.
///
/// ```swift
/// let pq = try PQConnection(target: "postgresql:///shop", shouldStop: { false })
/// let result = try pq.execute("SELECT name FROM items WHERE id = $1", ["42"])
/// ```
final class PQConnection: @unchecked Sendable {
  static let pollInterval: Int32 = 20
  static let cancelResendInterval = Duration.milliseconds(500)

  private var handle: OpaquePointer?
  /// The `PGcancel` made once connected: the running thread sends it, and
  /// ``cancelNow()`` from any other (libpq allows `PQcancel` from any thread);
  /// freed by ``close()``, under the lock.
  private let canceller = Mutex<CancelHandle?>(nil)
  private let cancelRequested = Atomic<Bool>(false)
  /// Passwords to keep out of every message.
  private(set) var secrets: [String]
  /// The most memory one result took (``PostgresResult/memorySize``).
  private(set) var largestResultBytes = 0

  /// Connects to `target` (a URI or a connection string), with the settings
  /// libpq gathers from the environment; `settings` are added (they replace the
  /// target's own where they name the same keyword).
  init(target: String, settings: [String: String] = [:], shouldStop: () -> Bool) throws(PostgresError) {
    secrets = PostgresTarget(target).passwords
    var parseError: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(target, &parseError) else {
      let message = parseError.map { String(cString: $0) } ?? "cannot read the connection string"
      PQfreemem(parseError)
      throw PostgresError(.connect, PostgresTarget.scrub(Self.oneLine(message), secrets: secrets), call: "PQconninfoParse")
    }
    var pairs: [(String, String)] = []
    var index = 0
    while let keyword = options[index].keyword {
      if let value = options[index].val { pairs.append((String(cString: keyword), String(cString: value))) }
      index += 1
    }
    PQconninfoFree(options)
    secrets += pairs.filter { $0.0 == "password" }.map(\.1)
    for (keyword, value) in settings.sorted(by: { $0.key < $1.key }) {
      pairs.removeAll { $0.0 == keyword }
      pairs.append((keyword, value))
    }

    let keywords = pairs.map { strdup($0.0) } + [nil]
    let values = pairs.map { strdup($0.1) } + [nil]
    defer { for pointer in keywords + values { free(pointer) } }
    let started = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { k in
      values.map { UnsafePointer($0) }.withUnsafeBufferPointer { v in PQconnectStartParams(k.baseAddress, v.baseAddress, 0) }
    }
    guard let connection = started else { throw PostgresError(.connect, "out of memory", call: "PQconnectStartParams") }
    handle = connection
    guard PQstatus(connection) != CONNECTION_BAD else { throw closing(.connect, call: "PQconnectStartParams") }
    var status = PGRES_POLLING_WRITING
    while status != PGRES_POLLING_OK {
      guard status != PGRES_POLLING_FAILED else { throw closing(.connect, call: "PQconnectPoll") }
      let events = Int16(status == PGRES_POLLING_READING ? POLLIN : POLLOUT)
      repeat {
        if shouldStop() {
          close()
          throw PostgresError(.cancelled, "connecting was given up", call: "PQconnectPoll")
        }
      } while !Self.wait(for: PQsocket(connection), events: events)
      status = PQconnectPoll(connection)
    }
    if let password = PQpass(connection).map({ String(cString: $0) }), !password.isEmpty, !secrets.contains(password) {
      secrets.append(password)
    }
    PQsetNoticeProcessor(connection, cpq_ignore_notice, nil)
    let made = PQgetCancel(connection).map(CancelHandle.init)
    canceller.withLock { $0 = made }
  }

  /// A `PGcancel` pointer, handed between threads under ``canceller``'s lock.
  struct CancelHandle: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  deinit {
    close()
  }

  /// Ends the connection (the server's session ends with it). Owner's thread only.
  func close() {
    canceller.withLock { handle in
      if let handle { PQfreeCancel(handle.pointer) }
      handle = nil
    }
    if let handle { PQfinish(handle) }
    handle = nil
  }

  var isOpen: Bool { handle.map { PQstatus($0) == CONNECTION_OK } ?? false }

  // MARK: Cancelling

  /// Asks the statement running now, and any started until ``clearCancel()``,
  /// to stop: they throw ``PostgresError/Kind/cancelled``. Any thread; never waits.
  func cancel() {
    cancelRequested.store(true, ordering: .releasing)
  }

  /// Lets statements run again after ``cancel()``.
  func clearCancel() {
    cancelRequested.store(false, ordering: .releasing)
  }

  var isCancelled: Bool { cancelRequested.load(ordering: .acquiring) }

  // MARK: Statements

  /// Runs one statement with `parameters` (text, nil for NULL) bound to its
  /// `$1…`, as the extended protocol does: several statements in `sql` are
  /// refused by the server, and no value is ever part of the SQL text.
  func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresResult {
    let copies = parameters.map { $0.map { strdup($0) } ?? nil }
    defer { for copy in copies { free(copy) } }
    return try run(call: "PQsendQueryParams") { connection in
      copies.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
        PQsendQueryParams(connection, sql, Int32(parameters.count), nil, values.baseAddress, nil, nil, 0)
      }
    }
  }

  /// Runs `sql`, which may hold several statements: only for this program's own
  /// fixed text (`BEGIN READ ONLY; SET LOCAL …`), never for anything a user typed.
  func executeScript(_ sql: String) throws(PostgresError) -> PostgresResult {
    try run(call: "PQsendQuery") { PQsendQuery($0, sql) }
  }

  /// `name` quoted as an identifier by the server's rules (`PQescapeIdentifier`).
  func escapeIdentifier(_ name: String) throws(PostgresError) -> String {
    guard let connection = handle else { throw PostgresError(.connectionLost, "the connection is closed", call: "PQescapeIdentifier") }
    guard !name.utf8.contains(0) else { throw PostgresError(.unsupported, "a name with a NUL character", call: "PQescapeIdentifier") }
    guard let escaped = PQescapeIdentifier(connection, name, name.utf8.count) else {
      throw PostgresError(.statement, message(of: connection), call: "PQescapeIdentifier")
    }
    defer { PQfreemem(escaped) }
    return String(cString: escaped)
  }

  /// Sends a statement with `send` and waits for its results, cancelling it
  /// when asked; the last result is returned, the first error thrown.
  private func run(call: String, send: (OpaquePointer) -> Int32) throws(PostgresError) -> PostgresResult {
    guard let connection = handle, PQstatus(connection) == CONNECTION_OK else {
      throw PostgresError(.connectionLost, "the connection to the server is closed", call: call)
    }
    if isCancelled { throw PostgresError(.cancelled, "cancelled before it started", call: call) }
    guard send(connection) == 1 else { throw failure(of: connection, call: call) }
    var lastCancel: ContinuousClock.Instant?
    var result: PostgresResult?
    var error: PostgresError?
    while true {
      while PQisBusy(connection) == 1 {
        if isCancelled, lastCancel.map({ ContinuousClock.now - $0 >= Self.cancelResendInterval }) ?? true {
          sendCancel()
          lastCancel = .now
        }
        _ = Self.wait(for: PQsocket(connection), events: Int16(POLLIN))
        guard PQconsumeInput(connection) == 1 else { throw failure(of: connection, call: call) }
      }
      guard let pqResult = PQgetResult(connection) else { break }
      defer { PQclear(pqResult) }
      switch PQresultStatus(pqResult) {
      case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
        if error == nil { result = PostgresResult(copying: pqResult) }
        largestResultBytes = max(largestResultBytes, result?.memorySize ?? 0)
      case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
        // Nothing here starts a copy; a connection in one cannot go on.
        close()
        throw PostgresError(.unsupported, "the statement started a COPY, which is not read here", call: call)
      default:
        if error == nil { error = statementError(pqResult, connection: connection, call: call) }
      }
    }
    if let error { throw error }
    if PQstatus(connection) == CONNECTION_BAD { throw failure(of: connection, call: call) }
    return result ?? PostgresResult(columns: [], rowCount: 0, commandTag: "", memorySize: 0, bytes: [], ends: [], nulls: [])
  }

  private func sendCancel() {
    canceller.withLock { handle in
      guard let handle else { return }
      var buffer = [CChar](repeating: 0, count: 256)
      _ = PQcancel(handle.pointer, &buffer, Int32(buffer.count))
    }
  }

  /// Cancels the statement running now from this thread, at once, and any
  /// started until ``clearCancel()``: what the program does as it ends, when
  /// the running thread would not get to send the cancel before the process is
  /// gone. Waits for the server to take the request (`PQcancel`); nothing
  /// when the connection is closed.
  func cancelNow() {
    cancel()
    sendCancel()
  }

  /// Waits up to ``pollInterval`` for `events` on `socket`; true when they came.
  private static func wait(for socket: Int32, events: Int16) -> Bool {
    var entry = pollfd(fd: socket, events: events, revents: 0)
    return poll(&entry, 1, pollInterval) > 0
  }

  // MARK: Errors

  private func statementError(_ result: OpaquePointer, connection: OpaquePointer, call: String) -> PostgresError {
    let state = PQresultErrorField(result, cpq_diag_sqlstate()).map { String(cString: $0) }
    var text = PQresultErrorField(result, cpq_diag_message_primary()).map { String(cString: $0) }
      ?? Self.oneLine(String(cString: PQresultErrorMessage(result)))
    if text.isEmpty { text = message(of: connection) }
    let kind: PostgresError.Kind
    switch state {
    case "57014"?: kind = isCancelled ? .cancelled : .timedOut
    case let code? where code.hasPrefix("57P") || (code.hasPrefix("08") && code != "08P01"): kind = .connectionLost
    default: kind = PQstatus(connection) == CONNECTION_BAD ? .connectionLost : .statement
    }
    return PostgresError(kind, PostgresTarget.scrub(text, secrets: secrets), sqlState: state, call: call)
  }

  /// The connection's error, as a connection that broke if it did.
  private func failure(of connection: OpaquePointer, call: String) -> PostgresError {
    let lost = PQstatus(connection) == CONNECTION_BAD
    return PostgresError(lost ? .connectionLost : .statement, message(of: connection), call: call)
  }

  /// The connection's error as a `kind`, after which it is closed.
  private func closing(_ kind: PostgresError.Kind, call: String) -> PostgresError {
    let text = handle.map { message(of: $0) } ?? "no connection"
    close()
    return PostgresError(kind, text, call: call)
  }

  private func message(of connection: OpaquePointer) -> String {
    let text = Self.oneLine(String(cString: PQerrorMessage(connection)))
    return PostgresTarget.scrub(text.isEmpty ? "the server did not say why" : text, secrets: secrets)
  }

  /// libpq's lines joined with "; ", runs of spaces made one.
  static func oneLine(_ text: String) -> String {
    let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: " ").joined(separator: " ") }
    return lines.map { $0.trimmingPrefix("\t") }.filter { !$0.isEmpty }.map(String.init).joined(separator: "; ")
  }

  // MARK: What the connection is

  /// Who is connected where: the user, host (or socket folder), port and database.
  var endpoint: (user: String, host: String, port: String, database: String) {
    guard let connection = handle else { return ("", "", "", "") }
    func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
    return (text(PQuser(connection)), text(PQhost(connection)), text(PQport(connection)), text(PQdb(connection)))
  }

  /// The server's version as a number (150004 for 15.4); 0 when closed.
  var serverVersion: Int { handle.map { Int(PQserverVersion($0)) } ?? 0 }

  /// The server process serving this connection (what `pg_stat_activity.pid` shows).
  var backendPID: Int { handle.map { Int(PQbackendPID($0)) } ?? 0 }
}

extension PostgresResult {
  /// Copies the values of `result` out of libpq's memory.
  init(copying result: OpaquePointer) {
    let rowCount = Int(PQntuples(result))
    let columnCount = Int(PQnfields(result))
    let columns = (0..<columnCount).map { column in
      Column(name: String(cString: PQfname(result, Int32(column))), type: UInt32(PQftype(result, Int32(column))))
    }
    var total = 0
    for row in 0..<rowCount {
      for column in 0..<columnCount { total += Int(PQgetlength(result, Int32(row), Int32(column))) }
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(total)
    var ends: [Int] = []
    ends.reserveCapacity(rowCount * columnCount)
    var nulls: [Bool] = []
    nulls.reserveCapacity(rowCount * columnCount)
    for row in 0..<rowCount {
      for column in 0..<columnCount {
        let r = Int32(row)
        let c = Int32(column)
        let isNull = PQgetisnull(result, r, c) == 1
        if !isNull, let value = PQgetvalue(result, r, c) {
          let length = Int(PQgetlength(result, r, c))
          value.withMemoryRebound(to: UInt8.self, capacity: length) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        }
        ends.append(bytes.count)
        nulls.append(isNull)
      }
    }
    let tag = PQcmdStatus(result).map { String(cString: $0) } ?? ""
    self.init(
      columns: columns, rowCount: rowCount, commandTag: tag, memorySize: Int(PQresultMemorySize(result)), bytes: bytes,
      ends: ends, nulls: nulls)
  }
}
