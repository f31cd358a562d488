import WaterfallImages
import WaterfallTerminal

#if canImport(Glibc)
  import Glibc
#endif

extension TerminalApp {
  /// Gives `browser` pictures when the terminal can show them: 256 colours or
  /// direct colour, colours allowed, and Unicode lines (the block symbols are not
  /// ASCII), in the symbols the options name, and in real pixels too (sixel or
  /// kitty's) when the options say the terminal shows them and it reports its
  /// cells' size; pictures by URL fetched when ``Browser/Options/remotePictures``
  /// says so. Thumbnails decode on a worker thread that wakes the session when one
  /// is ready. Returns them, to be stopped before the session ends.
  ///
  /// ```swift
  /// let pictures = startPictures(browser: browser, source: controller?.source, session: session)
  /// defer { pictures?.stop() }
  /// ```
  static func startPictures(browser: Browser, source: (any ItemSource)?, session: TerminalSession) -> Pictures? {
    guard let source, browser.options.showsPictures, browser.options.theme.border != .ascii else { return nil }
    let mode: ColorMode
    switch session.colorSupport {
    case .direct: mode = .truecolor
    case .palette256: mode = .palette256
    case .none, .basic: return nil
    }
    let wake = session.wakeUp
    var options = ThumbnailLoader.Options()
    options.bytesForPath = source.pictureBytes
    // The workers wait for the frame to be written (`endFrame()` in `frameShown`):
    // none takes the lock while it is drawn, and waking them does not delay it.
    options.wakesWorkersAtFrameEnd = true
    // Picture files' thumbnails shared with the file managers (~/.cache/thumbnails),
    // unless WATERFALL_NO_THUMBNAIL_CACHE is set to anything but "".
    if getenv("WATERFALL_NO_THUMBNAIL_CACHE").map({ $0.pointee == 0 }) ?? true {
      options.thumbnailFolder = FreedesktopThumbnails()
    }
    // Pictures named by URL: fetched only when the options say so (`--fetch-pictures`,
    // or data that came over HTTP).
    let remoteOptions = browser.options.remotePictures
    let remote = remoteOptions.fetches ? RemotePictures(options: remoteOptions, onReady: { wake.signal() }) : nil
    let pictures = Pictures(
      baseDirectory: source.sourceDescription.baseDirectory, mode: mode, symbols: browser.options.symbols, options: options, remote: remote,
      onReady: { wake.signal() })
    // Real pixels need the cell's size in pixels, which the terminal may not report.
    if let pixels = browser.options.pixels {
      pictures.cellPixels = session.cellPixelSize
      pictures.pixelProtocol = pixels
    }
    browser.pictures = pictures
    return pictures
  }
}
