import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The items' pictures: file names resolved against the data's folder, and
/// thumbnails from a ``ThumbnailLoader`` in the terminal's colours and block
/// symbols (``SymbolSet``).
///
/// The browser has pictures only where they can be shown: a terminal with at least
/// 256 colours, colours allowed (no `NO_COLOR`), and a UTF-8 locale (the block
/// symbols are not ASCII). Without them every card keeps its placeholder.
///
/// ```swift
/// let pictures = Pictures(baseDirectory: "Data/shops", mode: .palette256, symbols: .quad)
/// browser.pictures = pictures
/// pictures.beginFrame()
/// browser.draw(in: canvas)   // cards ask for their thumbnails as they draw
/// ```
public final class Pictures {
  public let loader: ThumbnailLoader
  /// The folder relative file names start from.
  public let baseDirectory: String
  public let mode: ColorMode
  public let symbols: SymbolSet
  /// A cell's size in pixels when pictures are also drawn in real pixels (sixel):
  /// thumbnails then carry a ``SixelPicture`` and whoever draws one whole
  /// ``place(_:at:)``s it for the frame.
  public var cellPixels: Size?
  /// Which real pixels thumbnails carry when ``cellPixels`` is set.
  public var pixelProtocol = PixelProtocol.sixel
  /// The sixel pictures placed in the frame being drawn, top-left cells in screen
  /// coordinates.
  public private(set) var placements: [SixelPlacement] = []
  /// The kitty pictures placed in the frame being drawn, likewise.
  public private(set) var kittyPlacements: [KittyPlacement] = []

  /// - Parameters:
  ///   - baseDirectory: where `img/mug.png` is looked for: the data file's folder.
  ///   - onReady: called on a worker thread when a thumbnail is ready; it should
  ///     wake the drawing loop.
  public init(
    baseDirectory: String, mode: ColorMode, symbols: SymbolSet = .standard,
    options: ThumbnailLoader.Options = ThumbnailLoader.Options(), onReady: (@Sendable () -> Void)? = nil
  ) {
    self.baseDirectory = baseDirectory
    self.mode = mode
    self.symbols = symbols
    loader = ThumbnailLoader(options: options, onReady: onReady)
  }

  /// Pictures decoded only when ``decodeWaiting()`` is called, on the caller's
  /// thread, in 256 colours: for `waterfall render`, whose output must not depend
  /// on timing.
  public static func synchronous(
    baseDirectory: String, symbols: SymbolSet = .standard, bytesForPath: (@Sendable (String) -> [UInt8]?)? = nil
  ) -> Pictures {
    var options = ThumbnailLoader.Options()
    options.workers = 0
    options.bytesForPath = bytesForPath
    return Pictures(baseDirectory: baseDirectory, mode: .palette256, symbols: symbols, options: options)
  }

  /// Decodes every picture asked for and not yet decoded, on this thread.
  public func decodeWaiting() {
    loader.decodeWaiting()
  }

  /// The path to open for an item's `image` field: absolute as it is, otherwise
  /// relative to `folder` (the item's own, in a folder tree) or ``baseDirectory``;
  /// a picture in a database's BLOB as its reference.
  public func path(for image: String, in folder: String? = nil) -> String {
    if BlobPicture(reference: image) != nil { return image }
    return Self.path(for: image, in: folder ?? baseDirectory)
  }

  /// `image` as a path from the working directory: absolute as it is, otherwise
  /// relative to `folder`.
  ///
  /// ```swift
  /// Pictures.path(for: "img/mug.png", in: "Data/shops")   // "Data/shops/img/mug.png"
  /// ```
  public static func path(for image: String, in folder: String) -> String {
    if image.hasPrefix("/") || folder.isEmpty || folder == "." { return image }
    return (folder.hasSuffix("/") ? folder : folder + "/") + image
  }

  /// Whether `image` names a picture on the web (`http:` or `https:`), which is
  /// never fetched: the browser reads no network.
  public static func isRemote(_ image: String) -> Bool {
    let start = image.prefix(8).lowercased()
    return start.hasPrefix("http://") || start.hasPrefix("https://")
  }

  /// Why a remote picture shows no picture.
  public static let remoteFailure = ImageError.unreadable("remote pictures are not fetched")

  /// The thumbnail of `image` in `shape`, requested if it is not ready. With
  /// `wakesOnFailure` (whoever shows why a picture is missing), its failure wakes
  /// the drawing loop as a picture made ready does.
  public func thumbnail(_ image: String, in folder: String? = nil, shape: ThumbnailShape, wakesOnFailure: Bool = false)
    -> ThumbnailState
  {
    thumbnail(for: key(for: image, in: folder, shape: shape), wakesOnFailure: wakesOnFailure)
  }

  /// What the loader knows `image` in `shape` by, or `nil` for a remote picture
  /// (never fetched): worked out once by a card that draws it on every frame.
  ///
  /// ```swift
  /// let key = pictures.key(for: "img/mug.png", shape: .fill(width: 24, height: 12))
  /// pictures.thumbnail(for: key)   // as pictures.thumbnail("img/mug.png", shape: ...)
  /// ```
  public func key(for image: String, in folder: String? = nil, shape: ThumbnailShape) -> ThumbnailKey? {
    if Self.isRemote(image) { return nil }
    return ThumbnailKey(
      path: path(for: image, in: folder), shape: shape, mode: mode, symbols: symbols, cellPixels: cellPixels,
      pixels: pixelProtocol)
  }

  /// The thumbnail of the picture `key` names (``key(for:in:shape:)``; `nil`: a
  /// remote one), requested if it is not ready.
  public func thumbnail(for key: ThumbnailKey?, wakesOnFailure: Bool = false) -> ThumbnailState {
    guard let key else { return .failed(Self.remoteFailure) }
    return loader.thumbnail(key, wakesOnFailure: wakesOnFailure)
  }

  /// Counts ``removeAll()``s: a failure seen before a different count may be
  /// gone (the file may be there now).
  public private(set) var generation = 0

  /// Forgets every thumbnail and failure (after the files changed).
  public func removeAll() {
    loader.removeAll()
    generation += 1
  }

  /// Why `image` cannot be shown, once that is known.
  public func failure(of image: String, in folder: String? = nil) -> ImageError? {
    if Self.isRemote(image) { return Self.remoteFailure }
    return loader.failure(forPath: path(for: image, in: folder))
  }

  /// Ends a frame: the workers start on the pictures it asked for (when the
  /// loader's options hold requests until then).
  public func endFrame() {
    loader.endFrame()
  }

  /// Starts a frame: pictures not drawn since the frame before stop being wanted.
  public func beginFrame() {
    loader.beginFrame()
    placements.removeAll(keepingCapacity: true)
    kittyPlacements.removeAll(keepingCapacity: true)
  }

  /// Draws `thumbnail` with its top-left cell at `origin`, only where it meets
  /// `clip`; when it is whole inside `clip` and carries real pixels, places them
  /// there too, to be sent after the cells (see ``placements``).
  public func draw(_ thumbnail: Thumbnail, in canvas: any Canvas, at origin: Point, clip: Rect) {
    thumbnail.draw(in: canvas, at: origin, clip: clip)
    let frame = Rect(x: origin.x, y: origin.y, width: thumbnail.width, height: thumbnail.height)
    guard thumbnail.sixel != nil || thumbnail.kitty != nil, frame.intersection(clip) == frame, frame.intersection(canvas.bounds) == frame
    else { return }
    // Cards draw through regions in the content's coordinates: the screen's are wanted.
    var base: any Canvas = canvas
    var screen = origin
    while let region = base as? CanvasRegion {
      screen = Point(x: screen.x + region.offset.x, y: screen.y + region.offset.y)
      base = region.base
    }
    let placed = Rect(x: screen.x, y: screen.y, width: frame.width, height: frame.height)
    guard placed.intersection(base.bounds) == placed else { return }
    if let sixel = thumbnail.sixel { placements.append(SixelPlacement(origin: screen, picture: sixel)) }
    if let kitty = thumbnail.kitty { kittyPlacements.append(KittyPlacement(origin: screen, picture: kitty)) }
  }

  /// Stops decoding; after this no `onReady` call happens.
  public func stop() {
    loader.stop()
  }
}
