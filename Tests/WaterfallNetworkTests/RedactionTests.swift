import Testing
import WaterfallNetwork

/// What messages may say of URLs and headers: no passwords, no tokens.
@Suite struct RedactionTests {
  @Test(arguments: [
    ("https://ann:pw@example.com/x", "https://example.com/x"),
    ("https://ann@example.com/x", "https://example.com/x"),
    ("http://example.com/a@b", "http://example.com/a@b"),
    ("https://example.com/x?access_token=abc&page=2", "https://example.com/x?access_token=…&page=2"),
    ("https://example.com/x?page=2&api_key=abc#top", "https://example.com/x?page=2&api_key=…#top"),
    ("https://example.com/x?sig=abc&Signature=def&X-Amz-Credential=g", "https://example.com/x?sig=…&Signature=…&X-Amz-Credential=…"),
    ("https://u:p@example.com:8443/x?password=p", "https://example.com:8443/x?password=…"),
    ("https://example.com/x?page=2&per_page=100", "https://example.com/x?page=2&per_page=100"),
    ("not a url", "not a url"),
  ])
  func urls(url: String, redacted: String) {
    #expect(Redaction.url(url) == redacted)
  }

  @Test(arguments: [
    ("Authorization", "Bearer abc", "Authorization: …"),
    ("Cookie", "session=abc", "Cookie: …"),
    ("Proxy-Authorization", "Basic abc", "Proxy-Authorization: …"),
    ("X-Api-Key", "abc", "X-Api-Key: …"),
    ("PRIVATE-TOKEN", "abc", "PRIVATE-TOKEN: …"),
    ("X-Auth-Token", "abc", "X-Auth-Token: …"),
    ("Accept", "application/json", "Accept: application/json"),
    ("User-Agent", "waterfall/0.1.0", "User-Agent: waterfall/0.1.0"),
  ])
  func headers(name: String, value: String, redacted: String) {
    #expect(Redaction.header(HTTPHeader(name: name, value: value)) == redacted)
  }

  @Test func aBadHeaderArgumentIsNamedWithoutItsSecret() throws {
    #expect(throws: HTTPHeader.ParseError.self) { try HTTPHeader(parsing: "Authorization Bearer abc") }
    let error = #expect(throws: HTTPHeader.ParseError.self) { try HTTPHeader(parsing: "X Token: abc") }
    #expect(error?.description.contains("abc") == false)
    #expect(throws: HTTPHeader.ParseError.self) { try HTTPHeader(parsing: "X-A: b\r\nX-B: c") }
    let header = try HTTPHeader(parsing: "X-Api-Key:   abc  ")
    #expect(header == HTTPHeader(name: "X-Api-Key", value: "abc"))
  }
}
