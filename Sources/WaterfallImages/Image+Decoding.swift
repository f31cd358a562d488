extension Image {
  /// Decodes the PNG, JPEG, GIF (its first frame) or WebP file at `path` (told apart
  /// by its first bytes) into RGB.
  ///
  /// The header is read first and checked against `limits`, so a huge picture is
  /// refused before any pixel memory exists. PNG of every kind (palette, grey, 16-bit,
  /// interlaced) comes out as 8-bit RGB, transparent pixels blended over
  /// `background`; JPEG in grey, YCbCr or CMYK likewise. When `minimumSize` is given a
  /// JPEG may be decoded at 1/2, 1/4 or 1/8 of its size, never below that size: much
  /// faster for a thumbnail.
  ///
  /// ```swift
  /// let image = try Image(contentsOf: "Data/shops/img/rug-001.png")
  /// image[0, 0]   // the top-left pixel
  /// ```
  /// - Throws: ``ImageError``: unreadable, not an image, truncated, corrupt, too large.
  public init(
    contentsOf path: String, limits: ImageLimits = .standard, minimumSize: (width: Int, height: Int)? = nil,
    background: RGB = .black
  ) throws(ImageError) {
    self = try Codec.decode(.file(path), limits: limits, background: background) { _ in minimumSize ?? (0, 0) }
  }
}
