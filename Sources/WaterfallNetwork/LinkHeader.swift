/// The `Link` header (RFC 8288): `<https://api.example.com/items?page=2>; rel="next"`,
/// the way REST APIs (GitHub, GitLab…) say where the next page is.
///
/// A header may hold several links separated by commas; a link's parameters
/// follow it after semicolons, their values bare or quoted (a quoted value may
/// hold commas and semicolons, and `\"`); `rel` may name several relations
/// separated by spaces. Targets are resolved against the URL the response came
/// from, so `<?page=2>` works. What cannot be read is skipped, never guessed at.
///
/// ```swift
/// let links = LinkHeader.parse(#"<?page=3>; rel="next", </items?page=9>; rel="last""#, base: "https://h/items?page=2")
/// links[0].target      // "https://h/items?page=3"
/// links[0].relations   // ["next"]
/// ```
public enum LinkHeader {
  /// One link: its resolved target, its relations (lowercased) and its other
  /// parameters (names lowercased).
  public struct Link: Hashable, Sendable {
    public var target: String
    public var relations: [String]
    public var parameters: [String: String]

    public init(target: String, relations: [String], parameters: [String: String] = [:]) {
      self.target = target
      self.relations = relations
      self.parameters = parameters
    }
  }

  /// The links in `value`, targets resolved against `base`.
  public static func parse(_ value: String, base: String) -> [Link] {
    var scanner = Scanner(Array(value.unicodeScalars))
    var links: [Link] = []
    while true {
      scanner.skip { $0 == " " || $0 == "\t" || $0 == "," }
      guard !scanner.isAtEnd else { break }
      guard scanner.take("<"), let target = scanner.take(upTo: ">") else {
        // Not a link: skip to the next comma outside quotes.
        scanner.skipElement()
        continue
      }
      var parameters: [String: String] = [:]
      var relations: [String]?
      while true {
        scanner.skip { $0 == " " || $0 == "\t" }
        guard scanner.take(";") else { break }
        scanner.skip { $0 == " " || $0 == "\t" }
        let name = scanner.takeToken().lowercased()
        scanner.skip { $0 == " " || $0 == "\t" }
        var value = ""
        if scanner.take("=") {
          scanner.skip { $0 == " " || $0 == "\t" }
          value = scanner.peek == "\"" ? scanner.takeQuoted() : scanner.takeToken()
        }
        guard !name.isEmpty else { continue }
        // The first occurrence of a parameter counts (RFC 8288, 3).
        if name == "rel" {
          // Split by scalars: by Characters, a space followed by a combining
          // mark is one Character and no separator.
          if relations == nil {
            relations = value.lowercased().unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" })
              .map { String(String.UnicodeScalarView($0)) }
          }
        } else if parameters[name] == nil {
          parameters[name] = value
        }
      }
      scanner.skipElement()
      let trimmed = target.trimmingHTTPSpaces()
      links.append(Link(target: URLReference.resolve(trimmed, against: base), relations: relations ?? [], parameters: parameters))
    }
    return links
  }

  private struct Scanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var isAtEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

    mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
      while let c = peek, predicate(c) { index += 1 }
    }

    mutating func take(_ c: Unicode.Scalar) -> Bool {
      guard peek == c else { return false }
      index += 1
      return true
    }

    mutating func take(upTo end: Unicode.Scalar) -> String? {
      guard let stop = scalars[index...].firstIndex(of: end) else { return nil }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars[index..<stop])
      index = stop + 1
      return String(text)
    }

    /// A bare value: up to a space, `;` or `,`.
    mutating func takeToken() -> String {
      var text = String.UnicodeScalarView()
      while let c = peek, c != ";", c != ",", c != " ", c != "\t", c != "=" {
        text.append(c)
        index += 1
      }
      return String(text)
    }

    /// A quoted string, its quotes dropped and `\x` made `x`.
    mutating func takeQuoted() -> String {
      index += 1
      var text = String.UnicodeScalarView()
      while let c = peek {
        index += 1
        if c == "\"" { break }
        if c == "\\", let next = peek {
          text.append(next)
          index += 1
        } else {
          text.append(c)
        }
      }
      return String(text)
    }

    /// Skips to just past the next comma outside quotes and angle brackets.
    mutating func skipElement() {
      var quoted = false
      var bracketed = false
      while let c = peek {
        index += 1
        if quoted {
          if c == "\\" { index += 1 } else if c == "\"" { quoted = false }
        } else if bracketed {
          if c == ">" { bracketed = false }
        } else if c == "\"" {
          quoted = true
        } else if c == "<" {
          bracketed = true
        } else if c == "," {
          return
        }
      }
    }
  }
}
