/// What the workers hand the main thread: search matches, a finished sort,
/// heights measured ahead, a layout. The run loop takes them in before each
/// frame (``takeBackgroundWork(searchLimit:)``).
extension Browser {
  /// Whether a worker is busy on something the screen will show, or finished
  /// something not yet taken in.
  public var hasBackgroundWork: Bool {
    isSearching || pendingSort != nil || isLayingOut || hasBackgroundResults
  }

  /// Whether something a worker finished waits to be taken in.
  public var hasBackgroundResults: Bool {
    searchHasResults || sortHasResult || prefetchHasResults || layoutWorker.hasResult
  }

  /// How soon the status bar's progress should be drawn again, in
  /// milliseconds, while a worker lays the cards out; nil: nothing to show.
  public var progressInterval: Int? { isLayingOut ? 100 : nil }

  /// Takes in what the workers finished (at most `searchLimit` matches);
  /// returns whether anything changed.
  @discardableResult
  public func takeBackgroundWork(searchLimit: Int = 2_000) -> Bool {
    var changed = takeSearchResults(limit: searchLimit)
    changed = takeSortResult() || changed
    changed = takePrefetchedHeights() > 0 || changed
    changed = takeLayoutResult() || changed
    return changed
  }
}
