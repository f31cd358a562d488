/// How a page ended: the error that stopped it, if one did (the items before
/// it are kept), and whether more pages follow.
///
/// ```swift
/// PageEnd(hasMore: false)                                            // the last page, read whole
/// PageEnd(error: .noPages(path: "empty/"), hasMore: false)          // nothing to read
/// PageEnd(hasMore: true, estimatedItems: 10_000_000)                // a server's table, a page read
/// ```
public struct PageEnd: Sendable, Equatable {
  public var error: LoadError?
  public var hasMore: Bool
  /// The sections the source knows of so far, read or not (a folder tree's
  /// folders): the status bar counts every group found; nil: none apart.
  public var sectionsFound: Int?
  /// How many items the source holds in all, as it estimates them without
  /// counting (a database's catalogue or planner); nil: it cannot say.
  public var estimatedItems: Int?
  /// Whether `error` stopped the reading before the data's end (a server that
  /// went away, a query cancelled): loading shows it stopped (``LoadState/stopped(_:)``)
  /// until `r` reads again, rather than at its end.
  public var stoppedEarly = false
  /// The reading took up where the one before it stopped instead of starting
  /// again: its first page had not changed (a feed's 304), or could not be
  /// fetched to tell (then ``error`` says why). Nothing was read; the cards
  /// shown stay, and the next page is the one the reading before would have read.
  public var resumed = false

  /// For a source paged by keys, where the page stands in the order: the
  /// edges of the window read (``WindowStart``).
  public var keyset: PageKeyset?

  public init(error: LoadError? = nil, hasMore: Bool, sectionsFound: Int? = nil, estimatedItems: Int? = nil) {
    self.error = error
    self.hasMore = hasMore
    self.sectionsFound = sectionsFound
    self.estimatedItems = estimatedItems
  }
}
