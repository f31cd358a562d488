/// What a folder holds, listed and put in natural order: its pages (`1.json`,
/// `2.json`, `10.json`), or, when it has none, its pictures. Made on the
/// loader's thread when the folder's first page is asked for, never before the
/// screen opens: a folder of 100,000 pictures takes a moment to list and sort.
///
/// ```swift
/// let listing = try FolderListing(folder: "Data/shops")
/// listing   // .pages(["Data/shops/1.json", "Data/shops/2.json", "Data/shops/3.json"])
/// ```
enum FolderListing: Equatable {
  /// Page files, in natural order.
  case pages([String])
  /// Picture files (no pages), in natural order.
  case pictures([String])

  /// Lists `folder`; a folder with neither pages nor pictures is ``LoadError/noPages(path:)``.
  init(folder: String) throws(LoadError) {
    let names: [String]
    do { names = try FileSystem.list(folder) } catch { throw LoadError.unreadable(path: folder, reason: error.reason) }
    let base = SourceDescription.trimmed(folder)
    let pages = names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }
    if !pages.isEmpty {
      self = .pages(NaturalOrder.sorted(pages).map { base + "/" + $0 })
      return
    }
    let pictures = PictureFolder.pictureNames(names)
    guard !pictures.isEmpty else { throw LoadError.noPages(path: folder) }
    self = .pictures(pictures.map { base + "/" + $0 })
  }
}
