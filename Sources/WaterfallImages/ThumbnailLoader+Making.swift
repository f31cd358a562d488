/// Making one thumbnail, as a worker does: from a picture's bytes, its file, or the
/// shared thumbnails folder (``FreedesktopThumbnails``).
///
/// ```swift
/// let thumbnail = try ThumbnailLoader.make(key, options: options, limits: .standard)
/// ```
extension ThumbnailLoader {
  /// Decodes the picture of `key` within `limits` and makes its thumbnail, as the
  /// workers do unless ``Options/decode`` says otherwise.
  public static func make(_ key: ThumbnailKey, options: Options, limits: ImageLimits) throws(ImageError) -> Thumbnail {
    var use = FolderUse()
    let thumbnail = try make(key, options: options, limits: limits, use: &use)
    use.writeNow()
    return thumbnail
  }

  /// What making a thumbnail did with the shared thumbnails folder, and what it
  /// leaves to write there (after the thumbnail is shown: ``writeNow()``).
  struct FolderUse {
    var read = false
    var write: (folder: FreedesktopThumbnails, image: Image, original: ThumbnailOriginal, size: ThumbnailSize)?
    var written = false
    var writeFailed = false

    /// Writes what is left to write, noting how it went.
    mutating func writeNow() {
      guard let write else { return }
      self.write = nil
      do {
        try write.folder.write(write.image, of: write.original, size: write.size)
        written = true
      } catch {
        writeFailed = true
      }
    }
  }

  /// ``make(_:options:limits:)``, saying in `use` what it did with
  /// ``Options/thumbnailFolder``: a picture file drawn no larger than a fresh
  /// thumbnail there is made from that thumbnail; one decoded instead is decoded at
  /// least as large as the size its drawing needs (``ThumbnailSize/covering(_:)``)
  /// and, when larger than that size and opaque, left in `use` to be kept there.
  static func make(
    _ key: ThumbnailKey, options: Options, limits: ImageLimits, use: inout FolderUse
  ) throws(ImageError) -> Thumbnail {
    let needed = { (header: ImageHeader) -> (width: Int, height: Int) in
      let cells = key.shape.cells(forPicture: header.width, header.height)
      if let pixels = key.cellPixels { return (cells.width * pixels.width, cells.height * pixels.height) }
      return (cells.width * key.symbols.gridWidth, cells.height * key.symbols.gridHeight)
    }
    func thumbnail(_ image: Image) -> Thumbnail {
      Thumbnail(image: image, shape: key.shape, mode: key.mode, symbols: key.symbols, cellPixels: key.cellPixels, pixels: key.pixels)
    }
    if let bytes = options.bytesForPath?(key.path) {
      return thumbnail(try Codec.decode(.bytes(bytes), limits: limits, background: options.background, minimumSize: needed))
    }
    guard let folder = options.thumbnailFolder, let original = ThumbnailOriginal(file: key.path), folder.keeps(original) else {
      return thumbnail(try Codec.decode(.file(key.path), limits: limits, background: options.background, minimumSize: needed))
    }
    let cached = folder.read(original, limits: limits, background: options.background) { header in
      let need = needed(header)
      return max(header.width, header.height) >= max(need.width, need.height)
    }
    if let cached {
      use.read = true
      return thumbnail(cached)
    }
    var size: ThumbnailSize?
    let image = try Codec.decode(.file(key.path), limits: limits, background: options.background) { header in
      let need = needed(header)
      let longest = max(header.width, header.height)
      guard let covering = ThumbnailSize.covering(max(need.width, need.height)), longest > covering.pixels else { return need }
      size = covering
      // Large enough for the thumbnail too: its longest side at least the size's.
      let width = (header.width * covering.pixels + longest - 1) / longest
      let height = (header.height * covering.pixels + longest - 1) / longest
      return (max(need.width, width), max(need.height, height))
    }
    if let size, image.alpha == nil { use.write = (folder, image, original, size) }
    return thumbnail(image)
  }
}
