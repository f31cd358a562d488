/// Where a picture's bytes are: a file, or memory (a BLOB from a database).
///
/// ```swift
/// let header = try ImageHeader.read(.bytes(blob))
/// let image = try Image(source: .file("cat.png"))
/// ```
public enum PictureSource: Sendable {
  case file(String)
  case bytes([UInt8])
}
