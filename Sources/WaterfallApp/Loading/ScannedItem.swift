/// One item as the loader found it: its card, packed for the store, and where
/// its JSON text lies in its page.
///
/// ```swift
/// let item = try ItemScanner(roles: FieldRoles()).scan(bytes, offset: 120)
/// item.content.title   // "Mug"
/// item.offset          // 120: the item's text starts 120 bytes into its page
/// ```
public struct ScannedItem: Sendable {
  /// The card's content (``CardContent/pack(into:)``), then its id and group.
  public var packed: [UInt8]
  /// Where the item's JSON text starts in its page, in bytes.
  public var offset: Int
  /// The length of the item's JSON text, in bytes.
  public var length: Int
  /// The item's JSON text itself, kept only when its page cannot be read again
  /// (standard input).
  public var json: [UInt8]?
  /// Which of the fields the roles name the item has: bit `i` for field `i` of
  /// ``FieldRoles/fieldNames`` (the first 64).
  public var fieldsSeen: UInt64 = 0
  /// The checksum of the item's bytes as they are in its page (``ItemChecksum``),
  /// set by the page reader: what `--print` and the details check them against.
  public var checksum: UInt32 = 0
  /// The card's height in rows at ``heightWidth`` columns, measured as it was
  /// read (``ItemScanner/measuring``); 0: not measured.
  public var height: UInt16 = 0
  /// The width ``height`` was measured at; 0: none.
  public var heightWidth: UInt16 = 0

  /// Measures the card `width` columns wide, as the store would
  /// (``CardContent/packedHeight(in:width:aspect:)``), on the reading thread.
  mutating func measure(at width: Int) {
    guard width > 0, width < Int(UInt16.max) else { return }
    let rows = packed.withUnsafeBufferPointer { CardContent.packedHeight(in: $0, width: width) }
    guard rows > 0, rows < Int(UInt16.max) else { return }
    height = UInt16(rows)
    heightWidth = UInt16(width)
  }

  /// What the item's card shows.
  public var content: CardContent {
    packed.withUnsafeBufferPointer { CardContent(unpacking: $0) }
  }

  /// The item's identifying field as text (see ``FieldRoles/id``), if it has one.
  public var id: String? {
    packed.withUnsafeBufferPointer { bytes in
      var position = CardContent.packedLength(in: bytes)
      return CardContent.readText(bytes, at: &position)
    }
  }

  /// The value of the item's grouping field (see ``FieldRoles/group``), if any.
  public var group: String? {
    packed.withUnsafeBufferPointer { bytes in
      var position = CardContent.packedLength(in: bytes)
      _ = CardContent.readText(bytes, at: &position)
      return CardContent.readText(bytes, at: &position)
    }
  }
}
