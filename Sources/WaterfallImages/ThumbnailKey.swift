import WaterfallLayout

/// What a thumbnail is cached under: the file, the cells it takes, its colours and
/// its symbols.
///
/// ```swift
/// let key = ThumbnailKey(path: "Data/shops/img/rug-001.png", shape: .fill(width: 24, height: 12), mode: .palette256)
/// ```
public struct ThumbnailKey: Hashable, Sendable {
  /// The picture file, as it will be opened (relative to the working directory or
  /// absolute).
  public var path: String
  public var shape: ThumbnailShape
  public var mode: ColorMode
  public var symbols: SymbolSet
  /// A cell's size in pixels, when the thumbnail should carry real pixels too.
  public var cellPixels: Size?
  /// Which: a sixel or a kitty picture.
  public var pixels: PixelProtocol

  public init(
    path: String, shape: ThumbnailShape, mode: ColorMode, symbols: SymbolSet = .standard, cellPixels: Size? = nil,
    pixels: PixelProtocol = .sixel
  ) {
    self.path = path
    self.shape = shape
    self.mode = mode
    self.symbols = symbols
    self.cellPixels = cellPixels
    self.pixels = pixels
  }
}
