/// What a picture file's header says: its format and size, read without decoding
/// any pixel (for PNG the chunks before the image data, for JPEG the markers before
/// the first scan), so sizing hundreds of cards costs little.
///
/// ```swift
/// let header = try ImageHeader.read("Data/shops/img/rug-001.png")
/// (header.width, header.height)   // (83, 117)
/// ```
public struct ImageHeader: Hashable, Sendable {
  public var format: ImageFormat
  public var width: Int
  public var height: Int

  public init(format: ImageFormat, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }

  /// Reads the header of the file at `path`.
  public static func read(_ path: String) throws(ImageError) -> ImageHeader {
    try Codec.readHeader(.file(path))
  }

  /// Reads the header of the picture in `bytes` (a BLOB from a database).
  public static func read(bytes: [UInt8]) throws(ImageError) -> ImageHeader {
    try Codec.readHeader(.bytes(bytes))
  }
}
