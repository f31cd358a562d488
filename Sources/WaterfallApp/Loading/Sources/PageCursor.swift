/// One reading of an ``ItemSource``, page after page, on the thread that loads
/// (the loader's worker, or the caller's for ``Loader``): never two pages at once.
///
/// ```swift
/// let cursor = source.open(settings)
/// var end = PageEnd(hasMore: true)
/// while end.hasMore, !stopped { end = cursor.readNextPage(into: sink) }
/// ```
public protocol PageCursor: AnyObject, Sendable {
  /// Reads the next page, telling `sink` what it finds as it goes; returns how
  /// the page ended and whether pages follow. Past the last page it reads
  /// nothing and says none follow.
  func readNextPage(into sink: any PageSink) -> PageEnd

  /// Makes a read under way return soon: called from another thread when the
  /// reading is no longer wanted (a reload, the program ending). A source that
  /// waits on a network or a server interrupts the wait; one that reads files
  /// needs nothing, as ``PageSink/shouldStop()`` is asked before each chunk.
  func cancel()

  /// The reading is ahead of the user, who is not near its end: a source that
  /// holds something open between pages (a server's transaction and cursor)
  /// lets it go, and its next page opens it again where it left off. On the
  /// loading thread, between pages.
  func rest()

  /// The program is ending: stop, and leave nothing running elsewhere (a
  /// statement a server runs for this reading is cancelled before this
  /// returns, as the server would otherwise run it to its end). From any
  /// thread; may wait as long as telling a server takes.
  func end()
}

extension PageCursor {
  public func cancel() {}

  public func rest() {}

  public func end() { cancel() }
}
