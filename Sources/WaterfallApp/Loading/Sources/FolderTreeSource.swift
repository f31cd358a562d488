/// A folder of folders (`--recursive`): every folder's pages, or its pictures,
/// each folder a section (``FolderTree``). The tree is walked on the loader's
/// thread when the first page is asked for; pages are then read one at a time
/// as the user nears the end, a folder of pictures as one page.
///
/// ```swift
/// let source = FolderTreeSource(path: "/usr/share/icons/Adwaita")
/// let cursor = source.open(settings)
/// cursor.readNextPage(into: sink)   // the first folder's page, its section "16x16/actions"
/// ```
struct FolderTreeSource: ItemSource {
  let path: String

  var sourceDescription: SourceDescription {
    SourceDescription(name: path, baseDirectory: SourceDescription.trimmed(path))
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    FolderTreeCursor(root: path, settings: settings)
  }
}
