/// A GET request: a URL, extra headers, validators for a conditional request, and
/// the most body bytes taken.
///
/// ```swift
/// var request = HTTPRequest(url: "https://api.example.com/items?page=2")
/// request.ifNoneMatch = "\"v1\""          // a 304 if it has not changed
/// request.byteBudget = 32 << 20           // a picture: at most 32 MiB
/// let response = try client.open(request)
/// ```
public struct HTTPRequest: Hashable, Sendable {
  public var url: String
  /// Sent after the client's own headers (``HTTPClientConfiguration/headers``).
  public var headers: [HTTPHeader] = []
  /// `If-None-Match`: the ETag of the copy kept.
  public var ifNoneMatch: String?
  /// `If-Modified-Since`: the `Last-Modified` of the copy kept, as it came.
  public var ifModifiedSince: String?
  /// The most body bytes taken (decompressed); nil: the client's
  /// ``HTTPClientConfiguration/byteBudget``.
  public var byteBudget: Int?

  public init(url: String, headers: [HTTPHeader] = [], byteBudget: Int? = nil) {
    self.url = url
    self.headers = headers
    self.byteBudget = byteBudget
  }

  /// Whether the request asks for a 304 when the copy kept is current.
  public var isConditional: Bool { ifNoneMatch != nil || ifModifiedSince != nil }
}
