/// How a page ended: the error that stopped it, if one did (the items before
/// it are kept), and whether more pages follow.
///
/// ```swift
/// PageEnd(hasMore: false)                                            // the last page, read whole
/// PageEnd(error: .noPages(path: "empty/"), hasMore: false)          // nothing to read
/// ```
public struct PageEnd: Sendable, Equatable {
  public var error: LoadError?
  public var hasMore: Bool

  public init(error: LoadError? = nil, hasMore: Bool) {
    self.error = error
    self.hasMore = hasMore
  }
}
