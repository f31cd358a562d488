// libFuzzer target: the HTTP text the network module reads: `Link` headers
// (LinkHeader), `-H` header lines (HTTPHeader), URL references resolved against
// a base (URLReference), and URLs made fit for a message (Redaction).
//
// Input: a base choice byte, then up to five texts separated by 0xFF: a Link
// header value, a path for the base, a URL reference, a header line, a URL.
// Invariants: a resolved URL reads back as the parts it was made of, has no `.`
// or `..` segment, and resolves to itself again; every link's relations and
// parameter names are lowercased tokens, and the links written back as a header
// parse to the same links; a header line that parses has a token name and a
// trimmed value without line breaks, and its line parses back to it; a secret
// header shows its name only; a redacted URL keeps no user information and no
// secret query value.

@testable import WaterfallNetwork

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(data, count)
  let origins = ["https://h", "http://h:8080", "https://user:pw@h.example", "http://[::1]:80", "https://h?"]
  let origin = input.choose(origins)
  let all = input.remainingBytes()
  var texts = all.split(separator: 0xFF, maxSplits: 4, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  while texts.count < 5 { texts.append("") }
  let (linkValue, basePath, reference, headerLine, url) = (texts[0], texts[1], texts[2], texts[3], texts[4])
  // A base as a response's URL is: an origin, then a path without dot segments
  // (libcurl's effective URL has none; an empty reference keeps the base's path
  // as it is, RFC 3986 5.2.2), query and fragment, without the characters a Link
  // target cannot carry back (`>`, blanks).
  let kept = "/" + String(basePath.unicodeScalars.filter { $0 != ">" && $0 != " " && $0 != "\t" && $0 != "\r" && $0 != "\n" && $0 != "," })
  let pathEnd = kept.firstIndex { $0 == "?" || $0 == "#" } ?? kept.endIndex
  let base = origin + URLReference.removeDotSegments(String(kept[..<pathEnd])) + kept[pathEnd...]

  checkResolve(reference, base: base)
  checkResolve(linkValue, base: base)
  checkLinks(linkValue, base: base)
  checkHeader(headerLine)
  checkRedaction(url)
  checkRedaction(reference)
  return 0
}

func checkResolve(_ reference: String, base: String) {
  let resolved = URLReference.resolve(reference, against: base)
  let parts = URLReference.Parts(resolved)
  require(parts.scheme != nil, "\(reference.debugDescription) against \(base.debugDescription) is \(resolved.debugDescription), with no scheme")
  require(parts.text == resolved, "\(resolved.debugDescription) does not read back as itself")
  let r = URLReference.Parts(reference)
  // The authority is the reference's when it has a scheme or an authority, else
  // the base's (RFC 3986 5.2.2): a path cannot turn into one.
  let authority = r.scheme != nil || r.authority != nil ? r.authority : URLReference.Parts(base).authority
  require(parts.authority == authority, "\(reference.debugDescription) against \(base.debugDescription) is \(resolved.debugDescription), whose authority is \(parts.authority ?? "none"), not \(authority ?? "none")")
  if !r.path.isEmpty || r.scheme != nil || r.authority != nil {
    // `/.` before a path of no authority that starts with `//` is the writer's.
    // By scalars, as the URL is read.
    let scalars = Array(parts.path.unicodeScalars)
    let path = parts.authority == nil && scalars.starts(with: "/.//".unicodeScalars) ? Array(scalars.dropFirst(2)) : scalars
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    require(!segments.contains(".") && !segments.contains(".."), "\(reference.debugDescription) against \(base.debugDescription) keeps a dot segment: \(resolved.debugDescription)")
  }
  let again = URLReference.resolve(resolved, against: base)
  require(again == resolved, "\(reference.debugDescription) against \(base.debugDescription) is \(resolved.debugDescription), which resolves to \(again.debugDescription)")
  // Its parts as read from the text.
  let reread = URLReference.Parts(parts.text)
  require(reread == parts, "\(resolved.debugDescription) reads as other parts")
}

func checkLinks(_ value: String, base: String) {
  let links = LinkHeader.parse(value, base: base)
  require(links.count <= value.unicodeScalars.filter { $0 == "<" }.count, "\(value.debugDescription): more links than targets")
  var written: [String] = []
  for link in links {
    for relation in link.relations {
      require(!relation.isEmpty && relation == relation.lowercased() && !relation.contains(" ") && !relation.contains("\t"), "\(value.debugDescription): the relation \(relation.debugDescription)")
    }
    for name in link.parameters.keys {
      require(!name.isEmpty && name == name.lowercased() && name != "rel", "\(value.debugDescription): the parameter \(name.debugDescription)")
    }
    var text = "<" + link.target + ">"
    if !link.relations.isEmpty { text += "; rel=" + quotedParameter(link.relations.joined(separator: " ")) }
    for (name, parameter) in link.parameters.sorted(by: { $0.key < $1.key }) {
      text += "; " + name + "=" + quotedParameter(parameter)
    }
    written.append(text)
  }
  let header = written.joined(separator: ", ")
  let again = LinkHeader.parse(header, base: base)
  require(again == links, "\(value.debugDescription) gives \(links), written back \(header.debugDescription) gives \(again)")
}

func quotedParameter(_ value: String) -> String {
  var out = "\""
  for c in value.unicodeScalars {
    if c == "\"" || c == "\\" { out += "\\" }
    out.unicodeScalars.append(c)
  }
  return out + "\""
}

func checkHeader(_ line: String) {
  guard let header = try? HTTPHeader(parsing: line) else { return }
  require(!header.name.isEmpty && header.name.unicodeScalars.allSatisfy(HTTPHeader.isTokenCharacter), "\(line.debugDescription): the name \(header.name.debugDescription)")
  require(!header.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }, "\(line.debugDescription): a line break in the value")
  require(header.value == header.value.trimmingHTTPSpaces(), "\(line.debugDescription): the value is not trimmed")
  require((try? HTTPHeader(parsing: header.line)) == header, "\(line.debugDescription): \(header.line.debugDescription) parses differently")
  if Redaction.isSecret(header.name) {
    require(Redaction.header(header) == header.name + ": " + Redaction.hidden, "\(line.debugDescription): a secret header shown as \(Redaction.header(header).debugDescription)")
  }
}

func checkRedaction(_ url: String) {
  let out = Redaction.url(url)
  // User information: what stands between `://` and the authority's last `@`.
  if let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://"), URLReference.Parts.isScheme(url[..<colon]) {
    let afterScheme = url.index(colon, offsetBy: 3)
    let rest = url[afterScheme...]
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    if let at = rest[..<end].lastIndex(of: "@") {
      let userInfo = rest[..<at]
      let outRest = out.dropFirst(url.distance(from: url.startIndex, to: afterScheme))
      require(!outRest.hasPrefix(userInfo + "@"), "\(url.debugDescription) redacted keeps its user information: \(out.debugDescription)")
    }
  }
  guard let question = out.firstIndex(of: "?") else { return }
  let query = out[out.index(after: question)...].prefix { $0 != "#" }
  for pair in query.split(separator: "&", omittingEmptySubsequences: false) {
    guard let equals = pair.firstIndex(of: "="), Redaction.isSecret(String(pair[..<equals])) else { continue }
    require(pair[pair.index(after: equals)...] == Redaction.hidden, "\(url.debugDescription) redacted keeps a secret: \(out.debugDescription)")
  }
}
