/// One file, in any format a page can be in (``PageReader``): JSON, JSON Lines,
/// CSV or TSV. One page.
///
/// ```swift
/// let source = FileSource(path: "Data/notes.jsonl")
/// source.sourceDescription.baseDirectory   // "Data": its items' pictures are named from there
/// ```
struct FileSource: ItemSource {
  let path: String

  var sourceDescription: SourceDescription {
    SourceDescription(name: path, baseDirectory: SourceDescription.folder(of: path))
  }

  func open(_ settings: ReadSettings) -> any PageCursor {
    OnePageCursor { [path] sink in Self.read(path, settings: settings, into: sink) }
  }

  /// Reads the file at `path` as one page into `sink`; a folder tree's pages
  /// are read so too, with their `section` and `folder`.
  static func read(
    _ path: String, settings: ReadSettings, section: String? = nil, folder: String? = nil, into sink: any PageSink
  ) -> LoadError? {
    let file: PageFile
    do { file = try PageFile(path: path) } catch { return .unreadable(path: error.path, reason: error.reason) }
    sink.opened(OpenedPage(file: file, section: section, folder: folder))
    return PageLoad(file: file, settings: settings).run(into: sink)
  }
}
