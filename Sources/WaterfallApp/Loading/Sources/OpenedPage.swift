/// A page as it opens: the file its items' texts are read again from, and where
/// its items belong (a folder tree's section and folder, whether they are a
/// folder's pictures, which print as paths).
///
/// ```swift
/// sink.opened(OpenedPage(file: try PageFile(path: "Data/shops/1.json")))
/// sink.opened(OpenedPage(file: page, section: "b/c", folder: "root/b/c", isPictures: true))
/// ```
public struct OpenedPage: Sendable {
  /// The page's file (standard input's spool; a database's, or a page in memory).
  let file: PageFile
  /// Its section, in a folder tree.
  public var section: String?
  /// The folder its items' pictures are named from, in a folder tree.
  public var folder: String?
  /// Whether its items are a folder's pictures: one prints as its picture's path.
  public var isPictures: Bool

  init(file: PageFile, section: String? = nil, folder: String? = nil, isPictures: Bool = false) {
    self.file = file
    self.section = section
    self.folder = folder
    self.isPictures = isPictures
  }

  /// The page's path (its name, for standard input).
  public var path: String { file.path }
}
