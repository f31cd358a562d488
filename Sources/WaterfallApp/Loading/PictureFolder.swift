import WaterfallImages

#if canImport(Glibc)
  import Glibc
#endif

/// A folder of pictures as items: one JSON object per picture file, with its name,
/// its size in pixels (read from the file's header only), its file size and format,
/// and its absolute `path` (what `--print` gives the next command), as JSON Lines
/// the loader reads like any other page (``PicturePage`` makes it as it is read).
/// PNG, JPEG, GIF and WebP files are pictures; an SVG is an item too, whose
/// `error` says it is not drawn.
///
/// ```swift
/// let page = PictureFolder.page(folder: "Data/pictures", files: ["Data/pictures/01-sky.jpg"])
/// // {"name":"01-sky.jpg","size":"240×240","img":"01-sky.jpg","path":"/home/me/Data/pictures/01-sky.jpg",
/// //  "w":240,"h":240,"format":"JPEG","bytes":4211}
/// ```
enum PictureFolder {
  /// The picture files among `names` (by extension, SVG too), in natural order.
  static func pictureNames(_ names: [String]) -> [String] {
    NaturalOrder.sorted(names.filter { !$0.hasPrefix(".") && ImageFormat.isPictureName($0, includingUndrawn: true) })
  }

  /// `path` from the root: as it is when absolute, else after the working directory.
  ///
  /// ```swift
  /// PictureFolder.absolute("Data/pictures/01-sky.jpg")   // "/home/me/waterfall/Data/pictures/01-sky.jpg"
  /// ```
  static func absolute(_ path: String) -> String {
    absolute(path, from: workingDirectory())
  }

  /// `path` from the root, relative ones after `directory` (nil: as they are).
  static func absolute(_ path: String, from directory: String?) -> String {
    if path.hasPrefix("/") { return path }
    guard let directory else { return path }
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (directory == "/" ? "" : directory) + "/" + relative
  }

  /// One JSON object per file of `files` (paths inside `folder`), a line each. A file
  /// whose header cannot be read is still an item, with an `error` field instead of
  /// its size.
  static func page(folder: String, files: [String]) -> [UInt8] {
    var out: [UInt8] = []
    let directory = workingDirectory()
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
      members.append(JSONMember(key: "path", value: .string(absolute(path, from: directory))))
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

  /// The working directory, or nil when it cannot be told.
  private static func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
