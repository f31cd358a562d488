/// A response's status line and headers, known before its body: the final
/// response, after any redirects.
///
/// ```swift
/// let head = response.head
/// head.status          // 200
/// head.etag            // "\"v7\""
/// head.links.first { $0.relations.contains("next") }?.target   // the next page's URL
/// ```
public struct HTTPResponseHead: Hashable, Sendable {
  public var status: Int
  /// The reason phrase (`OK`, `Not Found`), empty for HTTP/2.
  public var reason: String
  public var headers: HTTPHeaders
  /// The URL the response came from, after redirects (relative links resolve
  /// against it).
  public var url: String

  public init(status: Int, reason: String = "", headers: HTTPHeaders = HTTPHeaders(), url: String) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.url = url
  }

  public var isSuccess: Bool { (200..<300).contains(status) }
  /// A 304: the copy kept by the one who asked with validators is current.
  public var isNotModified: Bool { status == 304 }

  public var etag: String? { headers["ETag"] }
  public var lastModified: String? { headers["Last-Modified"] }
  public var contentType: String? { headers["Content-Type"] }
  /// `Content-Length`, when it is a number.
  public var contentLength: Int? { headers["Content-Length"].flatMap { Int($0.trimmingHTTPSpaces()) } }

  /// Every `Link` header's links (RFC 8288), their targets resolved against ``url``.
  public var links: [LinkHeader.Link] {
    headers.values(for: "Link").flatMap { LinkHeader.parse($0, base: url) }
  }

  /// The target of the first link whose relations include `relation` (`next`).
  public func link(_ relation: String) -> String? {
    let lowered = relation.lowercased()
    return links.first { $0.relations.contains(lowered) }?.target
  }

  /// The status in words: `HTTP 404 Not Found`.
  public var statusText: String { reason.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(reason)" }
}
