/// Loads items from a ``DataOrigin`` into an ``ItemStore``, page by page, on the
/// calling thread: what `waterfall render`, `waterfall layout` and the tests use.
/// The browser loads the same way on a thread of its own (``BackgroundLoader``).
///
/// A file or standard input is one page. A directory is loaded one page at a
/// time: ``loadNextPage()`` adds the next.
///
/// ```swift
/// let loader = Loader(source: try DataOrigin.resolve("Data/shops"), store: store)
/// try loader.loadNextPage()   // 1.json
/// loader.hasMorePages         // true: 2.json and 3.json wait
/// ```
public final class Loader {
  public let source: DataOrigin
  public let store: ItemStore
  /// JSON Lines lines skipped so far, in the order met (the first 20 listed).
  public private(set) var skipped = SkippedLines()
  /// Where in a JSON document each page's items were found, when it was chosen.
  public private(set) var notes: [String] = []
  public let options: ReadOptions
  /// How many pages have been loaded.
  public private(set) var pagesLoaded = 0

  public init(source: DataOrigin, store: ItemStore, options: ReadOptions = ReadOptions()) {
    self.source = source
    self.store = store
    self.options = options
  }

  public var pageCount: Int { source.pageCount }

  public var hasMorePages: Bool { pagesLoaded < pageCount }

  /// Loads the next page into the store. A syntax error in an array stops that
  /// page: the items before the error are kept, and the error is thrown.
  public func loadNextPage() throws(LoadError) {
    guard hasMorePages else { return }
    let index = pagesLoaded
    pagesLoaded += 1
    var page = 0
    let error = source.load(
      page: index, scanner: ItemScanner(roles: store.roles), options: options,
      opened: { file in page = store.add(
        file, section: source.pageSection(index), folder: source.treeFolder(index), isPictures: source.isPicturePage(index)) },
      described: { shape, note in
        store.setShape(shape, ofPage: page)
        if let note { self.notes.append("\(self.source.name): \(note)") }
      },
      deliver: { items, skipped, _ in
        store.append(items, toPage: page)
        self.skipped.append(contentsOf: skipped)
      })
    if let error { throw error }
  }

  /// Gives every item loaded so far that names a picture without its size the
  /// size the picture's header says, on this thread (the browser does it on a
  /// queue of its own, ``PictureSizer``).
  public func measurePictureSizes() {
    PictureSizer.measureAll(in: store, baseDirectory: source.baseDirectory)
  }

  /// Loads every page left.
  public func loadAll() throws(LoadError) {
    while hasMorePages { try loadNextPage() }
  }
}
