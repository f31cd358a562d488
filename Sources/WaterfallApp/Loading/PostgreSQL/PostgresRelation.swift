/// A table or view the server has, as the table picker lists it: its schema
/// and name, what kind it is, and how many rows the catalogue estimates
/// (`pg_class.reltuples`, as of the last `VACUUM` or `ANALYZE`; never counted).
///
/// ```swift
/// let items = try connection.relation(named: "shop.items")
/// items.qualifiedName   // "shop.items"
/// items.estimatedRows   // 1_204_331, or nil when never analysed (and for a view)
/// ```
public struct PostgresRelation: Sendable, Equatable, CustomStringConvertible {
  public enum Kind: Sendable, Equatable {
    case table
    case view
    case materializedView
    case foreignTable
    case partitionedTable

    init?(relkind: String) {
      switch relkind {
      case "r": self = .table
      case "v": self = .view
      case "m": self = .materializedView
      case "f": self = .foreignTable
      case "p": self = .partitionedTable
      default: return nil
      }
    }
  }

  public var schema: String
  public var name: String
  public var kind: Kind
  /// The catalogue's estimate of its rows; nil when it has none.
  public var estimatedRows: Int?
  /// Its OID (`pg_class.oid`).
  public var oid: UInt32
  /// Whether other tables inherit from it (or it has partitions): its `ctid`s
  /// then repeat across them.
  public var hasChildren: Bool

  public init(schema: String, name: String, kind: Kind, estimatedRows: Int?, oid: UInt32, hasChildren: Bool = false) {
    self.schema = schema
    self.name = name
    self.kind = kind
    self.estimatedRows = estimatedRows
    self.oid = oid
    self.hasChildren = hasChildren
  }

  /// `schema.name`, for showing (not quoted: not for SQL).
  public var qualifiedName: String { schema + "." + name }

  public var description: String { qualifiedName }
}
