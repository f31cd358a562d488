/// Where a thumbnail stands: drawn and ready, still being decoded, or impossible.
///
/// ```swift
/// switch loader.thumbnail(key) {
/// case .ready(let thumbnail): thumbnail.draw(in: canvas, at: origin, clip: clip)
/// case .pending: placeholder.draw(in: canvas, rect: rect, clip: clip, ascii: false)
/// case .failed(let error): status = error.reason
/// }
/// ```
public enum ThumbnailState: Hashable, Sendable {
  case ready(Thumbnail)
  case pending
  case failed(ImageError)

  /// The thumbnail, when it is ready.
  public var thumbnail: Thumbnail? {
    if case .ready(let thumbnail) = self { return thumbnail }
    return nil
  }

  /// The error, when the picture cannot be shown.
  public var error: ImageError? {
    if case .failed(let error) = self { return error }
    return nil
  }
}
