/// Where items come from: a file in any format, a folder of pages or of
/// pictures, a folder tree, standard input, a SQLite table or query. (Not to be
/// confused with `CardDataSource`, the collection view's data source.)
///
/// A source is a value that says what it is (``sourceDescription``) and opens
/// readings of itself (``open(_:)``): a ``PageCursor`` reads page after page on
/// the loader's thread, handing each page's items to a ``PageSink`` as chunks
/// complete them, and says after each page whether more follow. A reload opens
/// a new reading; the browser's ``LoadController``, the synchronous ``Loader``
/// (`render`, `layout`, the tests) and the background loader all read sources
/// this way and no other, so adding a source is adding a type that conforms
/// (and a line in ``SourceResolver`` that chooses it).
///
/// The shape fits sources whose pages come from elsewhere: a network stream
/// reads its body as standard input's is read (spooled, ``PageFile``), its next
/// page named by the last; a server cursor hands over rows a page at a time
/// (kept in memory, as a SQLite query's are) and ends when the cursor does.
/// ``PageCursor/cancel()`` interrupts a read that waits. A source that can
/// filter or sort where the data lives says so through ``refined(by:)``.
///
/// ```swift
/// let source = try SourceResolver.resolve("Data/shops")
/// source.sourceDescription.name       // "Data/shops"
/// let cursor = source.open(ReadSettings(scanner: ItemScanner(roles: FieldRoles())))
/// let end = cursor.readNextPage(into: sink)   // 1.json
/// end.hasMore                                 // true: 2.json and 3.json wait
/// ```
public protocol ItemSource: Sendable {
  /// What the source is: its name in messages, where pictures are named from,
  /// whether it can be read again.
  var sourceDescription: SourceDescription { get }

  /// A new reading of the source from its first page, read as `settings` say.
  /// Nothing is read (nor listed) until the cursor's first page is asked for.
  func open(_ settings: ReadSettings) -> any PageCursor

  /// What reads the bytes of a picture an item names inside the source (a BLOB
  /// of a database row, ``BlobPicture``), for the thumbnail loader; nil when
  /// pictures are files.
  var pictureBytes: (@Sendable (String) -> [UInt8]?)? { get }

  /// The extension point for sources that can filter or sort where the data
  /// lives (a database's `WHERE` and `ORDER BY`, a feed's query parameters): a
  /// source reading only the items `refinement` asks for, in its order, or nil
  /// when the browser is to search and sort what it loaded itself. Asked of a
  /// refined source, `refinement` replaces its refinement. A source that
  /// answers for one refinement answers for all (the browser asks once, with
  /// an empty one, whether to push its searches and sorts down):
  /// ``LoadController/refine(_:)`` re-opens it refined, and the browser's
  /// ``ShownPipeline`` leaves the search and the order to it.
  func refined(by refinement: SourceRefinement) -> (any ItemSource)?

  /// For a source paged by keys (a database table's rows), the same source
  /// read from elsewhere than its first row: its last page, the page before a
  /// row, the rows after one (``WindowStart``), each page's end saying where it
  /// stands (``PageEnd/keyset``); nil for every other source, read from the
  /// start only. ``LoadController/moveWindow(_:)`` re-opens it so.
  func starting(at start: WindowStart) -> (any ItemSource)?
}

extension ItemSource {
  public var pictureBytes: (@Sendable (String) -> [UInt8]?)? { nil }

  public func refined(by refinement: SourceRefinement) -> (any ItemSource)? { nil }

  public func starting(at start: WindowStart) -> (any ItemSource)? { nil }
}
