/// Where a URL points, as far as credentials are concerned: its scheme, host and
/// port (RFC 6454's origin). Headers the user gave for a feed (`-H`) are sent to
/// its origin only: not to a picture on another host, not after a redirect to
/// another host, not to a next page another host serves.
///
/// The host is compared without case and without a user and password; a port
/// left out is the scheme's (80 for http, 443 for https), so
/// `https://api.example.com/` and `https://API.example.com:443/x` are one origin,
/// and `http://127.0.0.1:8001` and `http://127.0.0.1:8002` are two.
///
/// ```swift
/// URLOrigin("https://ann@API.example.com/items?page=2")   // https://api.example.com:443
/// URLOrigin("https://cdn.example.com/a.png") == URLOrigin("https://api.example.com/")   // false
/// URLOrigin("file:///etc/passwd")                          // nil: not http or https
/// ```
public struct URLOrigin: Hashable, Sendable, CustomStringConvertible {
  /// `http` or `https`.
  public var scheme: String
  /// The host, lowercased (an IPv6 address keeps its brackets).
  public var host: String
  public var port: Int

  /// The origin of `url`, or nil when it is not an absolute http or https URL.
  public init?(_ url: String) {
    let parts = URLReference.Parts(url)
    guard let scheme = parts.scheme?.lowercased(), scheme == "http" || scheme == "https", var authority = parts.authority
    else { return nil }
    if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
    var host = authority
    var port = scheme == "https" ? 443 : 80
    // The port follows the last colon, unless it closes an IPv6 address (`[::1]`).
    if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
      host = String(authority[..<colon])
      let digits = authority[authority.index(after: colon)...]
      if !digits.isEmpty {
        guard let number = Int(digits), (0...65_535).contains(number) else { return nil }
        port = number
      }
    }
    guard !host.isEmpty else { return nil }
    self.scheme = scheme
    self.host = host.lowercased()
    self.port = port
  }

  public var description: String { "\(scheme)://\(host):\(port)" }
}
