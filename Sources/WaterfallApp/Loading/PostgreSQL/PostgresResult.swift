/// The rows a statement returned, copied out of libpq: every value's text in
/// one buffer, so a page of a thousand rows is three allocations, not thousands.
///
/// Values are in libpq's text format (what `psql` shows): `t`/`f` for booleans,
/// `\x…` hex for `bytea`, the server's own text for timestamps and numerics.
/// A column's `type` is the OID of its type (of the base type, for a domain),
/// which ``PostgresColumn`` reads.
///
/// ```swift
/// let result = try connection.query("SELECT 1 AS n, NULL AS gone")
/// result.columns.map(\.name)   // ["n", "gone"]
/// result.text(0, 0)            // "1"
/// result.isNull(0, 1)          // true
/// ```
public struct PostgresResult: Sendable {
  public struct Column: Sendable, Equatable {
    public var name: String
    /// The OID of the column's type.
    public var type: UInt32
  }

  public var columns: [Column]
  public var rowCount: Int
  /// The command tag: `SELECT 3`, `FETCH 500`, `BEGIN`.
  public var commandTag: String
  /// How much memory libpq held for the result (`PQresultMemorySize`).
  public var memorySize: Int
  /// Every value's bytes, row after row.
  var bytes: [UInt8]
  /// Where each value ends in `bytes` (row-major); a null ends where it starts.
  var ends: [Int]
  var nulls: [Bool]

  init(columns: [Column], rowCount: Int, commandTag: String, memorySize: Int, bytes: [UInt8], ends: [Int], nulls: [Bool]) {
    self.columns = columns
    self.rowCount = rowCount
    self.commandTag = commandTag
    self.memorySize = memorySize
    self.bytes = bytes
    self.ends = ends
    self.nulls = nulls
  }

  public func isNull(_ row: Int, _ column: Int) -> Bool {
    nulls[row * columns.count + column]
  }

  /// Calls `body` with the bytes of a value (empty for a null).
  public func withValue<R>(_ row: Int, _ column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let index = row * columns.count + column
    let start = index == 0 ? 0 : ends[index - 1]
    return bytes.withUnsafeBufferPointer { all in
      body(UnsafeBufferPointer(rebasing: all[start..<ends[index]]))
    }
  }

  /// A value as text; nil for a null.
  public func text(_ row: Int, _ column: Int) -> String? {
    if isNull(row, column) { return nil }
    return withValue(row, column) { String(decoding: $0, as: UTF8.self) }
  }

  /// How many bytes the values take here.
  public var valueBytes: Int { bytes.count }
}
