/// URLs and headers made fit for a message: no password, no token.
///
/// A status line or a log names the URL that failed; a user who pastes it in a
/// bug report should not paste their credentials with it. `user:password@` is
/// removed from URLs, values of query parameters that look like secrets
/// (`token`, `key`, `signature`…) are replaced, and headers that carry
/// credentials (`Authorization`, `Cookie`, any name with `token`, `key`,
/// `secret`…) show their name only.
///
/// ```swift
/// Redaction.url("https://ann:pw@example.com/x?access_token=abc&page=2")
/// // "https://example.com/x?access_token=…&page=2"
/// Redaction.header(HTTPHeader(name: "Authorization", value: "Bearer abc"))
/// // "Authorization: …"
/// ```
public enum Redaction {
  /// What stands for a removed value.
  public static let hidden = "…"

  /// Words that mark a header or query parameter as secret.
  static let secretWords = [
    "auth", "token", "key", "secret", "password", "passwd", "cookie", "session", "signature", "sig", "credential",
  ]

  /// Whether a header or parameter called `name` may carry a secret.
  public static func isSecret(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if lowered == "sig" || lowered == "code" { return true }
    return secretWords.contains { $0 != "sig" && lowered.contains($0) }
  }

  /// `url` without `user:password@` and with secret query values replaced.
  public static func url(_ url: String) -> String {
    var text = Substring(url)
    var out = ""
    // A scheme is letters, digits, `+`, `-`, `.`: text before `://` with a `?` in
    // it is a query, whose secrets are hidden below.
    if let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix("://"), URLReference.Parts.isScheme(text[..<colon]) {
      let afterScheme = text.index(colon, offsetBy: 3)
      out = String(text[..<afterScheme])
      text = text[afterScheme...]
      let authorityEnd = text.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
      let authority = text[..<authorityEnd]
      if let at = authority.lastIndex(of: "@") {
        text = text[text.index(after: at)...]
      }
    }
    guard let question = text.firstIndex(of: "?") else { return out + text }
    out += text[...question]
    let rest = text[text.index(after: question)...]
    let fragmentStart = rest.firstIndex(of: "#") ?? rest.endIndex
    let query = rest[..<fragmentStart]
    out += query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
      guard let equals = pair.firstIndex(of: "="), isSecret(String(pair[..<equals])) else { return String(pair) }
      return pair[...equals] + hidden
    }.joined(separator: "&")
    out += rest[fragmentStart...]
    return out
  }

  /// `Name: value`, or `Name: …` for a header that may carry a secret.
  public static func header(_ header: HTTPHeader) -> String {
    isSecret(header.name) ? "\(header.name): \(hidden)" : header.line
  }

  /// A user's argument quoted for a message, cut short and with a value after a
  /// colon hidden when the name before it looks secret.
  static func quoted(_ text: String) -> String {
    let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
    if let colon = cut.firstIndex(of: ":"), isSecret(String(cut[..<colon])) { return "'\(cut[..<colon]): \(hidden)'" }
    return "'\(cut)'"
  }
}
