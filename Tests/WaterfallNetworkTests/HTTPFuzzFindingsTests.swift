import Testing

@testable import WaterfallNetwork

/// What `FuzzHTTP` found (Fuzz/Seeds/FuzzHTTP/finding-*).
@Suite struct HTTPFuzzFindingsTests {
  /// A path that starts with `//` once its dot segments are gone, in a URL of no
  /// authority, was written as `scheme://…` and so read back with an authority
  /// (a host) it never had: `/.` before it keeps it a path.
  @Test(arguments: [
    ("a:/.//x/y", "https://h/", "a:/.//x/y"),
    ("a:/.//x", "a:b", "a:/.//x"),
    ("/.//x/y", "https://h/", "https://h//x/y"),
    ("../b", "http://h/a/c/d", "http://h/a/b"),
  ])
  func aPathNeverReadsAsAnAuthority(reference: String, base: String, resolved: String) {
    let result = URLReference.resolve(reference, against: base)
    #expect(result == resolved)
    #expect(URLReference.resolve(result, against: base) == result)
    let authority = URLReference.Parts(reference).scheme == nil ? URLReference.Parts(base).authority : URLReference.Parts(reference).authority
    #expect(URLReference.Parts(result).authority == authority)
  }

  /// A reference starting with a combining mark, resolved, put the mark right
  /// after the base's `/`: read by Characters, `/` and the mark were one, so the
  /// path was read back as part of the authority (the host). Read by scalars.
  @Test(arguments: [
    ("\u{31E}x; rel", "http://h:8080/", "http://h:8080/\u{31E}x; rel", "h:8080"),
    ("a/\u{301}../b", "https://h/", "https://h/a/\u{301}../b", "h"),
    ("../\u{301}x", "https://h/a/b", "https://h/\u{301}x", "h"),
  ])
  func aSlashBeforeACombiningMarkIsASlash(reference: String, base: String, resolved: String, authority: String) {
    let result = URLReference.resolve(reference, against: base)
    #expect(result == resolved)
    #expect(URLReference.Parts(result).authority == authority)
  }

  /// Relations are split at spaces and tabs by scalars: by Characters, a
  /// relation starting with a combining mark, written back after a space, was
  /// one Character with it, and the two relations read back as one.
  @Test func relationsSplitAtASpaceBeforeACombiningMark() {
    let base = "https://h/"
    let links = LinkHeader.parse("<https://h/x?page=2>; rel=\"next\t\u{31E}a\"", base: base)
    #expect(links.first?.relations == ["next", "\u{31E}a"])
    let again = LinkHeader.parse("<https://h/x?page=2>; rel=\"next \u{31E}a\"", base: base)
    #expect(again == links)
  }

  /// Text before `://` with a `?` in it is no scheme: the query starts at the
  /// `?`, and its secrets were kept as "the scheme".
  @Test(arguments: [
    ("x/p?sig=1://u@h/", "x/p?sig=…"),
    ("a?token=abc://h/x?page=2", "a?token=…"),
    ("https://h/x?token=abc", "https://h/x?token=…"),
  ])
  func aQueryBeforeTheSchemeSeparatorIsRedacted(url: String, redacted: String) {
    #expect(Redaction.url(url) == redacted)
  }
}
