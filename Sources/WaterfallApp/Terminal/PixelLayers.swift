import WaterfallImages
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

/// The real pixels drawn over the cards' picture cells (sixel or kitty's), and
/// how they were chosen: outright (`--pictures kitty|sixel`, or what the
/// environment said) or, with ``Browser/Options/asksForPixels`` (`--pictures
/// auto`), by the terminal's answer to a ``GraphicsProbe``.
///
/// The terminal is asked once, after the first frame in which a card asked for
/// a picture: data without pictures never sends the question, and no frame
/// waits for its answer. Until it comes, and when it does not come within
/// ``GraphicsProbe/limit``, pictures are block symbols; when it says kitty or
/// sixel (and the cell's size in pixels is known), the pictures switch to real
/// pixels (``Pictures/showPixels(_:cellPixels:)``) and the next frame shows them.
///
/// ```swift
/// let layers = PixelLayers(pictures: pictures, asks: true, write: { session.writeAfterFrame($0) },
///                          cellPixels: { session.cellPixelSize })
/// layers.update(time: 0); browser.draw(in: canvas); layers.frameShown()   // asked, if a card showed a picture
/// layers.take(.deviceAttributes([62, 4]), time: 8)                         // true: sixel from the next frame
/// ```
final class PixelLayers {
  /// Pictures sent as sixel after each frame, when the terminal shows them.
  private(set) var sixels: SixelLayer?
  /// Pictures placed with kitty's protocol, when the terminal shows them.
  private(set) var kitty: KittyLayer?
  /// The question to the terminal, when the options leave the pixels to its answer.
  private(set) var probe: GraphicsProbe?
  private let pictures: Pictures?
  private let tmuxPane: Point?
  private let write: ([UInt8]) -> Void
  private let cellPixels: () -> Size?
  /// The time of the frame being drawn, from ``update(time:)``.
  private var frameTime: UInt64 = 0

  /// - Parameters:
  ///   - pictures: the browser's pictures, with their real pixels already set
  ///     when the options chose them (nil: no pictures, nothing asked).
  ///   - asks: whether the terminal is asked (``Browser/Options/asksForPixels``).
  ///   - tmuxPane: where the pane is when pixels go through tmux's passthrough.
  ///   - write: writes the question to the terminal, after the frame.
  ///   - cellPixels: a cell's size in pixels as the tty reports it, if it does.
  init(
    pictures: Pictures?, asks: Bool, tmuxPane: Point? = nil, write: @escaping ([UInt8]) -> Void,
    cellPixels: @escaping () -> Size?
  ) {
    self.pictures = pictures
    self.tmuxPane = tmuxPane
    self.write = write
    self.cellPixels = cellPixels
    if let pictures, pictures.cellPixels != nil { makeLayer(pictures.pixelProtocol) }
    probe = asks && pictures != nil ? GraphicsProbe() : nil
  }

  /// Before a frame: notes its time, and gives up a question unanswered for too long.
  func update(time: UInt64) {
    frameTime = time
    probe?.expire(at: time)
  }

  /// Once a frame is on the screen: asks the terminal, the first time a card
  /// has asked for a picture.
  func frameShown() {
    guard let pictures, pictures.wanted, let query = probe?.ask(at: frameTime) else { return }
    write(query)
  }

  /// Takes an answer of the terminal that came at `time`; returns whether the
  /// pictures switched to real pixels (the next frame shows them).
  @discardableResult
  func take(_ answer: TerminalAnswer, time: UInt64) -> Bool {
    guard let pictures, let support = probe?.take(answer, at: time) else { return false }
    let pixels: PixelProtocol
    switch support {
    case .kitty: pixels = .kitty
    case .sixel: pixels = .sixel
    case .none: return false
    }
    // Real pixels need the cell's size: the tty's, else the terminal's answer.
    guard let cell = cellPixels() ?? probe?.cellSize else { return false }
    pictures.showPixels(pixels, cellPixels: cell)
    makeLayer(pixels)
    return true
  }

  /// The screen was cleared: every picture is sent again.
  func screenCleared() {
    sixels?.screenCleared = true
    kitty?.screenCleared = true
  }

  private func makeLayer(_ pixels: PixelProtocol) {
    switch pixels {
    case .sixel: sixels = SixelLayer(tmuxPane: tmuxPane)
    case .kitty: kitty = KittyLayer(tmuxPane: tmuxPane)
    }
  }
}
