/// A reading of a ``FolderSource``: the listing (``FolderListing``) when the
/// first page is asked for, then page after page; a folder of pictures is one
/// page (``PicturePage``). Its state is the reading thread's alone: pages are
/// read one at a time, in turn.
///
/// ```swift
/// let cursor = FolderCursor(folder: "Data/shops", settings: settings)
/// cursor.readNextPage(into: sink)   // lists the folder, reads 1.json; hasMore: true
/// ```
final class FolderCursor: PageCursor, @unchecked Sendable {
  private let folder: String
  private let settings: ReadSettings
  // Touched only by the thread that reads, one page at a time.
  private var listing: FolderListing?
  private var next = 0

  init(folder: String, settings: ReadSettings) {
    self.folder = folder
    self.settings = settings
  }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    if listing == nil {
      guard next == 0 else { return PageEnd(hasMore: false) }
      sink.progress("listing \(folder)…")
      do { listing = try FolderListing(folder: folder) } catch {
        next = 1
        return PageEnd(error: error, hasMore: false)
      }
    }
    switch listing {
    case .pages(let pages)?:
      guard next < pages.count else { return PageEnd(hasMore: false) }
      let error = FileSource.read(pages[next], settings: settings, into: sink)
      next += 1
      return PageEnd(error: error, hasMore: next < pages.count)
    case .pictures(let files)?:
      guard next == 0 else { return PageEnd(hasMore: false) }
      next = 1
      return PageEnd(error: PicturePage(folder: folder, files: files).read(settings: settings, into: sink), hasMore: false)
    case nil:
      return PageEnd(hasMore: false)
    }
  }
}
