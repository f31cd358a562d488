/// Where the items come from: a file, a directory of pages, a folder of
/// pictures, standard input, or a SQLite database. (Not to be confused with
/// `CardDataSource`, the collection view's data source: this is the data's origin.)
public enum DataOrigin: Equatable, Sendable {
  /// One file: a JSON array or JSON Lines.
  case file(String)
  /// A directory of pages, in natural order (1.json, 2.json, 10.json).
  case directory(String, pages: [String])
  /// A directory of pictures and no pages: one item per picture file, in natural
  /// order, read as the JSON Lines page `index` that ``PictureFolder`` wrote.
  case pictures(String, index: String)
  /// A folder of folders (`--recursive`): every folder's pages, or its pictures,
  /// each folder a section (``FolderTree``).
  case tree(String, pages: [FolderPage])
  /// Standard input: a JSON array or JSON Lines.
  case standardInput
  /// A table or a query's rows of the SQLite database at the path.
  case database(String, DatabaseSelection)

  /// The source named by a command-line argument: `-` is standard input; a
  /// directory must hold pages, or else pictures; with `recursive`, a directory
  /// is a tree whose folders of pages and pictures are all read, each a section.
  ///
  /// A SQLite database (told by its first bytes, or `format` `.sqlite`) is read by
  /// `table`, or by `query`; with neither, its one table, or else an error that
  /// lists its tables.
  public static func resolve(
    _ argument: String, recursive: Bool = false, format: DataFormat? = nil, table: String? = nil, query: String? = nil
  ) throws(LoadError) -> DataOrigin {
    if argument == "-" {
      guard table == nil, query == nil else {
        throw LoadError.unreadable(path: "stdin", reason: "--table and --query read a SQLite database file, not standard input")
      }
      return .standardInput
    }
    guard FileSystem.exists(argument) else { throw LoadError.unreadable(path: argument, reason: "No such file or directory") }
    guard FileSystem.isDirectory(argument) else {
      let file: PageFile
      do { file = try PageFile(path: argument) } catch { throw LoadError.unreadable(path: argument, reason: error.reason) }
      let head = file.bytes(at: 0, count: 16)
      if format == .sqlite || format == nil && ContentSniffer.isSQLite(head) {
        return try database(argument, table: table, query: query)
      }
      if table != nil || query != nil {
        throw LoadError.unreadable(path: argument, reason: "not a SQLite database: --table and --query read one")
      }
      return .file(argument)
    }
    if recursive {
      let pages = try FolderTree.pages(root: argument)
      guard !pages.isEmpty else { throw LoadError.noPages(path: argument) }
      return .tree(argument, pages: pages)
    }
    let names: [String]
    do { names = try FileSystem.list(argument) } catch { throw LoadError.unreadable(path: argument, reason: error.reason) }
    let pages = names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted(by: NaturalOrder.less)
    let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
    guard !pages.isEmpty else {
      let pictures = PictureFolder.pictureNames(names)
      guard !pictures.isEmpty else { throw LoadError.noPages(path: argument) }
      return .pictures(argument, index: try PictureFolder.writeIndex(folder: argument, files: pictures.map { base + "/" + $0 }))
    }
    return .directory(argument, pages: pages.map { base + "/" + $0 })
  }

  /// The database at `path`, read by `table` or `query`, or by its one table or view.
  static func database(_ path: String, table: String?, query: String?) throws(LoadError) -> DataOrigin {
    if let query { return .database(path, .query(query)) }
    let schema: SQLiteSchema
    do { schema = try SQLiteDatabase(path: path).schema() } catch {
      throw LoadError.unreadable(path: path, reason: error.description)
    }
    if let table {
      guard schema.contains(table) else { throw LoadError.unreadable(path: path, reason: schema.missing(table)) }
      return .database(path, .table(table))
    }
    guard schema.names.count == 1 else { throw LoadError.unreadable(path: path, reason: schema.choiceNeeded) }
    return .database(path, .table(schema.names[0]))
  }

  /// The number of pages: a directory's files, otherwise one.
  public var pageCount: Int {
    if case .directory(_, let pages) = self { return pages.count }
    if case .tree(_, let pages) = self { return pages.count }
    return 1
  }

  /// The path of page `index`, or nil for standard input.
  public func pagePath(_ index: Int) -> String? {
    switch self {
    case .file(let path), .database(let path, _): return path
    case .directory(_, let pages): return pages[index]
    case .pictures(_, let page): return page
    case .tree(_, let pages): return pages[index].path
    case .standardInput: return nil
    }
  }

  /// The section page `index` is in: its folder, in a tree; nil otherwise.
  public func pageSection(_ index: Int) -> String? {
    if case .tree(_, let pages) = self { return pages[index].section }
    return nil
  }

  /// The folder of page `index` in a tree, nil otherwise: what the store keeps
  /// for the page (``ItemStore/pictureFolder(at:)``).
  public func treeFolder(_ index: Int) -> String? {
    if case .tree(_, let pages) = self { return pages[index].folder }
    return nil
  }

  /// Whether page `index` is a folder's pictures (its items print as paths).
  public func isPicturePage(_ index: Int) -> Bool {
    switch self {
    case .pictures: return true
    case .tree(_, let pages): return pages[index].pictures != nil
    default: return false
    }
  }

  /// Whether the source is a tree (`--recursive`), whose folders are sections.
  public var isTree: Bool {
    if case .tree = self { return true }
    return false
  }

  /// A name for the status bar and messages.
  public var name: String {
    switch self {
    case .file(let path), .directory(let path, _), .pictures(let path, _), .tree(let path, _), .database(let path, _):
      return path
    case .standardInput: return "stdin"
    }
  }

  /// The folder an item's relative picture path starts from: the data file's
  /// folder, the directory itself, or the working directory for standard input.
  ///
  /// ```swift
  /// DataOrigin.file("Data/notes.jsonl").baseDirectory   // "Data"
  /// ```
  public var baseDirectory: String {
    switch self {
    case .file(let path), .database(let path, _):
      guard let slash = path.lastIndex(of: "/") else { return "." }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    case .directory(let path, _), .pictures(let path, _), .tree(let path, _):
      return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    case .standardInput:
      return "."
    }
  }

  /// For a database table, what reads the pictures its rows hold in BLOBs
  /// (``BlobPicture``) for the thumbnail loader; nil for every other source.
  public var pictureBytes: (@Sendable (String) -> [UInt8]?)? {
    guard case .database(let path, .table(let name)) = self, let table = try? SQLiteTable(path: path, name: name) else { return nil }
    return { reference in BlobPicture(reference: reference).flatMap { table.bytes(of: $0) } }
  }
}
