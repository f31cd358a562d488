/// The items loaded so far: what each card shows, packed, and where each item's
/// original JSON text lies.
///
/// The store is the one owner of item data. An item's full text stays in its
/// file and is read again (``json(at:)``) for its details, for `--print` and for
/// the filter; so is its card, packed (``CardContent/pack(into:)``), when it is
/// drawn or measured (``PackedCards``), except where the card is kept in an
/// arena, a few dozen bytes for a typical card. Standard input is read
/// again from its spool (``PageFile/init(spooling:name:directory:)``); only the
/// texts of pages in memory (a database query's rows) are kept here.
///
/// ```swift
/// let store = ItemStore(roles: FieldRoles())
/// let page = store.addPage(file)             // or addMemoryPage(path:) for stdin
/// store.append(scannedItems, toPage: page)
/// store.content(at: 0).title
/// ```
public final class ItemStore {
  /// One item, however many fields it has: kept in 16 bytes (``ItemRecords``).
  struct Record {
    /// Where its packed card content and id start in `summaries`;
    /// ``PackedCards/fromText``: it keeps none, its card is read from its text.
    var summary: Int
    /// Where its text starts: in its page's file, or in `texts` for a page in memory.
    var offset: Int
    var length: UInt32
    var page: UInt32
  }

  /// Where a page's item texts are.
  enum PageStorage {
    case file(PageFile)
    case memory
  }

  public let roles: FieldRoles
  /// The fields whose presence is tracked, and which of them some item has (a bit
  /// each, as ``ScannedItem/fieldsSeen``).
  private let trackedFields: [String]
  /// What ``append(json:)`` scans with: made once, when first needed, not per item.
  private lazy var scanner = ItemScanner(roles: roles)
  private var fieldsSeen: UInt64 = 0
  /// Picture sizes read from the pictures' headers, for items that named a
  /// picture without its size (``setPictureSize(_:at:)``).
  private var measuredSizes: [Int: CardContent.Aspect] = [:]
  private(set) var records = ItemRecords()
  /// Each item's ``ItemChecksum`` as read (``ScannedItem/checksum``): 4 bytes an item.
  private var checksums: [UInt32] = []
  private var summaries = ByteArena()
  /// The cards last read from their items' texts (``PackedCards``), so that a
  /// screen drawn again does not read and scan them again.
  private var recentCards: [Int: [UInt8]] = [:]
  /// The most cards ``recentCards`` holds before it starts again.
  static let recentCardLimit = 4096
  private(set) var texts = ByteArena()
  /// The items' compact search texts, as searches build them (``SearchTextCache``).
  public private(set) var searchTexts = SearchTextCache()
  private(set) var pages: [Page] = []
  /// Card heights already measured, per width.
  private var heights = CardHeights()
  /// The width the waterfall last asked heights at, which the readings of this
  /// store measure each card at as they scan it (``MeasuringWidth``).
  public let measuringWidth: MeasuringWidth
  /// The line cards sorted by a field they do not show add, while the cards
  /// are sorted by one (``SortFieldLines``): their heights stay measured
  /// without it, and the layout adds its row (``layoutHeight(at:width:)``).
  public internal(set) var sortLines: SortFieldLines?

  /// One page: where it was read from, where its items' texts are, and, in a
  /// folder tree, its section and the folder its pictures are named from.
  struct Page {
    var path: String
    var storage: PageStorage
    var section: String?
    var folder: String?
    /// Whether its items are pictures of a folder (``PictureFolder``): one prints
    /// as its picture's path.
    var isPictures = false
    /// How its items' stored bytes read as JSON (a map's members, CSV records).
    var shape = ItemTextShape.json
  }

  /// A store for items read with `roles`, whose readings measure cards at
  /// `measuringWidth` (a reload's new store shares its predecessor's).
  public init(roles: FieldRoles, measuringWidth: MeasuringWidth = MeasuringWidth()) {
    self.roles = roles
    self.measuringWidth = measuringWidth
    trackedFields = ItemScanner.trackedFields(roles)
  }

  public var count: Int { records.count }

  /// The bytes the store holds for its cards (not counting item texts in files).
  public var summaryBytes: Int { summaries.count + records.count * ItemRecords.bytesPerRecord }

  // MARK: Adding

  /// Registers the page read from `file` and returns its number. A file that can
  /// be read again keeps its items' texts (standard input's spool too); a page in
  /// memory's are kept here.
  /// In a folder tree a page has a `section` (its items' group) and a `folder`
  /// (their pictures' names start there).
  func add(_ file: PageFile, section: String? = nil, folder: String? = nil, isPictures: Bool = false) -> Int {
    pages.append(
      Page(path: file.path, storage: file.keepsTextsInMemory ? .memory : .file(file), section: section, folder: folder, isPictures: isPictures))
    return pages.count - 1
  }

  /// Registers a page whose item texts are kept in memory (standard input).
  public func addMemoryPage(path: String, section: String? = nil) -> Int {
    pages.append(Page(path: path, storage: .memory, section: section))
    return pages.count - 1
  }

  /// Says how page `page`'s items read as JSON (a map's members, CSV records).
  public func setShape(_ shape: ItemTextShape, ofPage page: Int) {
    pages[page].shape = shape
  }

  /// Whether the first page's items are a table's rows: CSV or TSV records,
  /// or a SQLite table's rows.
  public var firstPageIsTable: Bool {
    switch pages.first?.shape {
    case .csv?, .sqlite?: return true
    default: return false
    }
  }

  /// Adds `items`, found in page `page`. Items of a page in memory must carry their text.
  public func append(_ items: [ScannedItem], toPage page: Int) {
    let inMemory = if case .memory = pages[page].storage { true } else { false }
    let first = records.count
    // Each of the store's parts is reached once for the batch, not once an item:
    // every reach of a class's stored property is checked for exclusive access.
    // The items are read in place (`items[i].checksum`): a lazy map over them
    // copied each one, retaining and releasing its arrays, four times a batch.
    items.withUnsafeBufferPointer { items in
      fieldsSeen |= items.indices.reduce(0) { $0 | items[$1].fieldsSeen }
      records.append(
        contentsOf: items.indices.lazy.map { i in
          // A reading that let the card go (``ItemScanner/dropsCards``) left it to be read from the text.
          let summary = items[i].packed.isEmpty ? PackedCards.fromText : self.summaries.append(items[i].packed)
          let offset = inMemory ? self.texts.append(items[i].json ?? []) : items[i].offset
          return Record(summary: summary, offset: offset, length: UInt32(clamping: items[i].length), page: UInt32(page))
        })
      checksums.append(contentsOf: items.indices.lazy.map { items[$0].checksum })
      heights.remember(items.indices.lazy.map { (height: items[$0].height, width: items[$0].heightWidth) }, from: first)
    }
  }

  /// Adds one item whose text is `json`, in a page of its own kept in memory: for
  /// tests and small programs.
  public func append(json: [UInt8]) throws(JSONSyntaxError) {
    let page = pages.last.flatMap { if case .memory = $0.storage { pages.count - 1 } else { nil } } ?? addMemoryPage(path: "memory")
    let item = try json.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) in
      try scanner.scan(buffer, offset: 0, keepingBytes: true)
    }
    append([item], toPage: page)
  }

  /// Which of `names` no item has (as a member of the item object); a name the
  /// store does not track (past the first 64 the roles name) counts as had.
  ///
  /// ```swift
  /// store.fieldsNoItemHas(["title", "nope"])   // ["nope"]
  /// ```
  public func fieldsNoItemHas(_ names: [String]) -> [String] {
    names.filter { name in
      guard let bit = trackedFields.firstIndex(of: name) else { return false }
      return fieldsSeen & (1 << UInt64(bit)) == 0
    }
  }

  /// Removes every item and page.
  public func removeAll() {
    heights = CardHeights()
    sortLines = nil
    fieldsSeen = 0
    measuredSizes = [:]
    records.removeAll()
    checksums.removeAll()
    summaries = ByteArena()
    recentCards = [:]
    texts = ByteArena()
    pages.removeAll()
    searchTexts = SearchTextCache(budget: searchTexts.budget)
  }

  /// Keeps at most `bytes` of compact search texts (`1`: none, every search reads
  /// the items' JSON); texts kept so far are dropped.
  public func limitSearchTexts(toBytes bytes: Int) {
    searchTexts = SearchTextCache(budget: bytes)
  }

  // MARK: Reading

  /// Every item's packed card, kept or read from its text, for this thread
  /// or another (``PackedCards``).
  var packedCards: PackedCards {
    PackedCards(
      texts: ItemTexts(records: records, pages: pages, texts: texts), summaries: summaries, checksums: checksums,
      scanner: scanner.withSettledTable())
  }

  /// Calls `body` with item `index`'s packed card: from the arena, or read
  /// from its text and kept among the ``recentCards``.
  private func withPacked<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    let summary = records[index].summary
    if summary != PackedCards.fromText { return summaries.withBytes(from: summary, body) }
    if let recent = recentCards[index] { return recent.withUnsafeBufferPointer(body) }
    let packed = packedCards.withPacked(of: index) { Array($0) }
    if recentCards.count >= Self.recentCardLimit { recentCards.removeAll(keepingCapacity: true) }
    recentCards[index] = packed
    return packed.withUnsafeBufferPointer(body)
  }

  /// What item `index`'s card shows.
  public func content(at index: Int) -> CardContent {
    var content = withPacked(index) { CardContent(unpacking: $0) }
    if content.aspect == nil, !measuredSizes.isEmpty { content.aspect = measuredSizes[index] }
    return content
  }

  /// The height of item `index`'s waterfall card at `width`, measured in place
  /// the first time and then kept (``CardHeights``), so laying a million cards
  /// out again at a width seen before (`+` then `-`, `z`, `L` round to the
  /// waterfall, `x`, `u`, a resize back) costs no text wrapping.
  public func cardHeight(at index: Int, width: Int) -> Int {
    if let known = heights.height(of: index, width: width) { return known }
    let measured = measuredSizes.isEmpty ? nil : measuredSizes[index]
    let height = withPacked(index) { CardContent.packedHeight(in: $0, width: width, aspect: measured) }
    heights.remember(height, of: index, width: width)
    return height
  }

  /// The rows item `index`'s waterfall card is laid out with at `width`: its
  /// height, and the sort field's line when the card adds it.
  public func layoutHeight(at index: Int, width: Int) -> Int {
    if width != measuringWidth.width { measuringWidth.set(width) }
    let height = cardHeight(at: index, width: width)
    return height + (sortLines?.addedRows(of: index, height: height) ?? 0)
  }

  /// ``layoutHeight(at:width:)`` of each of `items`, in order, the measuring
  /// width set once: what appending a batch of cards to the layout asks.
  ///
  /// ```swift
  /// store.forEachLayoutHeight(of: 100..<200, width: 30) { height in … }
  /// ```
  func forEachLayoutHeight(of items: some Sequence<Int>, width: Int, _ body: (Int) -> Void) {
    if width != measuringWidth.width { measuringWidth.set(width) }
    let sortLines = sortLines
    // The heights known at `width`, looked up once (asking the store's table
    // for each item was an exclusivity check an item), and let go at the first
    // card not measured yet: held while the table gains its height, the whole
    // table would be copied.
    var known = heights.table(width: width) ?? []
    for index in items {
      var height = index < known.count ? Int(known[index]) : 0
      if height == 0 {
        known = []
        height = cardHeight(at: index, width: width)
      }
      body(height + (sortLines?.addedRows(of: index, height: height) ?? 0))
    }
  }

  /// Every card's height at `width`, to lay them all out at once without
  /// waiting: `exact` items measured now (and kept), those known already, and a
  /// guess for the rest from a width that knows them (``CardHeights/estimate``).
  /// A worker then measures them all (``CardSnapshot``).
  func layoutHeights(width: Int, exact: some Sequence<Int>) -> [UInt16] {
    for item in exact where item < count { _ = cardHeight(at: item, width: width) }
    let cards = cardSnapshot
    return heights.estimate(count: count, width: width) { cards.height(of: $0, width: width) }
  }

  /// What a worker needs to measure and group cards: see ``CardSnapshot``.
  public var cardSnapshot: CardSnapshot {
    CardSnapshot(
      cards: packedCards, measured: measuredSizes, groupsByField: !roles.group.isEmpty,
      pageSections: pages.map(\.section), sortLines: sortLines)
  }

  /// Takes heights measured elsewhere (``CardSnapshot``) for cards at
  /// `width`; heights known already stay.
  public func installHeights(_ measured: [UInt16], width: Int) {
    heights.install(measured, width: width)
  }

  /// The heights known at `width`, by item (0: not known yet), if any are.
  func knownHeights(width: Int) -> [UInt16]? {
    heights.table(width: width)
  }

  /// How many cards' heights at `width` are known (tests, the benchmark).
  public func knownHeightCount(width: Int) -> Int {
    heights.knownCount(width: width)
  }

  /// The picture item `index` names without giving its size, while no size is
  /// known for it: what ``PictureSizer`` reads the header of.
  public func pictureWithoutSize(at index: Int) -> String? {
    let summary = records[index].summary
    // A card read from its text never names a picture without its size (``PackedCards``).
    guard summary != PackedCards.fromText, measuredSizes[index] == nil else { return nil }
    return summaries.withBytes(from: summary) { CardContent.packedImageWithoutAspect(in: $0) }
  }

  /// The items from `start` on that name a picture without its size
  /// (``pictureWithoutSize(at:)``), with that picture: the records read as one
  /// value, not the store's property an item (an exclusivity check each: 8 %
  /// of the main thread's time in a million-item load whose cards are read
  /// from their text and name none).
  func picturesWithoutSize(from start: Int) -> [(item: Int, picture: String)] {
    let records = records
    var found: [(item: Int, picture: String)] = []
    for item in start..<records.count where records[item].summary != PackedCards.fromText {
      if let picture = pictureWithoutSize(at: item) { found.append((item, picture)) }
    }
    return found
  }

  /// Gives item `index`'s picture the size its header says: its card takes the
  /// height of a card with that picture.
  public func setPictureSize(_ aspect: CardContent.Aspect, at index: Int) {
    measuredSizes[index] = aspect
    heights.forget(index)
  }

  /// Whether item `index`'s bytes in its file are no longer the ones read: a
  /// different length or checksum (``ItemChecksum``), the file cut short, or
  /// gone. Items kept in memory, standard input (its spool) and database rows never change
  /// under the store.
  ///
  /// ```swift
  /// store.changedSinceRead(0)   // false; true once the file was rewritten
  /// ```
  public func changedSinceRead(_ index: Int) -> Bool {
    let record = records[index]
    let page = pages[Int(record.page)]
    if case .sqlite = page.shape { return false }
    guard case .file(let file) = page.storage else { return false }
    let bytes = file.bytes(at: record.offset, count: Int(record.length))
    return bytes.count != Int(record.length) || ItemChecksum(bytes).value != checksums[index]
  }

  /// Item `index`'s JSON text, exactly as it was in the source; a map's member
  /// as the object `{"key": value}`, a CSV record or a SQLite row as the object
  /// of its columns (``ItemTextShape``).
  public func json(at index: Int) -> [UInt8] {
    ItemTexts.json(of: records[index], pages: pages, texts: texts)
  }

  /// What `--print` writes for item `index`: its JSON text as it was (bytes that
  /// are not UTF-8 made U+FFFD, so that it is always JSON), or, for a picture of
  /// a folder of pictures, the picture's absolute path.
  ///
  /// ```swift
  /// store.printed(at: 0)   // {"title":"Mug",…}, or /home/me/Pictures/mug.png
  /// ```
  public func printed(at index: Int) -> [UInt8] {
    Self.printed(json: json(at: index), printsPath: printsPath(index))
  }

  /// Whether item `index` prints as its picture's path (a picture of a folder
  /// of pictures), not as its JSON.
  public func printsPath(_ index: Int) -> Bool {
    pages[Int(records[index].page)].isPictures
  }

  /// What `--print` and `--filter` write for an item whose JSON text is
  /// `json`: the text with bytes that are not UTF-8 made U+FFFD (so it is
  /// always JSON), or with `printsPath` (a picture of a folder of pictures)
  /// its `path` field.
  static func printed(json: [UInt8], printsPath: Bool) -> [UInt8] {
    guard printsPath, let path = (try? JSONParser.parse(json))?["path"]?.text else { return JSONValue.repairingUTF8(json) }
    return Array(path.utf8)
  }

  /// Item `index` parsed again from its text: every field, in order.
  public func value(at index: Int) -> JSONValue {
    (try? JSONParser.parse(json(at: index))) ?? .null
  }

  /// The identifying field of item `index` (see ``FieldRoles/id``), if it has one.
  public func id(at index: Int) -> String? {
    withPacked(index) { bytes in
      var position = CardContent.packedLength(in: bytes)
      return CardContent.readText(bytes, at: &position)
    }
  }

  /// The item nearest to item `start` whose identifying field is `id` (the
  /// later of two as near), looked for outwards from `start`: a reload finds
  /// most items where they were. Nil: none has it.
  ///
  /// ```swift
  /// store.item(withID: "sku-42", near: 41)   // 41, when it is still there
  /// ```
  public func item(withID id: String, near start: Int) -> Int? {
    let start = min(max(0, start), max(0, count - 1))
    for distance in 0..<max(1, count) {
      let after = start + distance
      let before = start - distance
      if after >= count, before < 0 { break }
      if after < count, self.id(at: after) == id { return after }
      if distance > 0, before >= 0, self.id(at: before) == id { return before }
    }
    return nil
  }

  /// The value of item `index`'s grouping field (see ``FieldRoles/group``), if it
  /// has one; without a grouping field, its page's section (a folder tree's folder).
  public func group(at index: Int) -> String? {
    let record = records[index]
    if roles.group.isEmpty { return pages[Int(record.page)].section }
    return withPacked(index) { bytes in
      var position = CardContent.packedLength(in: bytes)
      _ = CardContent.readText(bytes, at: &position)
      return CardContent.readText(bytes, at: &position)
    }
  }

  /// The path of the page item `index` came from.
  public func path(at index: Int) -> String {
    pages[Int(records[index].page)].path
  }

  /// The folder item `index`'s picture is named from, when its page has one of
  /// its own (a folder tree's); nil: the data's folder.
  public func pictureFolder(at index: Int) -> String? {
    pages[Int(records[index].page)].folder
  }
}
