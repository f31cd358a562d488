import CSQLite
import Foundation

/// Writes SQLite databases for the loader's tests (the program itself only ever
/// reads), in rollback-journal or WAL mode, with the WAL folded into the file or
/// left holding its frames.
///
/// ```swift
/// try SQLiteFixture.make(at: "/tmp/t.db", sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1);", journal: .walWithFrames)
/// ```
enum SQLiteFixture {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  enum Journal: Sendable {
    /// The default: a rollback journal, gone once the writer closes.
    case rollback
    /// WAL mode, every frame folded into the file at close (no `-wal` is left).
    case wal
    /// WAL mode, the writer closing without a checkpoint: `-wal` and `-shm` stay,
    /// the rows of `sql` only in the `-wal`.
    case walWithFrames
  }

  static func make(at path: String, sql: String, journal: Journal = .rollback) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw Failure(description: "cannot create \(path)") }
    defer { sqlite3_close(db) }
    if journal != .rollback { try run(db, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;") }
    if journal == .walWithFrames {
      guard cs_no_checkpoint_on_close(db) == SQLITE_OK else { throw Failure(description: "NO_CKPT_ON_CLOSE refused") }
    }
    try run(db, sql)
  }

  private static func run(_ db: OpaquePointer, _ sql: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
      defer { sqlite3_free(message) }
      throw Failure(description: message.map { String(cString: $0) } ?? "SQL failed")
    }
  }

  /// `INSERT`s of `count` rows into `table`, `values(i)` giving row i's values.
  static func inserts(_ table: String, count: Int, _ values: (Int) -> String) -> String {
    "BEGIN;" + (0..<count).map { "INSERT INTO \(table) VALUES (\(values($0)));" }.joined() + "COMMIT;"
  }
}
