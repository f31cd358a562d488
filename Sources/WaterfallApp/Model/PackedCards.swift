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
      result = card(from: source(of: item, stored: stored, shape: shape)).withUnsafeBufferPointer(body)
    }
    return result!
  }

  /// Calls `body` with the packed card of each of `items`, in turn; cards read
  /// from texts are read together where they lie near one another in a file
  /// (``ItemTexts/forEachStored(of:_:)``).
  func forEachPacked<Items: Collection<Int>>(of items: Items, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    forEach(of: items) { item, source in
      if case .packed(let packed) = source { return body(item, packed) }
      card(from: source).withUnsafeBufferPointer { body(item, $0) }
    }
  }

  /// Calls `body` with each of `items`, in turn, and its card's height at each
  /// of `widths` (`heights[i]` at `widths[i]`; one array, written again for
  /// each item), as ``CardContent/packedHeight(in:width:aspect:)`` measures its
  /// packed card, `aspect(item)` standing in for a missing aspect. A card read
  /// from its item's text is measured there without being packed when nothing
  /// stands in and the scanner can (``ItemScanner/measuredHeights(of:widths:into:)``).
  ///
  /// ```swift
  /// cards.forEachHeights(of: 0..<1024, widths: [30, 48], aspect: { _ in nil }) { item, heights in … }
  /// ```
  func forEachHeights<Items: Collection<Int>>(
    of items: Items, widths: [Int], aspect: (Int) -> CardContent.Aspect?, _ body: (Int, [Int]) -> Void
  ) {
    var heights = [Int](repeating: 0, count: widths.count)
    func measure(_ item: Int, packed: UnsafeBufferPointer<UInt8>) {
      let standIn = aspect(item)
      for (i, width) in widths.enumerated() { heights[i] = CardContent.packedHeight(in: packed, width: width, aspect: standIn) }
      body(item, heights)
    }
    func measure(_ item: Int, json: UnsafeBufferPointer<UInt8>) {
      if aspect(item) == nil, scanner.measuredHeights(of: json, widths: widths, into: &heights) { return body(item, heights) }
      Self.scan(json, with: scanner).withUnsafeBufferPointer { measure(item, packed: $0) }
    }
    forEach(of: items) { item, source in
      switch source {
      case .packed(let packed): measure(item, packed: packed)
      case .json(let json): measure(item, json: json)
      case .converted(let stored, let shape): shape.json(from: Array(stored)).withUnsafeBufferPointer { measure(item, json: $0) }
      case .changed: card(from: source).withUnsafeBufferPointer { measure(item, packed: $0) }
      }
    }
  }

  /// Where an item's card comes from (``forEach(of:_:)``).
  private enum CardSource {
    /// Kept packed.
    case packed(UnsafeBufferPointer<UInt8>)
    /// Read from a text that is no longer the one read (``changedCard``).
    case changed
    /// Read from the item's JSON text.
    case json(UnsafeBufferPointer<UInt8>)
    /// Read from the item's stored bytes of another shape (a CSV row), made JSON first.
    case converted(UnsafeBufferPointer<UInt8>, ItemTextShape)
  }

  /// Calls `body` with each of `items` and where its card comes from, in
  /// turn; texts are read together where they lie near one another in a file
  /// (``ItemTexts/forEachStored(of:_:)``), a thousand at a time.
  private func forEach<Items: Collection<Int>>(of items: Items, _ body: (Int, CardSource) -> Void) {
    var fromText: [Int] = []
    func flush() {
      texts.forEachStored(of: fromText) { item, stored, shape in body(item, source(of: item, stored: stored, shape: shape)) }
      fromText.removeAll(keepingCapacity: true)
    }
    for item in items {
      let record = texts.record(item)
      if record.summary == Self.fromText {
        fromText.append(item)
        if fromText.count == 1024 { flush() }
      } else {
        if !fromText.isEmpty { flush() }
        summaries.withBytes(from: record.summary) { body(item, .packed($0)) }
      }
    }
    flush()
  }

  /// Where the card of item `item`, whose stored bytes are `stored`, comes
  /// from: ``CardSource/changed`` when they are not the bytes read.
  private func source(of item: Int, stored: UnsafeBufferPointer<UInt8>, shape: ItemTextShape) -> CardSource {
    guard ItemChecksum(UnsafeRawBufferPointer(stored)).value == checksums[item] else { return .changed }
    if case .json = shape { return .json(stored) }
    return .converted(stored, shape)
  }

  /// The card packed from `source`, as the item's reading packed it
  /// (``changedCard`` for a changed text).
  private func card(from source: CardSource) -> [UInt8] {
    switch source {
    case .packed(let packed): Array(packed)
    case .changed: Self.changedCard
    case .json(let json): Self.scan(json, with: scanner)
    case .converted(let stored, let shape): shape.json(from: Array(stored)).withUnsafeBufferPointer { Self.scan($0, with: scanner) }
    }
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
