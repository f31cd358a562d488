/// How an ``HTTPClient`` makes requests: what curl users set with `-H`, `--netrc`,
/// `-k`, and the limits that keep a bad server from holding the program.
///
/// ```swift
/// var configuration = HTTPClientConfiguration()
/// configuration.headers = [try HTTPHeader(parsing: "Authorization: Bearer abc")]
/// configuration.idleTimeoutSeconds = 10
/// let client = try HTTPClient(configuration: configuration)
/// ```
public struct HTTPClientConfiguration: Hashable, Sendable {
  /// `waterfall/VERSION`.
  public var userAgent = WaterfallVersion.userAgent
  /// Sent with every request (`-H 'Name: value'`).
  public var headers: [HTTPHeader] = []
  /// The most time a connection may take to open, TLS included.
  public var connectTimeoutMilliseconds = 15_000
  /// A transfer that receives nothing for this long ends (libcurl's low-speed
  /// limit of 1 byte a second); 0: never. A body a reader has paused does not count.
  public var idleTimeoutSeconds = 30
  /// The most body bytes a response may have, unless its request says otherwise:
  /// past it the transfer is stopped in the write callback.
  public var byteBudget = 1 << 30
  /// Redirects followed, only to http and https.
  public var maximumRedirects = 10
  /// The most connections to one host at once (browsers use 6).
  public var connectionsPerHost = 6
  /// Read `~/.netrc` (or ``netrcFile``) for logins (`--netrc`).
  public var usesNetrc = false
  public var netrcFile: String?
  /// Skip the TLS certificate check (`curl -k`, `--insecure`).
  public var insecure = false
  /// A proxy URL; nil: the environment's (`http_proxy`, `https_proxy`, `no_proxy`),
  /// as curl does; "": none.
  public var proxy: String?

  public init() {}
}
