/// Headers that go to one origin only (``URLOrigin``): a feed's `-H` headers,
/// which often carry a token, sent with the feed's pages and the pictures its own
/// host serves, and with nothing else.
///
/// The client keeps the promise across redirects too: it follows them itself,
/// and a request redirected to another origin goes on without the headers the
/// user gave (``HTTPClient``).
///
/// ```swift
/// let scoped = OriginHeaders(url: "https://api.example.com/items", headers: [token])!
/// scoped.headers(for: "https://api.example.com/img/1.png")   // [token]
/// scoped.headers(for: "https://cdn.example.com/1.png")       // []
/// ```
public struct OriginHeaders: Hashable, Sendable {
  /// The one origin the headers go to.
  public var origin: URLOrigin
  public var headers: [HTTPHeader]

  public init(origin: URLOrigin, headers: [HTTPHeader]) {
    self.origin = origin
    self.headers = headers
  }

  /// The headers for `url`'s origin; nil when `url` is not http or https.
  public init?(url: String, headers: [HTTPHeader]) {
    guard let origin = URLOrigin(url) else { return nil }
    self.init(origin: origin, headers: headers)
  }

  /// The headers to send with a request for `url`: all of them on the origin,
  /// none elsewhere.
  public func headers(for url: String) -> [HTTPHeader] {
    URLOrigin(url) == origin ? headers : []
  }
}
