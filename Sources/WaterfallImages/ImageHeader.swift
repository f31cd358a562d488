/// What a picture file's header says: its format, its size and its EXIF
/// orientation, read without decoding any pixel (for PNG the chunks before the
/// image data, for JPEG the markers before the first scan, for WebP the chunks'
/// headers), so sizing hundreds of cards costs little.
///
/// ```swift
/// let header = try ImageHeader.read("Data/shops/img/rug-001.png")
/// (header.width, header.height)   // (83, 117)
/// ```
public struct ImageHeader: Hashable, Sendable {
  public var format: ImageFormat
  /// The size the picture is shown at: upright, as its EXIF orientation turns it
  /// (a phone's portrait photo stored 4000x3000 is 3000 wide, 4000 high).
  public var width: Int
  public var height: Int
  /// How the stored pixels are turned to be shown (JPEG and WebP EXIF).
  public var orientation: PictureOrientation

  public init(format: ImageFormat, width: Int, height: Int, orientation: PictureOrientation = .normal) {
    self.format = format
    self.width = width
    self.height = height
    self.orientation = orientation
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
