/// Loads items from a ``DataSource`` into an ``ItemStore``, page by page, on the
/// calling thread: what `waterfall render`, `waterfall layout` and the tests use.
/// The browser loads the same way on a thread of its own (``BackgroundLoader``).
///
/// A file or standard input is one page. A directory is loaded one page at a
/// time: ``loadNextPage()`` adds the next.
///
/// ```swift
/// let loader = Loader(source: try DataSource.resolve("Data/shops"), store: store)
/// try loader.loadNextPage()   // 1.json
/// loader.hasMorePages         // true: 2.json and 3.json wait
/// ```
public final class Loader {
  public let source: DataSource
  public let store: ItemStore
  /// JSON Lines lines skipped so far, in the order met.
  public private(set) var skipped: [SkippedLine] = []
  /// How many pages have been loaded.
  public private(set) var pagesLoaded = 0

  public init(source: DataSource, store: ItemStore) {
    self.source = source
    self.store = store
  }

  public var pageCount: Int { source.pageCount }

  public var hasMorePages: Bool { pagesLoaded < pageCount }

  /// Loads the next page into the store. A syntax error in an array stops that
  /// page: the items before the error are kept, and the error is thrown.
  public func loadNextPage() throws(LoadError) {
    guard hasMorePages else { return }
    let load = PageLoad(path: source.pagePath(pagesLoaded), scanner: ItemScanner(roles: store.roles))
    pagesLoaded += 1
    var page = 0
    let error = load.run(
      opened: { file in page = store.add(file) },
      deliver: { items, skipped, _ in
        store.append(items, toPage: page)
        self.skipped += skipped
      })
    if let error { throw error }
  }

  /// Loads every page left.
  public func loadAll() throws(LoadError) {
    while hasMorePages { try loadNextPage() }
  }
}
