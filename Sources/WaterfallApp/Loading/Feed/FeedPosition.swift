/// Where a reading of a feed stands between two pages: the page to fetch next
/// (nil: the data has ended), how many pages were read, and whether the reading
/// can be taken up again by the next one (``FeedSession``).
///
/// A page that failed before any of its items (a 500, a refused connection)
/// stays the next page, so that `r` retries it; one that failed after some of
/// its items were shown, or was given up half read, cannot be taken up again
/// (its items would come twice), and the next reading reads every page again.
///
/// ```swift
/// var position = FeedPosition(next: FeedPage(url: url, number: 1))
/// position.pageEnded(next: FeedPage(url: url2, number: 2))   // pagesRead 1
/// ```
struct FeedPosition: Hashable, Sendable {
  /// The page to fetch next; nil at the end of the data.
  var next: FeedPage?
  /// Pages read whole.
  var pagesRead = 0
  /// Whether ``next`` failed the last time it was fetched (the reading stopped there).
  var failed = false
  /// Whether a page is being read, or was given up or failed half read: the
  /// reading cannot be taken up again.
  var broken = false

  /// Whether a later reading may go on from here instead of reading every page
  /// again, when the first page has not changed.
  var canBeTakenUp: Bool { pagesRead > 0 && !broken }

  /// Whether pages follow (a failed page is retried only by `r`).
  var hasMore: Bool { next != nil && !failed && !broken }
}
