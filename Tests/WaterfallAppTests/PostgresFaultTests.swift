import Foundation
import TestSupport
import Testing
@testable import WaterfallApp

/// What goes wrong with a server, told apart: a statement the user cancels, one
/// the server's `statement_timeout` cancels, a session ended and a server
/// stopped mid-read.
@Suite(.postgres) struct PostgresFaultTests {
  let pg = TestPostgres.current!

  init() throws {
    try pg.fixture("faults") { [pg] in
      try pg.psql("CREATE TABLE numbers AS SELECT n FROM generate_series(1, 3000) AS n; ANALYZE numbers")
    }
  }

  /// What a read on another thread ended with.
  final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<[PostgresRow]?, PostgresError>?
    var value: Result<[PostgresRow]?, PostgresError>? { lock.withLock { result } }
    func set(_ value: Result<[PostgresRow]?, PostgresError>) { lock.withLock { result = value } }
  }

  /// Starts `reader.nextPage()` on a thread of its own.
  private func readInBackground(_ reader: PostgresReader) -> Outcome {
    let outcome = Outcome()
    Thread {
      outcome.set(Result { () throws(PostgresError) in try reader.nextPage() })
    }.start()
    return outcome
  }

  private func activity(_ pid: Int) throws -> String {
    try pg.psql("SELECT coalesce(string_agg(state, ','), 'gone') FROM pg_stat_activity WHERE pid = \(pid)")
  }

  @Test func cancellingASleepReturnsAtOnceAndLeavesNothingRunning() throws {
    let connection = try PostgresConnection(pg.conninfo + " application_name=cancelled")
    let reader = try PostgresReader(connection: connection, selection: .query("SELECT pg_sleep(60) AS slept"))
    let pid = connection.backendPID
    let outcome = readInBackground(reader)
    eventually("the sleep to run") {
      (try? pg.psql("SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid) AND state = 'active' AND query LIKE 'FETCH%'")) == "1"
    }
    let asked = ContinuousClock.now
    reader.cancel()
    eventually("the read to end") { outcome.value != nil }
    #expect(ContinuousClock.now - asked < .seconds(5))
    guard case .failure(let error) = outcome.value else {
      Issue.record("the read did not fail")
      return
    }
    #expect(error.kind == .cancelled)
    #expect(error.sqlState == "57014")
    // The transaction was rolled back: the session waits, nothing runs.
    #expect(try activity(pid) == "idle")
    #expect(try pg.psql("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'cancelled' AND state <> 'idle'") == "0")
    // Quitting ends the session too.
    connection.close()
    eventually("the session to end") { (try? activity(pid)) == "gone" }
  }

  @Test func aCancelBeforeAStatementStartsStopsItToo() throws {
    let connection = try PostgresConnection(pg.conninfo)
    let reader = try PostgresReader(connection: connection, selection: .query("SELECT pg_sleep(60)"))
    reader.cancel()
    let error = #expect(throws: PostgresError.self) { try reader.nextPage() }
    #expect(error?.kind == .cancelled)
    #expect(try activity(connection.backendPID) == "idle")
    // A new reader on the connection runs again.
    let numbers = try PostgresReader(connection: connection, selection: .table("numbers"), pageRows: 10)
    #expect(try numbers.nextPage()?.count == 10)
  }

  @Test func aStatementTimeoutIsToldApartFromACancel() throws {
    let connection = try PostgresConnection(pg.conninfo + " options='-c statement_timeout=200'")
    let reader = try PostgresReader(connection: connection, selection: .query("SELECT pg_sleep(30)"))
    let error = #expect(throws: PostgresError.self) { try reader.nextPage() }
    #expect(error?.kind == .timedOut)
    #expect(error?.message == "canceling statement due to statement timeout")
    #expect(try activity(connection.backendPID) == "idle")
  }

  @Test func aSessionEndedMidReadResumesAfterReconnecting() throws {
    let connection = try PostgresConnection(pg.conninfo)
    let reader = try PostgresReader(connection: connection, selection: .table("numbers"), pageRows: 500)
    var rows = try #require(try reader.nextPage())
    try pg.psql("SELECT pg_terminate_backend(\(connection.backendPID))")
    let error = #expect(throws: PostgresError.self) { try reader.nextPage() }
    #expect(error?.kind == .connectionLost)
    #expect(reader.rowsRead == 500)
    try reader.reconnect()
    while let page = try reader.nextPage() { rows += page }
    let numbers = try rows.map { try JSONParser.parse($0.json)["n"]?.text ?? "" }
    #expect(numbers.count == 3000 && Set(numbers).count == 3000)
  }

  @Test func aServerStoppedMidReadSaysSo() throws {
    let own = try TestPostgres.start()
    defer { own.stop() }
    try own.psql("CREATE TABLE numbers AS SELECT n FROM generate_series(1, 10000) AS n")
    let reader = try PostgresReader(connection: PostgresConnection(own.conninfo), selection: .table("numbers"), pageRows: 1000)
    let first = try #require(try reader.nextPage())
    #expect(first.count == 1000)
    try own.stopServer()
    let error = #expect(throws: PostgresError.self) { try reader.nextPage() }
    #expect(error?.kind == .connectionLost)
    #expect(reader.rowsRead == 1000)
    let again = #expect(throws: PostgresError.self) { try reader.reconnect() }
    #expect(again?.kind == .connect)
    #expect(again?.message.contains("No such file or directory") == true)
  }
}
