import WaterfallNetwork

/// A feed over HTTP or HTTPS (`waterfall https://api.example.com/items`): JSON
/// of any shape, JSON Lines, value streams or CSV, read as the body arrives, page
/// after page as the user nears the end of the cards.
///
/// Each page's body is spooled to an unlinked temporary file as it is read
/// (``PageFile/init(generated:directory:)``), so the details, `--print` and a
/// reload read items again from there, as standard input's are. Its pictures are
/// named from the page's URL (a relative `img` resolves against it). Where the
/// next page is comes from ``FeedSettings/paging``; the requests are made as
/// ``FeedSettings`` says, the `-H` headers going to the feed's origin only.
///
/// A reload (`r`, pull to refresh) asks for the first page with the validators
/// it came with (`If-None-Match`, `If-Modified-Since`): a 304 keeps the cards and
/// the reading goes on from where it was (``PageEnd/resumed``); a 200 reads the
/// pages again. The readings share a ``FeedSession``.
///
/// ```swift
/// let source = try SourceResolver.resolve("http://127.0.0.1:8000/pages/link/1", feed: settings)
/// source.sourceDescription.revalidates   // true
/// let cursor = source.open(readSettings)
/// cursor.readNextPage(into: sink)        // page 1; hasMore: the Link header names page 2
/// ```
public struct HTTPFeedSource: ItemSource {
  /// The feed's URL, as given (credentials in it are sent, never shown).
  public let url: String
  public let settings: FeedSettings
  let session: FeedSession

  /// The feed at `url`, fetched as `settings` say; nothing is fetched until a
  /// reading's first page is asked for.
  public init(url: String, settings: FeedSettings = FeedSettings()) {
    self.url = url
    self.settings = settings
    var client = settings.client
    // The user's headers go per request, to the feed's origin only.
    client.headers = []
    session = FeedSession(configuration: client)
  }

  /// Whether `argument` names a feed: an `http://` or `https://` URL.
  public static func isFeed(_ argument: String) -> Bool {
    let start = argument.prefix(8).lowercased()
    return start.hasPrefix("http://") || start.hasPrefix("https://")
  }

  /// The feed `argument` names, or why it cannot be read as one.
  static func resolve(
    _ argument: String, settings: FeedSettings, format: DataFormat?, table: String?, query: String?
  ) throws(LoadError) -> HTTPFeedSource {
    let name = Redaction.url(argument)
    if table != nil || query != nil {
      throw LoadError.unreadable(path: name, reason: "--table and --sql read a SQLite database file, not a URL")
    }
    if format == .sqlite { throw LoadError.unreadable(path: name, reason: "a SQLite database is read from a file, not a URL") }
    guard URLOrigin(argument) != nil else { throw LoadError.unreadable(path: name, reason: "not a URL (http://host/path)") }
    return HTTPFeedSource(url: argument, settings: settings)
  }

  public var sourceDescription: SourceDescription {
    // Not "slow to start": the screen waits for the first page as for a file's
    // (a second at most), so a feed that fails at once exits with its message.
    var description = SourceDescription(name: Redaction.url(url), baseDirectory: url)
    description.revalidates = true
    return description
  }

  public func open(_ settings: ReadSettings) -> any PageCursor {
    FeedCursor(feed: self, settings: settings)
  }

  /// The headers a request for `target` carries: the `-H` headers on the feed's
  /// origin, none elsewhere.
  func headers(for target: String) -> [HTTPHeader] {
    OriginHeaders(url: url, headers: settings.headers)?.headers(for: target) ?? []
  }

  /// `options` for pictures by URL as data from this feed has them: fetched,
  /// with the feed's timeouts, `--insecure` and user agent, and its `-H` headers
  /// for pictures on the feed's own origin only.
  ///
  /// ```swift
  /// options.remotePictures = feed.pictureOptions(options.remotePictures)
  /// ```
  public func pictureOptions(_ options: RemotePictureOptions) -> RemotePictureOptions {
    var options = options
    options.fetches = true
    let connections = options.client.connectionsPerHost
    options.client = session.configuration
    options.client.connectionsPerHost = connections
    options.originHeaders = settings.headers.isEmpty ? nil : OriginHeaders(url: url, headers: settings.headers)
    return options
  }
}
