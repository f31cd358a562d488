import WaterfallNetwork

/// How a feed is fetched: the requests (what curl users set with `-H`,
/// `--netrc`, `-k`, `-A` and the timeouts) and how its pages follow each other.
///
/// The headers go to the feed's own origin only (scheme, host and port of its
/// URL, ``OriginHeaders``): its pages and the pictures its host serves, never a
/// next page or a picture on another host, nor a redirect to one. The client's
/// own ``HTTPClientConfiguration/headers`` stay empty for that reason.
///
/// ```swift
/// var settings = FeedSettings()
/// settings.headers = [try HTTPHeader(parsing: "Authorization: Bearer abc")]
/// settings.paging = .pageNumber(parameter: "page")
/// settings.client.insecure = true
/// let source = try SourceResolver.resolve("https://api.example.com/items", feed: settings)
/// ```
public struct FeedSettings: Hashable, Sendable {
  /// Timeouts, `--netrc`, `--insecure`, the user agent, the byte budget of a page.
  public var client = HTTPClientConfiguration()
  /// `-H 'Name: value'`: sent to the feed's origin only.
  public var headers: [HTTPHeader] = []
  /// Where the next page is named.
  public var paging = FeedPaging.link

  public init() {}
}
