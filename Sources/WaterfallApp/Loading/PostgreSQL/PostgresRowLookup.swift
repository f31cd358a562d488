import Synchronization

/// Reads one row of a relation again by its identity: an item's details, and
/// the bytes of a `bytea` picture for the thumbnail loader (``ByteaPicture``),
/// so the store need not keep either.
///
/// It has a connection of its own (made on first use, made again after the
/// server went away), since the reader's is busy with its cursor on another
/// thread; calls from several threads (the thumbnail workers) take turns.
///
/// ```swift
/// let lookup = PostgresRowLookup(target: connection.target, plan: reader.plan)
/// lookup?.json(key: ["42"])                            // {"id":42,"title":"Mug",…}
/// lookup?.bytes(of: ByteaPicture(column: 3, key: ["42"]))   // the PNG's bytes
/// let bytes = lookup?.pictureBytes                     // for ItemSource.pictureBytes
/// ```
public final class PostgresRowLookup: Sendable {
  private let target: PostgresTarget
  private let relation: PostgresRelation
  private let columns: [PostgresColumn]
  private let rowKey: PostgresRowKey
  private let connection = Mutex<PostgresConnection?>(nil)

  /// A lookup for what `plan` reads; nil for a query, or a relation without a
  /// row identity.
  public init?(target: PostgresTarget, plan: PostgresReadPlan) {
    guard let relation = plan.relation, plan.rowKey != .none else { return nil }
    self.target = target
    self.relation = relation
    columns = plan.columns
    self.rowKey = plan.rowKey
  }

  /// A lookup for the relation `name` names, described on a connection of its
  /// own; nil when it cannot be (the server is away) or has no row identity.
  public convenience init?(target: PostgresTarget, table name: String) {
    guard let connection = try? PostgresConnection(target.text) else { return nil }
    defer { connection.close() }
    let described = try? connection.readOnly { () throws(PostgresError) in
      let relation = try connection.relation(named: name)
      return (relation, try connection.columns(of: relation), try connection.rowKey(of: relation))
    }
    guard let (relation, columns, rowKey) = described else { return nil }
    let plan = PostgresReadPlan(
      relation: relation, columns: columns, rowKey: rowKey, statement: "", parameters: [], searchedByServer: true,
      sortedByServer: true, estimatedRows: nil, notes: [])
    self.init(target: target, plan: plan)
  }

  /// The row whose identity is `key`, as a JSON object (its `bytea`s described,
  /// not included); nil when it is gone or the server cannot be reached.
  public func json(key: [String]) -> [UInt8]? {
    let encoder = PostgresRowEncoder(columns: columns, bytesPrefixed: true, roles: nil)
    return row(key: key, columns: { quoted in
      PostgresRowEncoder.selectList(columns, quoted: quoted, prefix: PostgresReader.pictureHeaderBytes)
    }) { result in
      var json: [UInt8] = []
      encoder.appendJSON(row: 0, of: result, key: key, to: &json)
      return json
    }
  }

  /// The bytes of the `bytea` `picture` names; nil when it is gone.
  public func bytes(of picture: ByteaPicture) -> [UInt8]? {
    guard picture.column >= 0, picture.column < columns.count, columns[picture.column].kind == .bytes else { return nil }
    return row(key: picture.key, columns: { quoted in [quoted[picture.column]] }) { result in
      result.isNull(0, 0) ? nil : result.withValue(0, 0) { PostgresBytea.decode($0) }
    }
  }

  /// What reads a card's picture reference for the thumbnail loader
  /// (``ItemSource/pictureBytes``).
  public var pictureBytes: @Sendable (String) -> [UInt8]? {
    { [self] reference in ByteaPicture(reference: reference).flatMap { self.bytes(of: $0) } }
  }

  /// Runs `SELECT columns FROM relation WHERE identity = key` and reads the
  /// first row with `read`.
  private func row<T>(
    key: [String], columns list: ([String]) -> [String], read: (PostgresResult) -> T?
  ) -> T? {
    let identity = rowKey.columns
    guard key.count == identity.count, !identity.isEmpty else { return nil }
    return connection.withLock { connection -> T? in
      do {
        let open: PostgresConnection
        if let connection, connection.isOpen { open = connection } else { open = try PostgresConnection(target.text) }
        connection = open
        let quoted = try columns.map { column throws(PostgresError) in try open.quoted(column.name) }
        let keyColumns = try identity.map { name throws(PostgresError) in try open.quoted(name) }
        let parameters = (1...key.count).map { "$\($0)" }.joined(separator: ", ")
        let sql = "SELECT " + list(quoted).joined(separator: ", ") + " FROM " + (try open.quoted(relation))
          + " WHERE (" + keyColumns.joined(separator: ", ") + ") = (" + parameters + ")"
        let result = try open.query(sql, key)
        return result.rowCount > 0 ? read(result) : nil
      } catch {
        return nil
      }
    }
  }
}
