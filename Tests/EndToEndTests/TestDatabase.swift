import CSQLite
import Foundation

/// Writes SQLite databases for the tests (the program itself only ever reads).
///
/// ```swift
/// try TestDatabase.make(at: "/tmp/shop.db", sql: "CREATE TABLE t(a); INSERT INTO t VALUES (1);")
/// ```
enum TestDatabase {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  enum Journal: String, Sendable {
    /// The default: a rollback journal, gone once the writer closes.
    case rollback
    /// WAL mode, every frame folded into the file at close (no `-wal` is left).
    case wal
    /// WAL mode, the writer closing without a checkpoint: `-wal` and `-shm`
    /// stay, and the rows `sql` wrote are only in the `-wal`.
    case walWithFrames
  }

  /// Creates the database at `path` and runs `sql` in it; `blobs` are bound, in
  /// order, to the `?`s of the last statement, run once per element.
  static func make(
    at path: String, sql: String, blobRows: [[UInt8]] = [], blobSQL: String? = nil, journal: Journal = .rollback
  ) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw Failure(description: "cannot create \(path)") }
    defer { sqlite3_close(db) }
    var message: UnsafeMutablePointer<CChar>?
    if journal != .rollback {
      guard sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;", nil, nil, nil) == SQLITE_OK else {
        throw Failure(description: "cannot turn WAL on")
      }
    }
    if journal == .walWithFrames, cs_no_checkpoint_on_close(db) != SQLITE_OK { throw Failure(description: "NO_CKPT_ON_CLOSE refused") }
    guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
      defer { sqlite3_free(message) }
      throw Failure(description: message.map { String(cString: $0) } ?? "SQL failed")
    }
    guard let blobSQL else { return }
    for blob in blobRows {
      var statement: OpaquePointer?
      guard sqlite3_prepare_v2(db, blobSQL, -1, &statement, nil) == SQLITE_OK else { throw Failure(description: "bad SQL: \(blobSQL)") }
      defer { sqlite3_finalize(statement) }
      _ = blob.withUnsafeBytes { sqlite3_bind_blob(statement, 1, $0.baseAddress, Int32($0.count), cs_transient()) }
      guard sqlite3_step(statement) == SQLITE_DONE else { throw Failure(description: "insert failed") }
    }
  }
}
