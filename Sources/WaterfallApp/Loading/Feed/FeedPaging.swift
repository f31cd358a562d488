/// How a feed says where its next page is.
///
/// - ``link``: the `Link: <…>; rel="next"` header (RFC 8288), as GitHub, GitLab
///   and most REST APIs send it; the default.
/// - ``body(_:parameter:)``: a value in the page's JSON body (`--next PATH`): the
///   next page's URL (resolved against the page's), or, with a `parameter`
///   (`--next-param NAME`), a cursor put in the feed's URL as that query
///   parameter.
/// - ``pageNumber(parameter:)``: the feed's URL with `NAME=1`, `NAME=2`, …
///   (`--page-param NAME`), until a page has no items.
///
/// The data ends where no next page is named (and when the next named is the
/// page just read, which would never end).
///
/// ```swift
/// FeedPaging.link
/// FeedPaging.body(try JSONPath("/next_url"), parameter: nil)     // --next /next_url
/// FeedPaging.body(try JSONPath("/next"), parameter: "after")     // --next /next --next-param after
/// FeedPaging.pageNumber(parameter: "page")                         // --page-param page
/// ```
public enum FeedPaging: Hashable, Sendable {
  case link
  case body(JSONPath, parameter: String?)
  case pageNumber(parameter: String)
}
