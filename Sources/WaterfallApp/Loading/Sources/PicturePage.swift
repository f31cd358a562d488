/// A folder's pictures as one page, made as it is read: a batch of pictures'
/// headers at a time becomes JSON Lines (``PictureFolder/page(folder:files:)``),
/// appended to an unlinked temporary file (which the store reads items again
/// from) and read as any page is. The first batch is small, so the first cards
/// of a folder of 100,000 pictures show after a few dozen headers; a cancelled
/// reading stops between batches.
///
/// ```swift
/// let page = PicturePage(folder: "Data/pictures", files: ["Data/pictures/01-sky.jpg", "Data/pictures/02-sea.png"])
/// let error = page.read(settings: settings, into: sink)   // opens one page of pictures, then its items
/// ```
struct PicturePage {
  /// How many pictures' headers the first batch reads, and each later one.
  static let firstBatch = 64
  static let batch = 1_024

  /// The folder (the page's name in messages).
  let folder: String
  /// The picture files, in the order they are items.
  let files: [String]

  /// Reads the page into `sink`, its section and folder as a folder tree gives them.
  func read(settings: ReadSettings, section: String? = nil, folderForItems: String? = nil, into sink: any PageSink) -> LoadError? {
    // Kept in memory only when no temporary file can be made.
    let file = (try? PageFile(generated: folder)) ?? PageFile(memoryPage: folder)
    sink.opened(OpenedPage(file: file, section: section, folder: folderForItems, isPictures: true))
    var done = 0
    return PageLoad(file: file, settings: settings).run(into: sink) { (buffer) throws(FileSystem.Failure) -> Int in
      guard done < files.count else { return 0 }
      let end = min(files.count, done + (done == 0 ? Self.firstBatch : Self.batch))
      let bytes = PictureFolder.page(folder: folder, files: Array(files[done..<end]))
      done = end
      try file.append(bytes)
      buffer = bytes
      return bytes.count
    }
  }
}
