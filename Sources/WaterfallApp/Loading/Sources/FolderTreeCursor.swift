/// A reading of a ``FolderTreeSource``: the walk (``FolderTree``) when the
/// first page is asked for, then page after page, each with its section. Its
/// state is the reading thread's alone: pages are read one at a time, in turn.
///
/// ```swift
/// let cursor = FolderTreeCursor(root: "/usr/share/icons/Adwaita", settings: settings)
/// cursor.readNextPage(into: sink)   // walks the tree, reads the first folder's page
/// ```
final class FolderTreeCursor: PageCursor, @unchecked Sendable {
  private let root: String
  private let settings: ReadSettings
  // Touched only by the thread that reads, one page at a time.
  private var pages: [FolderPage]?
  private var next = 0

  init(root: String, settings: ReadSettings) {
    self.root = root
    self.settings = settings
  }

  func readNextPage(into sink: any PageSink) -> PageEnd {
    if pages == nil {
      guard next == 0 else { return PageEnd(hasMore: false) }
      sink.progress("listing the folders of \(root)…")
      let found: [FolderPage]
      do { found = try FolderTree.pages(root: root) } catch {
        next = 1
        return PageEnd(error: error, hasMore: false)
      }
      guard !found.isEmpty else {
        next = 1
        return PageEnd(error: .noPages(path: root), hasMore: false)
      }
      pages = found
    }
    guard let pages, next < pages.count else { return PageEnd(hasMore: false) }
    let page = pages[next]
    next += 1
    let error: LoadError?
    if let pictures = page.pictures {
      error = PicturePage(folder: page.folder, files: pictures.files)
        .read(settings: settings, section: page.section, folderForItems: page.folder, into: sink)
    } else {
      error = FileSource.read(page.path, settings: settings, section: page.section, folder: page.folder, into: sink)
    }
    return PageEnd(error: error, hasMore: next < pages.count, sectionsFound: Set(pages.compactMap(\.section)).count)
  }
}
