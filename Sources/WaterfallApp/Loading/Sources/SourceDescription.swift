/// What a source says about itself: its name in messages and the status bar,
/// the folder its items' pictures are named from, and how it loads.
///
/// Whether items print as paths and which section they are in belong to each
/// page, as it opens (``OpenedPage``): a folder tree mixes pages of data and
/// pages of pictures.
///
/// ```swift
/// FileSource(path: "Data/notes.jsonl").sourceDescription.baseDirectory   // "Data"
/// StandardInputSource().sourceDescription.reloadRefusal                 // "standard input cannot be read again"
/// ```
public struct SourceDescription: Sendable, Equatable {
  /// A name for the status bar and messages: the path, or `stdin`.
  public var name: String
  /// The folder an item's relative picture path starts from: the data file's
  /// folder, the folder itself, or the working directory for standard input.
  public var baseDirectory: String
  /// Why the source cannot be read again (`r`, `--watch`), or nil when it can.
  public var reloadRefusal: String?
  /// Whether its first bytes may be slow to come (a pipe, a network): the
  /// screen then opens sooner, saying it is loading.
  public var startsSlowly = false
  /// A folder whose listing `--watch` follows besides the pages read.
  public var watchedFolder: String?
  /// Whether the items are a table's rows (a database's): they open as a table
  /// when they name no pictures (``LayoutKind/opening(_:source:)``).
  public var rowsAreTable = false
  /// Whether a reload first asks whether the first page changed (a feed's
  /// conditional request): the new reading may then take up the old one
  /// (``PageEnd/resumed``), and the cards stay as they are.
  public var revalidates = false

  public init(
    name: String, baseDirectory: String, reloadRefusal: String? = nil, startsSlowly: Bool = false, watchedFolder: String? = nil
  ) {
    self.name = name
    self.baseDirectory = baseDirectory
    self.reloadRefusal = reloadRefusal
    self.startsSlowly = startsSlowly
    self.watchedFolder = watchedFolder
  }

  /// The folder a file at `path` is in.
  ///
  /// ```swift
  /// SourceDescription.folder(of: "notes.jsonl")   // "."
  /// SourceDescription.folder(of: "/notes.jsonl")  // "/"
  /// ```
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// A folder's path without a slash at its end (`/` stays).
  static func trimmed(_ folder: String) -> String {
    folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
  }
}
