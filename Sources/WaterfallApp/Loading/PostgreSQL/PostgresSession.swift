import Synchronization

/// What the readings of one server source share: the connections readings let
/// go, for the next to take (a search typed re-opens the source at each key),
/// and the row lookup that reads `bytea` pictures.
///
/// A connection is given back only when its reading ended cleanly (no cancel
/// sent on it, no transaction open): a cancel request still on its way could
/// otherwise stop the next reading's statement.
///
/// ```swift
/// let session = PostgresSession(target: target)
/// let (connection, _) = try session.connection(shouldStop: { false })   // a new one, or one given back
/// session.giveBack(connection)
/// ```
final class PostgresSession: Sendable {
  let target: PostgresTarget
  /// Connections kept for the next reading (at most ``keptConnections``).
  private let idle = Mutex<[PostgresConnection]>([])
  static let keptConnections = 2
  /// The lookup of the table's rows, made on the first picture asked for.
  private let lookups = Mutex<[String: PostgresRowLookup]>([:])

  init(target: PostgresTarget) {
    self.target = target
  }

  /// A connection given back, if one is still open, else a new one; `kept`
  /// says which (a kept one may find the server gone since it was used).
  func connection(shouldStop: () -> Bool) throws(PostgresError) -> (connection: PostgresConnection, kept: Bool) {
    while let kept = idle.withLock({ $0.popLast() }) {
      if kept.isOpen { return (kept, true) }
    }
    return (try PostgresConnection(target.text, shouldStop: shouldStop), false)
  }

  /// Keeps `connection` for the next reading, or closes it.
  func giveBack(_ connection: PostgresConnection) {
    guard connection.isOpen, !connection.inTransaction else { return connection.close() }
    connection.clearCancel()
    let kept = idle.withLock { connections in
      guard connections.count < Self.keptConnections else { return false }
      connections.append(connection)
      return true
    }
    if !kept { connection.close() }
  }

  /// The bytes of the `bytea` picture `reference` names in `table`; nil when
  /// the row or the server is gone.
  func pictureBytes(table: String, reference: String) -> [UInt8]? {
    guard let picture = ByteaPicture(reference: reference) else { return nil }
    let lookup = lookups.withLock { made -> PostgresRowLookup? in
      if let lookup = made[table] { return lookup }
      guard let lookup = PostgresRowLookup(target: target, table: table) else { return nil }
      made[table] = lookup
      return lookup
    }
    return lookup?.bytes(of: picture)
  }
}
