import WaterfallWorkers

/// Loads items from an ``ItemSource`` into an ``ItemStore``, page by page, on the
/// calling thread: what `waterfall render`, `waterfall layout` and the tests use.
/// The browser loads the same way on a worker of its own (``LoadController``).
///
/// A file or standard input is one page. A folder of pages is loaded one page at
/// a time: ``loadNextPage()`` adds the next, and the source says after each
/// whether more follow.
///
/// ```swift
/// let loader = Loader(source: try SourceResolver.resolve("Data/shops"), store: store)
/// try loader.loadNextPage()   // 1.json
/// loader.hasMorePages         // true: 2.json and 3.json wait
/// ```
public final class Loader {
  public let source: any ItemSource
  public let store: ItemStore
  /// JSON Lines lines skipped so far, in the order met (the first 20 listed).
  public private(set) var skipped = SkippedLines()
  /// Where in a JSON document each page's items were found, when it was chosen.
  public private(set) var notes: [String] = []
  public let options: ReadOptions
  /// The sections the source holds, read or not (a folder tree's folders).
  public private(set) var sectionsFound = 0
  /// How many pages have been loaded.
  public private(set) var pagesLoaded = 0
  /// Whether pages wait to be loaded (until the first is read, there is one).
  public private(set) var hasMorePages = true
  private let cursor: any PageCursor

  public init(source: any ItemSource, store: ItemStore, options: ReadOptions = ReadOptions()) {
    self.source = source
    self.store = store
    self.options = options
    var settings = LoadController.settings(for: store, options: options)
    // `render` and `layout` read a JSON Lines file's ranges on both cores too.
    settings.parallelism = .helpers(.normal)
    cursor = source.open(settings)
  }

  /// Loads the next page into the store. A syntax error stops that page: the
  /// items before the error are kept, and the error is thrown.
  public func loadNextPage() throws(LoadError) {
    guard hasMorePages else { return }
    pagesLoaded += 1
    let end = cursor.readNextPage(into: Sink(loader: self))
    hasMorePages = end.hasMore
    if let found = end.sectionsFound { sectionsFound = found }
    if let error = end.error { throw error }
  }

  /// Gives every item loaded so far that names a picture without its size the
  /// size the picture's header says, on this thread (the browser does it on a
  /// worker of its own, ``PictureSizer``).
  public func measurePictureSizes() {
    PictureSizer.measureAll(in: store, baseDirectory: source.sourceDescription.baseDirectory)
  }

  /// Loads every page left.
  public func loadAll() throws(LoadError) {
    while hasMorePages { try loadNextPage() }
  }

  /// What a page read here tells the store.
  private final class Sink: PageSink {
    let loader: Loader
    /// The store's number for the page being read.
    private var page = 0

    init(loader: Loader) {
      self.loader = loader
    }

    func shouldStop() -> Bool { false }

    func opened(_ opened: OpenedPage) {
      page = loader.store.add(opened.file, section: opened.section, folder: opened.folder, isPictures: opened.isPictures)
    }

    func described(_ shape: ItemTextShape, note: String?) {
      loader.store.setShape(shape, ofPage: page)
      if let note { loader.notes.append("\(loader.source.sourceDescription.name): \(note)") }
    }

    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
      loader.store.append(items, toPage: page)
      loader.skipped.append(contentsOf: skipped)
    }

    func progress(_ text: String) {}
  }
}
