/// Chooses the source a command-line argument names: the one place that knows
/// every kind of ``ItemSource``. A new kind of source is a new type and a line
/// here.
///
/// - `-` is standard input.
/// - `postgresql://…` and `postgres://…` name a PostgreSQL server: its table
///   (`table`), a query's rows (`query`), or with neither its catalogue of
///   tables and views (``PostgresSource``).
/// - An `http://` or `https://` URL is a feed (``HTTPFeedSource``), fetched as
///   `feed` says.
/// - A file is read by its content: a SQLite database (told by its first bytes,
///   or `--format sqlite`) by `table` or `query`, or its one table; anything
///   else as a page (JSON, JSON Lines, CSV, TSV).
/// - A folder holds pages, or else pictures (``FolderSource``); with
///   `recursive`, it is a tree whose folders of pages and pictures are all read,
///   each a section (``FolderTreeSource``). What it holds is listed later, on the
///   loader's thread.
///
/// ```swift
/// let source = try SourceResolver.resolve("Data/notes.jsonl")   // a FileSource
/// let rows = try SourceResolver.resolve("shop.db", query: "SELECT * FROM items WHERE price < 10")
/// ```
public enum SourceResolver {
  public static func resolve(
    _ argument: String, recursive: Bool = false, format: DataFormat? = nil, table: String? = nil, query: String? = nil,
    feed: FeedSettings = FeedSettings()
  ) throws(LoadError) -> any ItemSource {
    if HTTPFeedSource.isFeed(argument) { return try HTTPFeedSource.resolve(argument, settings: feed, format: format, table: table, query: query) }
    if argument == "-" {
      guard table == nil, query == nil else {
        throw LoadError.unreadable(path: "stdin", reason: "--table and --sql read a SQLite database file, not standard input")
      }
      return StandardInputSource()
    }
    if PostgresTarget.isURI(argument) { return try PostgresSource.resolve(PostgresTarget(argument), table: table, query: query) }
    guard FileSystem.exists(argument) else { throw LoadError.unreadable(path: argument, reason: "No such file or directory") }
    guard FileSystem.isDirectory(argument) else {
      let file: PageFile
      do { file = try PageFile(path: argument) } catch { throw LoadError.unreadable(path: argument, reason: error.reason) }
      let head = file.bytes(at: 0, count: 16)
      if format == .sqlite || format == nil && ContentSniffer.isSQLite(head) {
        return try SQLiteSource.resolve(argument, table: table, query: query)
      }
      if table != nil || query != nil {
        throw LoadError.unreadable(path: argument, reason: "not a SQLite database: --table and --sql read one")
      }
      return FileSource(path: argument)
    }
    return recursive ? FolderTreeSource(path: argument) : FolderSource(path: argument)
  }
}
