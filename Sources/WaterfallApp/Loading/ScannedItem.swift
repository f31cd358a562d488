/// One item as the loader found it: what its card shows, its id, and where its
/// JSON text lies in its page.
///
/// ```swift
/// let item = try ItemScanner(roles: FieldRoles()).scan(bytes, offset: 120)
/// item.content.title   // "Mug"
/// item.offset          // 120: the item's text starts 120 bytes into its page
/// ```
public struct ScannedItem: Sendable {
  public var content: CardContent
  /// The item's identifying field as text (see ``FieldRoles/id``), if it has one.
  public var id: String?
  /// The value of the item's grouping field as text (see ``FieldRoles/group``), if any.
  public var group: String?
  /// Where the item's JSON text starts in its page, in bytes.
  public var offset: Int
  /// The length of the item's JSON text, in bytes.
  public var length: Int
  /// The item's JSON text itself, kept only when its page cannot be read again
  /// (standard input).
  public var json: [UInt8]?
}
