/// The items' JSON texts as they stood when taken from the store: what a worker
/// thread reads while the main thread goes on adding items.
///
/// Taking it copies nothing: the arrays it holds are shared with the store, copy
/// on write, so the store's next append copies its own (only its last arena block
/// and its record list), never what a worker is reading.
///
/// ```swift
/// let texts = store.texts(upTo: store.count)
/// DispatchQueue.global().async { texts.forEachJSON(of: 0..<texts.count) { item, json in … } }
/// ```
public struct ItemTexts: @unchecked Sendable {
  // @unchecked: the page files read with pread and the SQLite tables are safe from
  // any thread; everything else is an immutable copy.
  private let records: ItemRecords
  private let pages: [ItemStore.Page]
  private let texts: ByteArena
  /// The store's compact search texts, built by searches and kept (nil: none kept).
  let searchTexts: SearchTextCache?

  /// The number of items.
  public var count: Int { records.count }

  init(records: ItemRecords, pages: [ItemStore.Page], texts: ByteArena, searchTexts: SearchTextCache? = nil) {
    self.records = records
    self.pages = pages
    self.texts = texts
    self.searchTexts = searchTexts
  }

  /// Item `index`'s record: where its text lies.
  func record(_ index: Int) -> ItemStore.Record { records[index] }

  /// Item `index`'s JSON text, as ``ItemStore/json(at:)`` reads it.
  public func json(at index: Int) -> [UInt8] {
    Self.json(of: records[index], pages: pages, texts: texts)
  }

  /// Calls `body` with the JSON text of each of `items` in turn. Items of a file
  /// read near one another are read together (``forEachStored(of:_:)``).
  public func forEachJSON<Items: Collection<Int>>(of items: Items, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
    forEachStored(of: items) { item, stored, shape in
      if case .json = shape { return body(item, stored) }
      shape.json(from: Array(stored)).withUnsafeBufferPointer { body(item, $0) }
    }
  }

  /// Calls `body` with the bytes each of `items` has in its page, as they are
  /// stored (a CSV record, a map's member), and its page's shape. Items of a
  /// file read near one another are read together, up to 256 KiB at a time,
  /// rather than one `pread` each: a read goes on over the items that follow in
  /// the list while they lie just after one another in the file, so items far
  /// apart (a sorted order, a narrowed search) cost one small read each. A
  /// SQLite row is given as its JSON; bytes cut short by a file that shrank
  /// are given as they are.
  func forEachStored<Items: Collection<Int>>(
    of items: Items, _ body: (Int, UnsafeBufferPointer<UInt8>, ItemTextShape) -> Void
  ) {
    var window: [UInt8] = []
    var windowPage = -1
    var windowStart = 0
    // The page of the item before: looked up again only when an item's differs.
    var pageNumber = -1
    var page = pages.first
    var i = items.startIndex
    while i != items.endIndex {
      let item = items[i]
      i = items.index(after: i)
      let record = records[item]
      if Int(record.page) != pageNumber {
        pageNumber = Int(record.page)
        page = pages[pageNumber]
      }
      guard let page else { continue }
      guard case .file(let file) = page.storage else {
        Self.stored(of: record, pages: pages, texts: texts).withUnsafeBufferPointer { body(item, $0, page.shape) }
        continue
      }
      if case .sqlite = page.shape {
        Self.stored(of: record, pages: pages, texts: texts).withUnsafeBufferPointer { body(item, $0, page.shape) }
        continue
      }
      let length = Int(record.length)
      if Int(record.page) != windowPage || record.offset < windowStart || record.offset + length > windowStart + window.count {
        var end = record.offset + length
        var last = record.offset
        var j = i
        while j != items.endIndex {
          let next = records[items[j]]
          let nextEnd = next.offset + Int(next.length)
          guard next.page == record.page, next.offset >= last, next.offset <= end + Self.largestGap,
            nextEnd <= record.offset + Self.windowSize
          else { break }
          end = max(end, nextEnd)
          last = next.offset
          j = items.index(after: j)
        }
        window = file.bytes(at: record.offset, count: end - record.offset)
        windowPage = Int(record.page)
        windowStart = record.offset
        guard window.count >= length else {
          windowPage = -1
          window.withUnsafeBufferPointer { body(item, $0, page.shape) }
          continue
        }
      }
      window.withUnsafeBufferPointer { buffer in
        let start = record.offset - windowStart
        body(item, UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]), page.shape)
      }
    }
  }

  /// The most bytes between two items one read takes in, rather than reading again.
  static let largestGap = 4 << 10

  static let windowSize = 256 << 10

  /// The JSON text of the item `record` describes.
  static func json(of record: ItemStore.Record, pages: [ItemStore.Page], texts: ByteArena) -> [UInt8] {
    let page = pages[Int(record.page)]
    if case .sqlite = page.shape { return stored(of: record, pages: pages, texts: texts) }
    return page.shape.json(from: stored(of: record, pages: pages, texts: texts))
  }

  /// The bytes of the item `record` describes as its page holds them (cut
  /// short when its file shrank); a SQLite row's JSON, read again.
  static func stored(of record: ItemStore.Record, pages: [ItemStore.Page], texts: ByteArena) -> [UInt8] {
    let page = pages[Int(record.page)]
    if case .sqlite(let table) = page.shape { return table.json(rowid: record.offset) }
    switch page.storage {
    case .file(let file): return file.bytes(at: record.offset, count: Int(record.length))
    case .memory: return Array(texts.bytes(at: record.offset, count: Int(record.length)))
    }
  }
}

extension ItemStore {
  /// The texts of the items loaded so far, for reading on another thread.
  public var itemTexts: ItemTexts { ItemTexts(records: records, pages: pages, texts: texts, searchTexts: searchTexts) }
}
