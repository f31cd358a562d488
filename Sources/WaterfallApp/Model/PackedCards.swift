/// Every item's packed card (``CardContent/pack(into:)``, then its id and
/// group): kept in the store's arena, or read again from the item's text.
///
/// A card shows a few fields of its item, and a file's items stay in the file:
/// so an item of a JSON or CSV file keeps no copy of its card. When the card is
/// wanted (drawn, measured at a new width, its id or group asked for) its text
/// is read from the file's pages and scanned again with the roles it was read
/// with, which gives the same bytes the reading packed (``ItemScanner``). At
/// ten million shop items that is about 90 bytes an item not kept.
///
/// The reading decides, as it scans (``ItemScanner/dropsCards``, set by
/// ``PageLoad`` for a page read from a file into a store): it lets a card go
/// unless reading it again would cost more than its bytes, or could not be
/// done. Items kept in memory and SQLite and server rows are not read that way;
/// a map's members (their key titles them), items grouped by a field (the
/// grouping reads every item's group as it comes) and an item naming a picture
/// without its size (the sizes are looked for as items come) keep theirs. A
/// scanned item that comes with its card keeps it here.
///
/// An item whose bytes are no longer the ones read (its checksum, ``ItemChecksum``)
/// gets a card saying so, not a card of other bytes.
///
/// ```swift
/// let cards = store.packedCards
/// cards.withPacked(of: 7) { CardContent(unpacking: $0).title }   // "Mug"
/// ```
struct PackedCards: @unchecked Sendable {
  // @unchecked: immutable copies of copy-on-write values, and page files read with pread.
  let texts: ItemTexts
  let summaries: ByteArena
  let checksums: [UInt32]
  let scanner: ItemScanner

  /// The summary offset of an item whose card is read from its text.
  static let fromText = ItemRecords.noSummary

  var count: Int { texts.count }

  /// Whether item `item`'s card is read from its text rather than kept.
  func readsFromText(_ item: Int) -> Bool {
    texts.record(item).summary == Self.fromText
  }

  /// Calls `body` with item `item`'s packed card.
  func withPacked<R>(of item: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let record = texts.record(item)
    guard record.summary == Self.fromText else { return summaries.withBytes(from: record.summary, body) }
    var result: R?
    texts.forEachStored(of: CollectionOfOne(item)) { item, stored, shape in
      result = scanned(item, stored: stored, shape: shape).withUnsafeBufferPointer(body)
    }
    return result!
  }

  /// Calls `body` with the packed card of each of `items`, in turn; cards read
  /// from texts are read together where they lie near one another in a file
  /// (``ItemTexts/forEachStored(of:_:)``).
  func forEachPacked<Items: Collection<Int>>(of items: Items, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    var fromText: [Int] = []
    func flush() {
      texts.forEachStored(of: fromText) { item, stored, shape in
        scanned(item, stored: stored, shape: shape).withUnsafeBufferPointer { body(item, $0) }
      }
      fromText.removeAll(keepingCapacity: true)
    }
    for item in items {
      let record = texts.record(item)
      if record.summary == Self.fromText {
        fromText.append(item)
        if fromText.count == 1024 { flush() }
      } else {
        if !fromText.isEmpty { flush() }
        summaries.withBytes(from: record.summary) { body(item, $0) }
      }
    }
    flush()
  }

  /// The card packed from item `item`'s stored bytes, as its reading packed it;
  /// ``changedCard`` when they are not the bytes read.
  func scanned(_ item: Int, stored: UnsafeBufferPointer<UInt8>, shape: ItemTextShape) -> [UInt8] {
    guard ItemChecksum(UnsafeRawBufferPointer(stored)).value == checksums[item] else { return Self.changedCard }
    if case .json = shape { return Self.scan(stored, with: scanner) }
    return shape.json(from: Array(stored)).withUnsafeBufferPointer { Self.scan($0, with: scanner) }
  }

  /// The card `scanner` packs of the item whose JSON text is `json`.
  private static func scan(_ json: UnsafeBufferPointer<UInt8>, with scanner: ItemScanner) -> [UInt8] {
    (try? scanner.scan(json, offset: 0))?.packed ?? changedCard
  }

  /// The card of an item whose bytes in its file changed since they were read.
  static let changedCard: [UInt8] = {
    var packed: [UInt8] = []
    CardContent(title: "the file changed since it was read — press r").pack(into: &packed)
    CardContent.appendText(nil, to: &packed)
    CardContent.appendText(nil, to: &packed)
    return packed
  }()
}
