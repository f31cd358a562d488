/// One header field: a name and a value, as `curl -H 'Name: value'` writes it.
///
/// ```swift
/// let header = try HTTPHeader(parsing: "Authorization: Bearer abc")
/// header.name    // "Authorization"
/// header.value   // "Bearer abc"
/// header.line    // "Authorization: Bearer abc"
/// ```
public struct HTTPHeader: Hashable, Sendable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  /// What is wrong with a `-H` argument.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// A header from `Name: value` (spaces around the value dropped). The name must
  /// be a token (letters, digits, `-`, `_` and a few marks) and neither part may
  /// hold a line break: a header cannot smuggle in another.
  public init(parsing text: String) throws(ParseError) {
    guard let colon = text.firstIndex(of: ":") else {
      throw ParseError(description: "-H takes 'Name: value' (with a colon): \(Redaction.quoted(text))")
    }
    let name = String(text[..<colon])
    let value = String(text[text.index(after: colon)...]).trimmingHTTPSpaces()
    guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isTokenCharacter) else {
      throw ParseError(description: "-H: '\(name)' is not a header name (letters, digits and -)")
    }
    guard !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
      throw ParseError(description: "-H \(name): the value holds a line break")
    }
    self.init(name: name, value: value)
  }

  /// The header as it is sent: `Name: value`.
  public var line: String { "\(name): \(value)" }

  /// Whether `name` is `other`, ignoring case.
  public func hasName(_ other: String) -> Bool { name.lowercased() == other.lowercased() }

  static func isTokenCharacter(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "a"..."z", "A"..."Z", "0"..."9": return true
    case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": return true
    default: return false
    }
  }
}

extension String {
  /// Without the spaces, tabs and line breaks at either end.
  func trimmingHTTPSpaces() -> String {
    let scalars = unicodeScalars
    func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\r" || c == "\n" }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
