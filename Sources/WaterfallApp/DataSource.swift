/// Where the items come from.
public enum DataSource: Equatable, Sendable {
  /// One file: a JSON array or JSON Lines.
  case file(String)
  /// A directory of pages, in natural order (1.json, 2.json, 10.json).
  case directory(String, pages: [String])
  /// A directory of pictures and no pages: one item per picture file, in natural
  /// order, read as the JSON Lines page `index` that ``PictureFolder`` wrote.
  case pictures(String, index: String)
  /// Standard input: a JSON array or JSON Lines.
  case standardInput

  /// The source named by a command-line argument: `-` is standard input; a
  /// directory must hold pages, or else pictures.
  public static func resolve(_ argument: String) throws(LoadError) -> DataSource {
    if argument == "-" { return .standardInput }
    guard FileSystem.exists(argument) else { throw LoadError.unreadable(path: argument, reason: "No such file or directory") }
    guard FileSystem.isDirectory(argument) else { return .file(argument) }
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

  /// The number of pages: a directory's files, otherwise one.
  public var pageCount: Int {
    if case .directory(_, let pages) = self { return pages.count }
    return 1
  }

  /// The path of page `index`, or nil for standard input.
  public func pagePath(_ index: Int) -> String? {
    switch self {
    case .file(let path): return path
    case .directory(_, let pages): return pages[index]
    case .pictures(_, let page): return page
    case .standardInput: return nil
    }
  }

  /// A name for the status bar and messages.
  public var name: String {
    switch self {
    case .file(let path), .directory(let path, _), .pictures(let path, _): return path
    case .standardInput: return "stdin"
    }
  }

  /// The folder an item's relative picture path starts from: the data file's
  /// folder, the directory itself, or the working directory for standard input.
  ///
  /// ```swift
  /// DataSource.file("Data/notes.jsonl").baseDirectory   // "Data"
  /// ```
  public var baseDirectory: String {
    switch self {
    case .file(let path):
      guard let slash = path.lastIndex(of: "/") else { return "." }
      return slash == path.startIndex ? "/" : String(path[..<slash])
    case .directory(let path, _), .pictures(let path, _):
      return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    case .standardInput:
      return "."
    }
  }
}
