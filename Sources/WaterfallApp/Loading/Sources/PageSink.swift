/// Where a ``PageCursor`` hands what it finds in a page: the background
/// loader's worker (which posts it to the main thread), or the store itself
/// (``Loader``, on the caller's thread).
///
/// For each page: ``opened(_:)`` once, then ``described(_:note:)`` once the
/// format is known, and ``deliver(_:skipped:bytesRead:)`` for each chunk's items;
/// ``progress(_:)`` says what a long step before the items is doing.
///
/// ```swift
/// struct Printing: PageSink {
///   func shouldStop() -> Bool { false }
///   func opened(_ page: OpenedPage) {}
///   func described(_ shape: ItemTextShape, note: String?) {}
///   func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) { print(items.count) }
///   func progress(_ text: String) { print(text) }
/// }
/// ```
public protocol PageSink {
  /// Whether to stop reading (a newer reading, or the program ending); asked
  /// before each chunk. Reading may also wait here (the memory limit).
  func shouldStop() -> Bool
  /// The page is open: its items will follow.
  func opened(_ page: OpenedPage)
  /// How the page's items read as JSON, and where in a document they were found.
  func described(_ shape: ItemTextShape, note: String?)
  /// Items (and skipped lines) a chunk completed, and the page's bytes read so far.
  func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int)
  /// What a step before the first items is doing (`listing Data/pictures…`).
  func progress(_ text: String)
}
