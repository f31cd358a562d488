#if canImport(Glibc)
  import Glibc
#endif

/// Loads items from a ``DataSource`` into an ``ItemStore``, page by page.
///
/// A file or standard input is one page. A directory is loaded one page at a
/// time: ``loadNextPage()`` adds the next, which is how the browser loads more as
/// the user nears the end.
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

  /// The number of pages the source has.
  public var pageCount: Int {
    if case .directory(_, let pages) = source { return pages.count }
    return 1
  }

  public var hasMorePages: Bool { pagesLoaded < pageCount }

  /// Loads the next page into the store. A syntax error in an array stops that
  /// page: the items before the error are kept, and the error is thrown.
  public func loadNextPage() throws(LoadError) {
    guard hasMorePages else { return }
    let path: String
    let bytes: [UInt8]
    do {
      switch source {
      case .file(let file):
        path = file
        bytes = try FileSystem.readAll(file)
      case .directory(_, let pages):
        path = pages[pagesLoaded]
        bytes = try FileSystem.readAll(path)
      case .standardInput:
        path = "stdin"
        bytes = try FileSystem.readAll(fd: 0, path: path)
      }
    } catch {
      pagesLoaded += 1
      throw LoadError.unreadable(path: error.path, reason: error.reason)
    }
    pagesLoaded += 1
    let page = PageParser.parse(bytes, path: path)
    for item in page.items { store.append(json: item.json, value: item.value) }
    skipped += page.skipped
    if let error = page.error { throw error }
  }

  /// Loads every page left.
  public func loadAll() throws(LoadError) {
    while hasMorePages { try loadNextPage() }
  }
}
