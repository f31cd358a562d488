/// A folder: its pages (`1.json`, `2.json`, … in natural order), read one at a
/// time as the user nears the end of the cards ("load more"); or, when it has no
/// pages, its pictures, one card each (``PicturePage``). Which it is, and in
/// what order, is listed on the loader's thread when the first page is asked
/// for (``FolderListing``), so even a huge folder opens its screen at once.
///
/// ```swift
/// let source = FolderSource(path: "Data/shops")
/// let cursor = source.open(settings)
/// cursor.readNextPage(into: sink).hasMore   // true: 2.json and 3.json wait
/// ```
struct FolderSource: ItemSource {
  let path: String

  var sourceDescription: SourceDescription {
    let folder = SourceDescription.trimmed(path)
    return SourceDescription(name: path, baseDirectory: folder, watchedFolder: folder)
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    FolderCursor(folder: path, settings: settings)
  }
}
