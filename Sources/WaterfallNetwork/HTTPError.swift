/// Why a request failed, with the URL (its password and tokens removed, see
/// ``Redaction``) in a one-line message.
///
/// ```swift
/// do { _ = try client.open(HTTPRequest(url: "http://127.0.0.1:1/")) }
/// catch { print(error) }   // "http://127.0.0.1:1/: could not connect (Connection refused)"
/// ```
public struct HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// The server answered with an error status (4xx, 5xx).
    case status(Int)
    /// The body grew past the budget (bytes).
    case tooLarge(budget: Int)
    /// A redirect to something other than http or https.
    case redirectRefused(location: String)
    case tooManyRedirects(Int)
    case connectTimeout
    /// No byte for the idle time.
    case idleTimeout(seconds: Int)
    case cannotResolve
    case cannotConnect
    /// The server's certificate was refused (`--insecure` skips the check).
    case tls
    /// Cancelled by the one who asked.
    case cancelled
    /// Not an http or https URL, or not a URL.
    case badURL
    /// Anything else libcurl reports (its error code).
    case transport(code: Int)
    /// The client could not start or was stopped.
    case client
  }

  public var kind: Kind
  /// The URL asked for, redacted.
  public var url: String
  /// What happened, in words.
  public var message: String

  public init(_ kind: Kind, url: String, message: String) {
    self.kind = kind
    self.url = Redaction.url(url)
    self.message = message
  }

  /// `URL: message`, one line.
  public var description: String {
    let line = url.isEmpty ? message : "\(url): \(message)"
    return String(line.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
  }

  /// The status code, for ``Kind/status(_:)``.
  public var status: Int? {
    if case .status(let code) = kind { return code }
    return nil
  }
}
