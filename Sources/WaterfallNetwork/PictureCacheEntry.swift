/// What the picture cache keeps of one URL: where its file is, where the picture's
/// bytes start in it, the validators to ask the server with, and when the server
/// last said it was current.
///
/// ```swift
/// if let entry = cache.entry(for: url), !entry.needsRevalidation(now: now) {
///   let bytes = try cache.body(of: entry)
/// }
/// ```
public struct PictureCacheEntry: Hashable, Sendable {
  public var url: String
  /// The cache file.
  public var path: String
  /// Where the picture's bytes start in the file, and how many there are.
  public var bodyOffset: Int
  public var bodyLength: Int
  public var etag: String?
  public var lastModified: String?
  public var contentType: String?
  /// When the picture was stored or last revalidated (a 304), in seconds since
  /// 1970: the file's modification time.
  public var validated: Int

  /// Whether the server should be asked again (with ``etag`` / ``lastModified``)
  /// before the picture is shown as current: older than `maximumAge` seconds.
  public func needsRevalidation(now: Int, maximumAge: Int = PictureCache.revalidationSeconds) -> Bool {
    now - validated >= maximumAge
  }

  /// The validators as a conditional request for the picture.
  public var revalidationRequest: HTTPRequest {
    var request = HTTPRequest(url: url)
    request.ifNoneMatch = etag
    request.ifModifiedSince = etag == nil ? lastModified : nil
    return request
  }
}
