/// A folder of folders (`--recursive`): every folder in it that holds pages or
/// pictures, each to be a section of its own.
///
/// Folders are walked depth first, in natural order, the folder itself first;
/// hidden ones (`.git`) and symbolic links to folders are not entered, so a link
/// back up the tree cannot loop. A folder below the root that cannot be listed
/// is a page of its own whose reading fails, saying which folder and why
/// (`photos/private: cannot read the folder: Permission denied`), as any bad
/// page's error is told: the others are shown, and the loss is not silent. A folder's pages (`1.json`, `2.json`) are read as
/// pages, in natural order; a folder with no pages but pictures is one page of its
/// pictures (``PicturePage``), whose headers are read as that page is read: on the
/// loader's thread, as the user nears it, so a tree of many thousands of pictures
/// opens after listing its folders, without reading a header.
///
/// ```swift
/// let pages = try FolderTree.pages(root: "/usr/share/icons/Adwaita/16x16")
/// pages[0].section   // "actions"
/// pages[0].folder    // "/usr/share/icons/Adwaita/16x16/actions"
/// ```
enum FolderTree {
  /// How deep folders are entered below the root.
  static let maximumDepth = 32

  /// The pages of every folder under `root` that has any, in order.
  static func pages(root: String) throws(LoadError) -> [FolderPage] {
    let base = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
    var pages: [FolderPage] = []
    try walk(base, relative: "", depth: 0, into: &pages)
    return pages
  }

  private static func walk(_ folder: String, relative: String, depth: Int, into pages: inout [FolderPage]) throws(LoadError) {
    let names: [String]
    do { names = try FileSystem.list(folder).sorted(by: NaturalOrder.less) } catch {
      if depth == 0 { throw LoadError.unreadable(path: folder, reason: error.reason) }
      // Left out, as `find` would go on, but as a page that fails when read.
      let section = relative.isEmpty ? folder : relative
      pages.append(FolderPage(path: folder, folder: folder, section: section))
      return
    }
    let section = relative.isEmpty ? (folder.split(separator: "/").last.map(String.init) ?? folder) : relative
    let dataPages = names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }
    if !dataPages.isEmpty {
      for name in dataPages { pages.append(FolderPage(path: folder + "/" + name, folder: folder, section: section)) }
    } else {
      let pictures = PictureFolder.pictureNames(names)
      if !pictures.isEmpty {
        let index = PictureIndex(folder: folder, files: pictures.map { folder + "/" + $0 })
        pages.append(FolderPage(pictures: index, folder: folder, section: section))
      }
    }
    guard depth < maximumDepth else { return }
    for name in names where !name.hasPrefix(".") {
      let path = folder + "/" + name
      guard FileSystem.isDirectory(path), !FileSystem.isSymbolicLink(path) else { continue }
      try walk(path, relative: relative.isEmpty ? name : relative + "/" + name, depth: depth + 1, into: &pages)
    }
  }
}

/// One page of a folder tree: a page file, or a folder's pictures; the folder
/// its items' pictures are named from; and its section.
public struct FolderPage: Hashable, Sendable {
  public var file: String?
  public var pictures: PictureIndex?
  public var folder: String
  public var section: String

  public init(path: String, folder: String, section: String) {
    file = path
    self.folder = folder
    self.section = section
  }

  init(pictures: PictureIndex, folder: String, section: String) {
    self.pictures = pictures
    self.folder = folder
    self.section = section
  }

  /// The file to read: the page (a folder of pictures: the folder, whose page is made as it is read).
  public var path: String { file ?? folder }
}

/// A folder's pictures, to be read as one page (``PicturePage``, which reads
/// their headers as the page is read).
///
/// ```swift
/// let index = PictureIndex(folder: "Data/pictures", files: ["Data/pictures/01-sky.jpg"])
/// index.files   // the pictures, in order
/// ```
public final class PictureIndex: Hashable, Sendable {
  public let folder: String
  let files: [String]

  init(folder: String, files: [String]) {
    self.folder = folder
    self.files = files
  }

  public static func == (a: PictureIndex, b: PictureIndex) -> Bool { a === b }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
