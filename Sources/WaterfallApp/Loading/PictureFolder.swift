import WaterfallImages

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of pictures as items: one JSON object per picture file, with its name,
/// its size in pixels (read from the file's header only), its file size and format,
/// and its absolute `path` (what `--print` gives the next command), written as a
/// JSON Lines page the loader reads like any other. PNG, JPEG, GIF and WebP files
/// are pictures; an SVG is an item too, whose `error` says it is not drawn.
///
/// The page lives in an unnamed temporary file (`tmpfile`), open for as long as the
/// program runs and reached as `/proc/self/fd/N`, since the item store reads an
/// item's text again from its page when its details open.
///
/// ```swift
/// let page = PictureFolder.page(folder: "Data/pictures", files: ["Data/pictures/01-sky.jpg"])
/// // {"name":"01-sky.jpg","size":"240×240","img":"01-sky.jpg","path":"/home/me/Data/pictures/01-sky.jpg",
/// //  "w":240,"h":240,"format":"JPEG","bytes":4211}
/// ```
enum PictureFolder {
  /// Writes the page of `files` to a temporary file and returns the path to read
  /// it by.
  static func writeIndex(folder: String, files: [String]) throws(LoadError) -> String {
    let bytes = page(folder: folder, files: files)
    guard let file = tmpfile() else {
      throw LoadError.unreadable(path: folder, reason: "cannot make a temporary file: \(FileSystem.lastError())")
    }
    let fd = fileno(file)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else {
        throw LoadError.unreadable(path: folder, reason: "cannot write a temporary file: \(FileSystem.lastError())")
      }
      written += n
    }
    return "/proc/self/fd/\(fd)"
  }

  /// The picture files among `names` (by extension, SVG too), in natural order.
  static func pictureNames(_ names: [String]) -> [String] {
    names.filter { !$0.hasPrefix(".") && ImageFormat.isPictureName($0, includingUndrawn: true) }.sorted(by: NaturalOrder.less)
  }

  /// `path` from the root: as it is when absolute, else after the working directory.
  ///
  /// ```swift
  /// PictureFolder.absolute("Data/pictures/01-sky.jpg")   // "/home/me/waterfall/Data/pictures/01-sky.jpg"
  /// ```
  static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (directory == "/" ? "" : directory) + "/" + relative
  }

  /// One JSON object per file of `files` (paths inside `folder`), a line each. A file
  /// whose header cannot be read is still an item, with an `error` field instead of
  /// its size.
  static func page(folder: String, files: [String]) -> [UInt8] {
    var out: [UInt8] = []
    for path in files {
      let name = String(path.split(separator: "/").last ?? Substring(path))
      var members = [JSONMember(key: "name", value: .string(name))]
      let header: ImageHeader?
      do {
        header = try ImageHeader.read(path)
      } catch {
        header = nil
        members.append(JSONMember(key: "error", value: .string(error.reason)))
      }
      if let header {
        members.append(JSONMember(key: "size", value: .string("\(header.width)×\(header.height)")))
      }
      members.append(JSONMember(key: "img", value: .string(name)))
      members.append(JSONMember(key: "path", value: .string(absolute(path))))
      if let header {
        members.append(JSONMember(key: "w", value: .number(String(header.width))))
        members.append(JSONMember(key: "h", value: .number(String(header.height))))
        members.append(JSONMember(key: "format", value: .string(header.format.name)))
        if let turned = header.orientation.description {
          members.append(JSONMember(key: "orientation", value: .string(turned)))
        }
      }
      if let bytes = FileSystem.signature(path)?.size {
        members.append(JSONMember(key: "bytes", value: .number(String(bytes))))
      }
      out += Array(JSONValue.object(members).compactText.utf8)
      out.append(0x0A)
    }
    return out
  }
}
