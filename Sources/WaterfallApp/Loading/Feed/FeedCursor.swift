import Synchronization
import WaterfallNetwork

/// A reading of an ``HTTPFeedSource``: page after page, each fetched when it is
/// asked for, its body read as it arrives (``PageLoad`` over the
/// ``HTTPBodyStream``) and spooled to a page file, then the next page found
/// (``FeedPaging``).
///
/// The first page of a reading that follows another is conditional, with the
/// validators the other's first page came with: a 304 takes up the other
/// reading's position (``PageEnd/resumed``) and reads nothing. A page that
/// fails ends with its error and no more pages (`r` retries it); ``cancel()``
/// from any thread ends a wait for the server at once. Its position is the
/// reading thread's; what other threads touch is atomic or locked.
///
/// ```swift
/// let cursor = FeedCursor(feed: source, settings: settings)
/// cursor.readNextPage(into: sink)   // GET page 1; hasMore when it names a next page
/// ```
final class FeedCursor: PageCursor, @unchecked Sendable {
  /// The most bytes of a page read again to find `--next` in.
  static let nextLookupLimit = 64 << 20

  private let feed: HTTPFeedSource
  private let settings: ReadSettings
  private let reading: Int
  private let stopped = Atomic<Bool>(false)
  /// The response being read, for ``cancel()``.
  private let current = Mutex<HTTPBodyStream?>(nil)
  // The reading thread's.
  private var position: FeedPosition
  private var started = false
  /// What the reading before left, when this one may take it up.
  private var previous: (validators: FeedValidators, position: FeedPosition)?

  init(feed: HTTPFeedSource, settings: ReadSettings) {
    self.feed = feed
    self.settings = settings
    reading = feed.session.beginReading()
    position = FeedPosition(next: Self.firstPage(of: feed))
  }

  func cancel() {
    stopped.store(true, ordering: .relaxed)
    current.withLock { $0 }?.cancel()
  }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    if !started {
      started = true
      previous = feed.session.previous()
    }
    guard let page = position.next, !position.broken, !stopped.load(ordering: .relaxed) else { return PageEnd(hasMore: false) }
    let isFirst = position.pagesRead == 0
    let revalidating = isFirst ? previous : nil
    var underWay = position
    underWay.broken = true
    feed.session.record(underWay, by: reading)

    var request = HTTPRequest(url: page.url, headers: feed.headers(for: page.url))
    revalidating?.validators.apply(to: &request)
    let name = Redaction.url(page.url)
    sink.progress(revalidating == nil ? "fetching \(name)…" : "asking whether \(name) changed…")
    let shouldStop = { self.stopped.load(ordering: .relaxed) || sink.shouldStop() }
    let stream: HTTPBodyStream
    do {
      stream = try feed.session.client().open(request, shouldStop: shouldStop)
    } catch {
      if error.kind == .cancelled { return given(up: nil) }
      return failed(page, LoadError.unreadable(path: error.url.isEmpty ? name : error.url, reason: error.message), revalidating)
    }
    current.withLock { $0 = stream }
    defer { current.withLock { $0 = nil } }
    if stopped.load(ordering: .relaxed) { return given(up: stream) }

    let head = stream.head
    if head.isNotModified {
      guard let revalidating else {
        // A 304 to a request that asked for none: nothing to show, nothing after it.
        position.next = nil
        feed.session.record(position, by: reading)
        return PageEnd(hasMore: false)
      }
      return takeUp(revalidating, validators: FeedValidators(head) ?? revalidating.validators, error: nil)
    }
    return readBody(of: page, from: stream, head: head, into: sink, shouldStop: shouldStop)
  }

  // MARK: The body

  /// Reads the body of `page` as it arrives, spooled, then finds the next page.
  private func readBody(
    of page: FeedPage, from stream: HTTPBodyStream, head: HTTPResponseHead, into sink: any PageSink,
    shouldStop: @escaping () -> Bool
  ) -> PageEnd {
    let name = Redaction.url(head.url.isEmpty ? page.url : head.url)
    let file: PageFile
    do { file = try PageFile(generated: name) } catch {
      stream.cancel()
      return failed(page, .unreadable(path: error.path, reason: error.reason), nil)
    }
    // Relative picture names start from the page's URL (after redirects).
    sink.opened(OpenedPage(file: file, folder: head.url.isEmpty ? page.url : head.url))
    var pageSettings = settings
    if pageSettings.options.format == nil { pageSettings.options.format = Self.format(of: head) }
    let counting = CountingSink(sink)
    var networkFailure: HTTPError?
    var reachedEnd = false
    let error = PageLoad(file: file, settings: pageSettings).run(into: counting) { (buffer) throws(FileSystem.Failure) -> Int in
      let count: Int
      do throws(HTTPError) { count = try stream.read(into: &buffer, shouldStop: shouldStop) } catch {
        networkFailure = error
        throw FileSystem.Failure(path: error.url.isEmpty ? name : error.url, reason: error.message)
      }
      if count == 0 {
        reachedEnd = true
      } else {
        try file.append(Array(buffer[..<count]))
      }
      return count
    }
    if networkFailure?.kind == .cancelled || stopped.load(ordering: .relaxed) || (error == nil && !reachedEnd) {
      return given(up: stream)
    }
    if let error {
      stream.cancel()
      // Items shown before the error would come again with the page: `r` reads every page again.
      position.broken = counting.items > 0
      return failed(page, error, nil)
    }
    let next: FeedPage?
    do { next = try nextPage(after: page, head: head, file: file, items: counting.items) } catch {
      position.next = nil
      position.pagesRead += 1
      feed.session.record(position, validators: position.pagesRead == 1 ? .some(FeedValidators(head)) : nil, by: reading)
      return PageEnd(error: error, hasMore: false)
    }
    position.pagesRead += 1
    position.next = next
    position.failed = false
    position.broken = false
    feed.session.record(position, validators: position.pagesRead == 1 ? .some(FeedValidators(head)) : nil, by: reading)
    return PageEnd(hasMore: next != nil)
  }

  /// The page after `page`, as the feed's paging finds it; nil at the end of the data.
  private func nextPage(after page: FeedPage, head: HTTPResponseHead, file: PageFile, items: Int) throws(LoadError) -> FeedPage? {
    let number = page.number + 1
    var next: FeedPage?
    switch feed.settings.paging {
    case .link:
      next = head.link("next").map { FeedPage(url: $0, number: number) }
    case .pageNumber(let parameter):
      // A page without items is past the last.
      if items > 0 { next = FeedPage(url: FeedURL.setting(parameter, to: String(number), in: feed.url), number: number) }
    case .body(let path, let parameter):
      guard let found = try Self.lookUp(path, in: file, name: file.path) else { return nil }
      if let parameter {
        next = FeedPage(url: FeedURL.setting(parameter, to: found, in: feed.url), number: number)
      } else {
        guard HTTPFeedSource.isFeed(found) || found.hasPrefix("/") || found.hasPrefix("?") || found.hasPrefix(".") else {
          throw LoadError.unreadable(
            path: file.path,
            reason: "--next \(path) found '\(Self.cut(found))', not a URL: --next-param NAME puts a cursor in the query string")
        }
        next = FeedPage(url: URLReference.resolve(found, against: head.url.isEmpty ? page.url : head.url), number: number)
      }
    }
    // A page that names itself as the next would never end.
    guard let next, next.url != page.url, next.url != head.url else { return nil }
    return next
  }

  /// The text of the value at `path` in the page's body: a string or a number;
  /// nil for none (null, absent, empty, false: the end of the data).
  static func lookUp(_ path: JSONPath, in file: PageFile, name: String) throws(LoadError) -> String? {
    guard let size = file.size, size > 0 else { return nil }
    guard size <= nextLookupLimit else {
      throw LoadError.unreadable(path: name, reason: "--next \(path): the page is \(ByteSize.text(size)), more than the \(ByteSize.text(nextLookupLimit)) looked through for it")
    }
    let value: JSONValue?
    do { value = try JSONPointerLookup.value(at: path, in: file.bytes(at: 0, count: size)) } catch {
      throw LoadError.unreadable(path: name, reason: "--next \(path): \(error.message) (at byte \(error.offset))")
    }
    switch value {
    case .string(let text)? where !text.isEmpty: return text
    case .number(let text)?: return text
    default: return nil
    }
  }

  // MARK: Ends

  /// The reading takes up where the one before stopped (its first page has not
  /// changed, or could not be fetched to tell): the next page is the one the
  /// other would have fetched; a page that failed there is retried.
  private func takeUp(
    _ revalidating: (validators: FeedValidators, position: FeedPosition), validators: FeedValidators, error: LoadError?
  ) -> PageEnd {
    position = revalidating.position
    position.failed = false
    feed.session.record(position, validators: .some(validators), by: reading)
    var end = PageEnd(error: error, hasMore: position.hasMore)
    end.resumed = true
    return end
  }

  /// `page` failed with `error` before its end: it stays the next page, fetched
  /// again by the next reading (`r`). A refresh whose first page failed takes up
  /// the reading before, keeping its cards.
  private func failed(
    _ page: FeedPage, _ error: LoadError, _ revalidating: (validators: FeedValidators, position: FeedPosition)?
  ) -> PageEnd {
    if let revalidating { return takeUp(revalidating, validators: revalidating.validators, error: error) }
    position.next = page
    position.failed = true
    feed.session.record(position, by: reading)
    return PageEnd(error: error, hasMore: false)
  }

  /// The reading was given up (a reload, the program ending): the page under way
  /// is left as it is, and this reading is never taken up.
  private func given(up stream: HTTPBodyStream?) -> PageEnd {
    stream?.cancel()
    position.broken = true
    feed.session.record(position, by: reading)
    return PageEnd(hasMore: false)
  }

  // MARK: Helpers

  /// The feed's first page: its URL; with `--page-param`, page 1 (or the
  /// number the URL has) said in it.
  private static func firstPage(of feed: HTTPFeedSource) -> FeedPage {
    guard case .pageNumber(let parameter) = feed.settings.paging else { return FeedPage(url: feed.url, number: 1) }
    let number = FeedURL.value(of: parameter, in: feed.url).flatMap { Int($0) } ?? 1
    return FeedPage(url: FeedURL.setting(parameter, to: String(number), in: feed.url), number: number)
  }

  /// The format a response's `Content-Type` or its URL's extension names, when
  /// the content alone may not tell (CSV and TSV); nil: told from the content.
  static func format(of head: HTTPResponseHead) -> DataFormat? {
    let type = head.contentType?.lowercased() ?? ""
    if type.contains("text/csv") || type.contains("application/csv") { return .csv }
    if type.contains("tab-separated-values") { return .tsv }
    var path = Substring(head.url)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    switch DataFormat.fromExtension(of: String(path)) {
    case .csv?: return .csv
    case .tsv?: return .tsv
    default: return nil
    }
  }

  /// `text` cut for a message.
  private static func cut(_ text: String) -> String {
    text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}

/// A ``PageSink`` that counts the items it passes on.
private final class CountingSink: PageSink {
  let sink: any PageSink
  private(set) var items = 0

  init(_ sink: any PageSink) {
    self.sink = sink
  }

  func shouldStop() -> Bool { sink.shouldStop() }
  func opened(_ page: OpenedPage) { sink.opened(page) }
  func described(_ shape: ItemTextShape, note: String?) { sink.described(shape, note: note) }
  func progress(_ text: String) { sink.progress(text) }

  func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
    self.items += items.count
    sink.deliver(items, skipped: skipped, bytesRead: bytesRead)
  }
}
