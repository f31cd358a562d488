import WaterfallNetwork

/// What a feed's first page said about its version (`ETag`, `Last-Modified`),
/// sent back with the first page of the next reading (`r`, pull to refresh), so
/// that a server whose data has not changed answers 304 and nothing is read again.
///
/// ```swift
/// let validators = FeedValidators(head)      // nil when the server sent neither
/// validators?.apply(to: &request)            // If-None-Match, If-Modified-Since
/// ```
struct FeedValidators: Hashable, Sendable {
  var etag: String?
  var lastModified: String?

  init?(_ head: HTTPResponseHead) {
    guard head.etag != nil || head.lastModified != nil else { return nil }
    etag = head.etag
    lastModified = head.lastModified
  }

  func apply(to request: inout HTTPRequest) {
    request.ifNoneMatch = etag
    request.ifModifiedSince = lastModified
  }
}
