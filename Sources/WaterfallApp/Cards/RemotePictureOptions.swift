import WaterfallNetwork

/// Whether pictures named by URL (`http:`, `https:`) are fetched, and how.
///
/// A picture URL is a way to tell a server that a file was opened, so data read
/// from a local file fetches nothing unless asked (`--fetch-pictures`); data that
/// itself came over HTTP turns ``fetches`` on.
///
/// ```swift
/// var options = Browser.Options()
/// options.remotePictures.fetches = true            // --fetch-pictures
/// options.remotePictures.cacheBytes = 1 << 30       // --cache-size 1G
/// ```
public struct RemotePictureOptions: Hashable, Sendable {
  /// Fetch them at all.
  public var fetches = false
  /// The most bytes the disk cache keeps (`--cache-size`).
  public var cacheBytes = PictureCache.defaultCapacity
  /// The cache's folder; nil: `$XDG_CACHE_HOME/waterfall/pictures` (else
  /// `~/.cache/waterfall/pictures`).
  public var cacheDirectory: String?
  /// The most bytes one picture may have.
  public var byteBudget = 32 << 20
  /// How requests are made (headers, `--insecure`, timeouts): the feed's, when
  /// the data came over HTTP.
  public var client = HTTPClientConfiguration()
  /// Headers for pictures on one origin only: a feed's `-H` headers, sent with
  /// the pictures its own host serves and never to another host.
  public var originHeaders: OriginHeaders?

  public init() {}
}
