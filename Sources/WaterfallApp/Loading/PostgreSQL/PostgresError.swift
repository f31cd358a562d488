/// What went wrong talking to a PostgreSQL server, in the server's own words
/// where it gave some, never with a password in it.
///
/// `kind` tells apart what a caller acts on differently: a statement the user
/// cancelled (``PostgresConnection/cancel()``) from one the server cancelled
/// (`statement_timeout`), and a connection that went away (keep what was read,
/// offer to reconnect) from a statement the server refused (show its message).
/// `call` names the libpq function that reported it.
///
/// ```swift
/// do { _ = try reader.nextPage() } catch {
///   error.kind        // .statement
///   error.message     // "cannot execute INSERT in a read-only transaction"
///   error.sqlState    // "25006"
///   "\(error)"        // "cannot execute INSERT in a read-only transaction (PQsendQueryParams, SQLSTATE 25006)"
/// }
/// ```
public struct PostgresError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    /// The server could not be reached, or refused the connection (a wrong
    /// password, an unknown database).
    case connect
    /// The server refused or failed a statement (a syntax error, a write in a
    /// read-only transaction, a missing table).
    case statement
    /// The statement was cancelled because this program asked (``PostgresConnection/cancel()``).
    case cancelled
    /// The server cancelled the statement itself (`statement_timeout`, or
    /// another session's `pg_cancel_backend`).
    case timedOut
    /// The connection broke while talking (the server stopped, the network went away).
    case connectionLost
    /// Something this program does not read (a statement that returned no rows
    /// where rows were asked for, a name that is not there).
    case unsupported
  }

  public var kind: Kind
  /// The message, one line: the server's primary message where it sent one.
  public var message: String
  /// The server's error code (`42P01`: no such table), when it sent one.
  public var sqlState: String?
  /// The libpq call that reported it (`PQconnectPoll`, `PQsendQueryParams`), or
  /// what this program was doing.
  public var call: String

  public init(_ kind: Kind, _ message: String, sqlState: String? = nil, call: String) {
    self.kind = kind
    self.message = message
    self.sqlState = sqlState
    self.call = call
  }

  public var description: String {
    message + " (" + call + (sqlState.map { ", SQLSTATE " + $0 } ?? "") + ")"
  }
}
