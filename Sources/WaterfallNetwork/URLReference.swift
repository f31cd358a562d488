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

    /// Read by Unicode scalars, as a URL is bytes: a `/` followed by a
    /// combining mark is still a `/` (as Characters, the two are one).
    init(_ text: String) {
      var rest = Substring(text).unicodeScalars
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let question = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: question)...])
        rest = rest[..<question]
      }
      if let colon = rest.firstIndex(of: ":"), Self.isScheme(Substring(rest[..<colon])) {
        scheme = String(rest[..<colon])
        rest = rest[rest.index(after: colon)...]
      }
      if rest.starts(with: "//".unicodeScalars) {
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
      if authority == nil, path.unicodeScalars.starts(with: "//".unicodeScalars) { out += "/." }
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
    let scalars = base.path.unicodeScalars
    guard let slash = scalars.lastIndex(of: "/") else { return path }
    return String(scalars[...slash]) + path
  }

  /// RFC 3986 5.2.4: `.` and `..` segments taken out.
  static func removeDotSegments(_ path: String) -> String {
    // By scalars, as `Parts` reads: `/` then a combining mark is a `/`.
    var input = Substring(path).unicodeScalars
    var out = String.UnicodeScalarView()
    func starts(_ prefix: String) -> Bool { input.starts(with: prefix.unicodeScalars) }
    func equals(_ text: String) -> Bool { input.elementsEqual(text.unicodeScalars) }
    while !input.isEmpty {
      if starts("../") {
        input = input.dropFirst(3)
      } else if starts("./") {
        input = input.dropFirst(2)
      } else if starts("/./") {
        input = input.dropFirst(2)
      } else if equals("/.") {
        input = Substring("/").unicodeScalars
      } else if starts("/../") || equals("/..") {
        input = equals("/..") ? Substring("/").unicodeScalars : input.dropFirst(3)
        if let slash = out.lastIndex(of: "/") { out = String.UnicodeScalarView(out[..<slash]) } else { out = String.UnicodeScalarView() }
      } else if equals(".") || equals("..") {
        input = input.dropFirst(input.count)
      } else {
        let startsWithSlash = input.first == "/"
        let searchFrom = startsWithSlash ? input.index(after: input.startIndex) : input.startIndex
        let end = input[searchFrom...].firstIndex(of: "/") ?? input.endIndex
        out.append(contentsOf: input[..<end])
        input = input[end...]
      }
    }
    return String(out)
  }
}
