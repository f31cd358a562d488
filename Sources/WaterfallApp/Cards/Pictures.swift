import WaterfallImages
import WaterfallLayout
import WaterfallNetwork
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
  /// Pictures named by URL, fetched and cached; nil: they are not fetched.
  public let remote: RemotePictures?
  /// Whether a card asked for a picture by URL while they are not fetched.
  public private(set) var skippedRemote = false
  private var remoteNoticeGiven = false
  private let onReady: (@Sendable () -> Void)?

  /// - Parameters:
  ///   - baseDirectory: where `img/mug.png` is looked for: the data file's folder.
  ///   - remote: where pictures named by URL come from; nil: they are not fetched.
  ///   - onReady: called on a worker thread when a thumbnail is ready; it should
  ///     wake the drawing loop.
  public init(
    baseDirectory: String, mode: ColorMode, symbols: SymbolSet = .standard,
    options: ThumbnailLoader.Options = ThumbnailLoader.Options(), remote: RemotePictures? = nil,
    onReady: (@Sendable () -> Void)? = nil
  ) {
    self.baseDirectory = baseDirectory
    self.mode = mode
    self.symbols = symbols
    self.remote = remote
    self.onReady = onReady
    var options = options
    if let remote {
      // A URL's picture is decoded from the bytes the fetcher kept.
      let files = options.bytesForPath
      options.bytesForPath = { path in Self.isRemote(path) ? remote.bytes(for: path) : files?(path) }
    }
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
  /// relative to `folder`; a URL as it is, and a name relative to a URL (the
  /// page of a feed it came from) resolved against it.
  ///
  /// ```swift
  /// Pictures.path(for: "img/mug.png", in: "Data/shops")                     // "Data/shops/img/mug.png"
  /// Pictures.path(for: "/img/mug.png", in: "https://shop.example/items?p=2")   // "https://shop.example/img/mug.png"
  /// ```
  public static func path(for image: String, in folder: String) -> String {
    if isRemote(image) { return image }
    if isRemote(folder) { return URLReference.resolve(image, against: folder) }
    if image.hasPrefix("/") || folder.isEmpty || folder == "." { return image }
    return (folder.hasSuffix("/") ? folder : folder + "/") + image
  }

  /// Whether `image` names a picture on the web (`http:` or `https:`): fetched
  /// only when the pictures have a ``remote`` fetcher.
  public static func isRemote(_ image: String) -> Bool {
    let start = image.prefix(8).lowercased()
    return start.hasPrefix("http://") || start.hasPrefix("https://")
  }

  /// The picture area of a card whose picture is named by URL without its size
  /// (`w`, `h`): 4:3, never measured over the network, so the layout never waits
  /// for a server and does not move when the picture comes (it is drawn to fill
  /// the area). Taken as a photo's pixels (1600 x 1200): an area as large as the
  /// card allows (``PictureArea`` holds small pictures small by their pixels).
  public static let remoteAspect = CardContent.Aspect(width: 1600, height: 1200)!

  /// Why a picture by URL shows no picture when they are not fetched.
  public static let remoteFailure = ImageError.unreadable("pictures by URL are not fetched (--fetch-pictures fetches them)")

  /// What the status bar says, once, when a card asked for a picture by URL that
  /// is not fetched; nil after the first time.
  public func takeRemoteNotice() -> String? {
    guard skippedRemote, !remoteNoticeGiven else { return nil }
    remoteNoticeGiven = true
    return "pictures by URL are not fetched (--fetch-pictures fetches them)"
  }

  /// The thumbnail of `image` in `shape`, requested if it is not ready. With
  /// `wakesOnFailure` (whoever shows why a picture is missing), its failure wakes
  /// the drawing loop as a picture made ready does.
  public func thumbnail(_ image: String, in folder: String? = nil, shape: ThumbnailShape, wakesOnFailure: Bool = false)
    -> ThumbnailState
  {
    thumbnail(for: key(for: image, in: folder, shape: shape), wakesOnFailure: wakesOnFailure)
  }

  /// What the loader knows `image` in `shape` by (a URL as it is), or `nil` for a
  /// picture by URL that is not fetched: worked out once by a card that draws it on
  /// every frame.
  ///
  /// ```swift
  /// let key = pictures.key(for: "img/mug.png", shape: .fill(width: 24, height: 12))
  /// pictures.thumbnail(for: key)   // as pictures.thumbnail("img/mug.png", shape: ...)
  /// ```
  public func key(for image: String, in folder: String? = nil, shape: ThumbnailShape) -> ThumbnailKey? {
    // A relative name in data that came over HTTP is a URL too.
    let resolved = path(for: image, in: folder)
    let remoteImage = Self.isRemote(resolved)
    if remoteImage, remote == nil {
      if !skippedRemote {
        skippedRemote = true
        // A frame to say so in the status bar.
        onReady?()
      }
      return nil
    }
    return ThumbnailKey(
      path: resolved, shape: shape, mode: mode, symbols: symbols,
      cellPixels: cellPixels, pixels: pixelProtocol)
  }

  /// The thumbnail of the picture `key` names (``key(for:in:shape:)``; `nil`: one by
  /// URL, not fetched), requested if it is not ready: a picture by URL is fetched
  /// first (``RemotePictures/want(_:)``), then decoded as a file is.
  public func thumbnail(for key: ThumbnailKey?, wakesOnFailure: Bool = false) -> ThumbnailState {
    guard let key else { return .failed(Self.remoteFailure) }
    if let remote, Self.isRemote(key.path) {
      switch remote.want(key.path) {
      case .pending: return .pending
      case .failed(let error): return .failed(error)
      case .ready: break
      }
    }
    return loader.thumbnail(key, wakesOnFailure: wakesOnFailure)
  }

  /// A card stops showing the picture `key` names (it is reused for another item):
  /// a picture by URL still on its way is given up unless another card shows it.
  public func release(_ key: ThumbnailKey?) {
    guard let key, let remote, Self.isRemote(key.path) else { return }
    remote.release(key.path)
  }

  /// Counts ``removeAll()``s: a failure seen before a different count may be
  /// gone (the file may be there now).
  public private(set) var generation = 0

  /// Forgets every thumbnail and failure (after the files changed).
  public func removeAll() {
    loader.removeAll()
    remote?.removeFailures()
    generation += 1
  }

  /// Why `image` cannot be shown, once that is known.
  public func failure(of image: String, in folder: String? = nil) -> ImageError? {
    let image = path(for: image, in: folder)
    if Self.isRemote(image) {
      guard let remote else { return Self.remoteFailure }
      if case .failed(let error) = remote.want(image) { return error }
      return loader.failure(forPath: image)
    }
    return loader.failure(forPath: image)
  }

  /// What the details say of `image`: why it cannot be shown; for a picture by
  /// URL, the URL (without passwords or tokens), its HTTP status and whether it
  /// came from the cache.
  ///
  /// ```swift
  /// pictures.note(of: "https://example.com/cat.png")   // "https://example.com/cat.png · HTTP 200 · downloaded"
  /// ```
  public func note(of image: String, in folder: String? = nil) -> String? {
    let image = path(for: image, in: folder)
    guard Self.isRemote(image) else { return failure(of: image)?.reason }
    let url = Redaction.url(image)
    guard let remote else { return url + " · " + Self.remoteFailure.reason }
    var parts = [url]
    if let note = remote.note(for: image) { parts.append(note) }
    if let error = loader.failure(forPath: image) { parts.append(error.reason) }
    return parts.joined(separator: " · ")
  }

  /// Ends a frame: the workers start on the pictures it asked for (when the
  /// loader's options hold requests until then).
  public func endFrame() {
    loader.endFrame()
    remote?.endFrame()
  }

  /// Starts a frame: pictures not drawn since the frame before stop being wanted.
  public func beginFrame() {
    loader.beginFrame()
    remote?.beginFrame()
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
    remote?.stop()
  }
}
