import Synchronization

/// The reading of a source that is one page (a file, standard input, a database
/// table or query): the page once, then nothing.
///
/// ```swift
/// let cursor = OnePageCursor { sink in readTheFile(into: sink) }
/// cursor.readNextPage(into: sink)   // PageEnd(error: nil, hasMore: false)
/// cursor.readNextPage(into: sink)   // reads nothing
/// ```
final class OnePageCursor: PageCursor, Sendable {
  private let read: @Sendable (any PageSink) -> LoadError?
  private let done = Atomic<Bool>(false)

  /// A cursor whose one page `read` reads, returning the error that stopped it.
  init(_ read: @escaping @Sendable (any PageSink) -> LoadError?) {
    self.read = read
  }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    guard !done.exchange(true, ordering: .relaxed) else { return PageEnd(hasMore: false) }
    return PageEnd(error: read(sink), hasMore: false)
  }
}
