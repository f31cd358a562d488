import Testing
import WaterfallNetwork

/// `Link` headers as APIs send them (RFC 8288), and relative references resolved
/// as RFC 3986 says.
@Suite struct LinkHeaderTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var header: String
    var base = "https://api.example.com/items?page=2"
    var links: [(String, [String])]
    var testDescription: String { header }
  }

  static let cases: [Case] = [
    Case(header: #"<https://api.example.com/items?page=3>; rel="next""#, links: [("https://api.example.com/items?page=3", ["next"])]),
    // GitHub's shape: several links, absolute.
    Case(
      header: #"<https://api.github.com/user/repos?page=3&per_page=100>; rel="next", <https://api.github.com/user/repos?page=50&per_page=100>; rel="last""#,
      links: [
        ("https://api.github.com/user/repos?page=3&per_page=100", ["next"]),
        ("https://api.github.com/user/repos?page=50&per_page=100", ["last"]),
      ]),
    // Relative targets resolve against the request's URL.
    Case(header: #"<?page=3>; rel=next"#, links: [("https://api.example.com/items?page=3", ["next"])]),
    Case(header: #"</v2/items?cursor=abc>; rel="next""#, links: [("https://api.example.com/v2/items?cursor=abc", ["next"])]),
    Case(header: #"<more>; rel="next""#, links: [("https://api.example.com/more", ["next"])]),
    // Several relations; case and spaces.
    Case(header: #"<p3>;REL="Next  Last" ; title="x""#, links: [("https://api.example.com/p3", ["next", "last"])]),
    // Commas and semicolons inside quoted values and inside the target.
    Case(
      header: #"<https://h/a?x=1,2>; title="a, b; c"; rel="next", <https://h/b>; rel="prev""#,
      links: [("https://h/a?x=1,2", ["next"]), ("https://h/b", ["prev"])]),
    // An escaped quote in a quoted value.
    Case(header: #"<https://h/a>; title="say \"hi\", then"; rel="next""#, links: [("https://h/a", ["next"])]),
    // The first rel counts.
    Case(header: #"<https://h/a>; rel="next"; rel="prev""#, links: [("https://h/a", ["next"])]),
    // No rel: a link with no relations.
    Case(header: #"<https://h/a>; title="t""#, links: [("https://h/a", [])]),
    // Garbage between links is skipped, not guessed at.
    Case(header: #"nonsense, <https://h/a>; rel="next", also nonsense"#, links: [("https://h/a", ["next"])]),
    Case(header: "", links: []),
    Case(header: "<unterminated; rel=next", links: []),
  ]

  @Test(arguments: cases) func parses(_ example: Case) {
    let links = LinkHeader.parse(example.header, base: example.base)
    #expect(links.map(\.target) == example.links.map(\.0))
    #expect(links.map(\.relations) == example.links.map(\.1))
  }

  @Test func keepsTheOtherParameters() {
    let link = LinkHeader.parse(#"<https://h/a>; rel="next"; title="Page 2"; type=application/json"#, base: "https://h/")
    #expect(link.first?.parameters == ["title": "Page 2", "type": "application/json"])
  }

  /// RFC 3986, 5.4: the normal and abnormal examples against `http://a/b/c/d;p?q`.
  @Test(arguments: [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"),
    (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"),
    ("../..", "http://a/"), ("../../", "http://a/"), ("../../g", "http://a/g"),
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"),
  ])
  func resolvesAsRFC3986Says(reference: String, expected: String) {
    #expect(URLReference.resolve(reference, against: "http://a/b/c/d;p?q") == expected)
  }
}
