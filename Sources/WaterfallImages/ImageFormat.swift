/// The picture file formats `WaterfallImages` decodes, told apart by the file's
/// first bytes, never by its name.
///
/// ```swift
/// try ImageHeader.read("photo.png").format   // .jpeg, if it really is one
/// ```
public enum ImageFormat: String, Hashable, Sendable {
  case png
  case jpeg

  /// The file name extensions a picture usually has, lower case.
  public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg", "jpe", "jfif"]

  /// Whether `name` ends with a picture extension (any case): how a folder's pictures
  /// are told from its other files before any of them is read.
  public static func isPictureName(_ name: String) -> Bool {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
    return fileExtensions.contains(name[name.index(after: dot)...].lowercased())
  }
}
