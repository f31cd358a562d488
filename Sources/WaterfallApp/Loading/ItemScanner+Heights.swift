/// Measuring an item's card at several widths from the item's own bytes, as a
/// worker does for a million cards at once (``PackedCards/forEachHeights(of:widths:_:)``):
/// the item is walked once and each width wraps the texts in place, where
/// packing the card first would copy every text only to read it back.
///
/// ```swift
/// var heights = [0, 0]
/// // bytes: {"title":"Mug","tags":["a"]}: 2 borders + title + tags at either width
/// ItemScanner(roles: FieldRoles()).measuredHeights(of: bytes, widths: [30, 48], into: &heights)   // true, [4, 4]
/// ```
extension ItemScanner {
  /// Writes the height at each of `widths` (`heights[i]` for `widths[i]`) of
  /// the card of the item whose JSON text is exactly `bytes`, and returns
  /// true; or returns false, `heights` partly written, when the card has to
  /// be packed to be measured as ``CardContent/packedHeight(in:width:aspect:)``
  /// measures it: not an object, a joined candidate, `key: value` lines
  /// (no title or text, or the table's rows), a text that is not a plain
  /// string (``Packer/measuredHeight(width:fieldCount:measuresUnsizedPicture:)``),
  /// a syntax error. A picture without its size is measured as its packed
  /// card is without a size standing in.
  func measuredHeights(of bytes: UnsafeBufferPointer<UInt8>, widths: [Int], into heights: inout [Int]) -> Bool {
    guard !checksOnly, bytes.first == UInt8(ascii: "{") else { return false }
    let table = table(forItemAt: 0, in: bytes, depth: 0, keyed: false)
    guard !table.joins, !table.roles.showsRest else { return false }
    var parser = JSONParser(bytes: bytes)
    var packer = Packer(bytes: bytes)
    guard (try? walkObject(&parser, start: 0, depth: 0, table: table, into: &packer)) != nil, parser.isAtEnd,
      !packer.saysNothing
    else { return false }
    for (i, width) in widths.enumerated() {
      guard let rows = packer.measuredHeight(width: width, measuresUnsizedPicture: true), rows > 0 else { return false }
      heights[i] = rows
    }
    return true
  }
}
