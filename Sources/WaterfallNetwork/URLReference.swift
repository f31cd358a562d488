/// A URL reference resolved against a base URL (RFC 3986, section 5.2), as a
/// relative `Link` target is resolved against the request's URL.
///
/// ```swift
/// URLReference.resolve("?page=2", against: "https://h/items?page=1")   // "https://h/items?page=2"
/// URLReference.resolve("../b", against: "http://h/a/c/d")             // "http://h/a/b"
/// ```
public enum URLReference {
  /// The parts of a URL reference; a nil part is absent (not empty).
  struct Parts: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(_ text: String) {
      var rest = Substring(text)
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let question = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: question)...])
        rest = rest[..<question]
      }
      if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
        scheme = String(rest[..<colon])
        rest = rest[rest.index(after: colon)...]
      }
      if rest.hasPrefix("//") {
        rest = rest.dropFirst(2)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        authority = String(rest[..<end])
        rest = rest[end...]
      }
      path = String(rest)
    }

    static func isScheme(_ text: Substring) -> Bool {
      guard let first = text.unicodeScalars.first, first.properties.isASCIIHexDigit || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
      else { return false }
      guard ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
      return text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
      }
    }

    var text: String {
      var out = ""
      if let scheme { out += scheme + ":" }
      if let authority { out += "//" + authority }
      // A path of no authority that starts with `//` would read as one:
      // `/.` before it keeps it a path (as WHATWG's URL writer does).
      if authority == nil, path.hasPrefix("//") { out += "/." }
      out += path
      if let query { out += "?" + query }
      if let fragment { out += "#" + fragment }
      return out
    }
  }

  /// `reference` resolved against `base` (an absolute URL).
  public static func resolve(_ reference: String, against base: String) -> String {
    let r = Parts(reference)
    let b = Parts(base)
    var t = r
    if r.scheme != nil {
      t.path = removeDotSegments(r.path)
    } else {
      t.scheme = b.scheme
      if r.authority != nil {
        t.path = removeDotSegments(r.path)
      } else {
        t.authority = b.authority
        if r.path.isEmpty {
          t.path = b.path
          t.query = r.query ?? b.query
        } else {
          t.path = removeDotSegments(r.path.hasPrefix("/") ? r.path : merge(base: b, r.path))
        }
      }
    }
    return t.text
  }

  private static func merge(base: Parts, _ path: String) -> String {
    if base.authority != nil, base.path.isEmpty { return "/" + path }
    guard let slash = base.path.lastIndex(of: "/") else { return path }
    return base.path[...slash] + path
  }

  /// RFC 3986 5.2.4: `.` and `..` segments taken out.
  static func removeDotSegments(_ path: String) -> String {
    var input = Substring(path)
    var out = ""
    while !input.isEmpty {
      if input.hasPrefix("../") {
        input = input.dropFirst(3)
      } else if input.hasPrefix("./") {
        input = input.dropFirst(2)
      } else if input.hasPrefix("/./") {
        input = input.dropFirst(2)
      } else if input == "/." {
        input = "/"
      } else if input.hasPrefix("/../") || input == "/.." {
        input = input == "/.." ? "/" : input.dropFirst(3)
        if let slash = out.lastIndex(of: "/") { out = String(out[..<slash]) } else { out = "" }
      } else if input == "." || input == ".." {
        input = ""
      } else {
        let startsWithSlash = input.hasPrefix("/")
        let searchFrom = startsWithSlash ? input.index(after: input.startIndex) : input.startIndex
        let end = input[searchFrom...].firstIndex(of: "/") ?? input.endIndex
        out += input[..<end]
        input = input[end...]
      }
    }
    return out
  }
}
