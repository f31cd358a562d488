import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallTerminal
import WaterfallView

@testable import WaterfallApp

/// `--pictures auto` without waiting (issue 31): the terminal is asked only
/// after a frame that showed a picture, the frames meanwhile draw block
/// symbols, and its answer switches the pictures to real pixels, unless it
/// came too late. Times are stepped by the test.
@Suite struct PixelLayersTests {
  /// What the layers wrote to the "terminal", and the layers over `pictures`.
  final class Terminal {
    var written: [[UInt8]] = []
    var cellPixels: Size?
    func layers(_ pictures: Pictures?, asks: Bool = true) -> PixelLayers {
      PixelLayers(pictures: pictures, asks: asks, write: { self.written.append($0) }, cellPixels: { self.cellPixels })
    }
  }

  /// One frame as the run loop draws it at `time`, decoding what it asked for.
  static func frame(_ browser: Browser, _ pictures: Pictures, _ layers: PixelLayers, at time: UInt64) -> CellBuffer {
    layers.update(time: time)
    let screen = CellBuffer(width: browser.size.width, height: browser.size.height)
    browser.drawDecodingPictures(in: screen)
    layers.frameShown()
    return screen
  }

  @Test func dataWithoutPicturesNeverAsks() {
    let browser = Fixture.browser(Fixture.store(40))
    let pictures = Pictures.synchronous(baseDirectory: ".")
    browser.pictures = pictures
    let terminal = Terminal()
    let layers = terminal.layers(pictures)
    for time in [0, 16, 2_000] as [UInt64] { _ = Self.frame(browser, pictures, layers, at: time) }
    #expect(!browser.collectionView.visibleCells.isEmpty)
    #expect(!pictures.wanted)
    #expect(terminal.written.isEmpty)
    #expect(layers.probe?.phase == .notAsked)
  }

  @Test func noPicturesNothingToAsk() {
    let terminal = Terminal()
    let layers = terminal.layers(nil)
    layers.update(time: 0)
    layers.frameShown()
    #expect(layers.probe == nil)
    #expect(terminal.written.isEmpty)
  }

  /// The first frame is drawn (in block symbols) before anything is asked; the
  /// question follows it, once.
  @Test func asksAfterTheFirstFrameThatShowsAPicture() throws {
    let (browser, pictures) = try PictureTests.shop()
    let terminal = Terminal()
    let layers = terminal.layers(pictures)
    let first = Self.frame(browser, pictures, layers, at: 3)
    #expect(first.lines.joined().contains("▀"), "block symbols at once")
    #expect(terminal.written == [GraphicsProbe.query])
    #expect(layers.probe?.phase == .asked(at: 3))
    _ = Self.frame(browser, pictures, layers, at: 20)
    #expect(terminal.written.count == 1, "asked once")
    #expect(layers.sixels == nil && layers.kitty == nil)
  }

  @Test func sixelInTheAnswerSwitchesToRealPixels() throws {
    let (browser, pictures) = try PictureTests.shop()
    let terminal = Terminal()
    let layers = terminal.layers(pictures)
    _ = Self.frame(browser, pictures, layers, at: 0)
    let generation = pictures.generation
    #expect(pictures.placements.isEmpty)
    #expect(!layers.take(.cellSize(Size(width: 10, height: 20)), time: 6))
    #expect(layers.take(.deviceAttributes([62, 4, 22]), time: 7))
    #expect(layers.sixels != nil && layers.kitty == nil)
    #expect(pictures.pixelProtocol == .sixel)
    #expect(pictures.cellPixels == Size(width: 10, height: 20), "the terminal's answer, the tty having none")
    #expect(pictures.generation == generation + 1)
    _ = Self.frame(browser, pictures, layers, at: 8)
    #expect(!pictures.placements.isEmpty, "the next frame places real pixels")
  }

  @Test func kittyInTheAnswerWithTheTtysCellSize() throws {
    let (browser, pictures) = try PictureTests.shop()
    let terminal = Terminal()
    terminal.cellPixels = Size(width: 8, height: 16)
    let layers = terminal.layers(pictures)
    _ = Self.frame(browser, pictures, layers, at: 0)
    layers.take(.kittyGraphics(id: 31, message: "OK"), time: 2)
    #expect(layers.take(.deviceAttributes([62, 22]), time: 3))
    #expect(layers.kitty != nil && layers.sixels == nil)
    #expect(pictures.cellPixels == Size(width: 8, height: 16))
    _ = Self.frame(browser, pictures, layers, at: 8)
    #expect(!pictures.kittyPlacements.isEmpty)
  }

  /// Neither kitty nor sixel, or no cell size known: block symbols stay.
  @Test(arguments: [
    ([TerminalAnswer.deviceAttributes([62, 22])], Size(width: 8, height: 16)),
    ([.deviceAttributes([62, 4])], nil),
  ] as [([TerminalAnswer], Size?)])
  func blockSymbolsStay(_ answers: [TerminalAnswer], _ ttyCell: Size?) throws {
    let (browser, pictures) = try PictureTests.shop()
    let terminal = Terminal()
    terminal.cellPixels = ttyCell
    let layers = terminal.layers(pictures)
    _ = Self.frame(browser, pictures, layers, at: 0)
    for answer in answers { #expect(!layers.take(answer, time: 1)) }
    #expect(layers.sixels == nil && layers.kitty == nil)
    #expect(pictures.cellPixels == nil)
  }

  /// No answer within the limit: block symbols for good, a late answer changes nothing.
  @Test func aLateAnswerChangesNothing() throws {
    let (browser, pictures) = try PictureTests.shop()
    let terminal = Terminal()
    terminal.cellPixels = Size(width: 8, height: 16)
    let layers = terminal.layers(pictures)
    _ = Self.frame(browser, pictures, layers, at: 100)
    _ = Self.frame(browser, pictures, layers, at: 101 + GraphicsProbe.limit)
    #expect(layers.probe?.phase == .timedOut)
    #expect(!layers.take(.deviceAttributes([62, 4]), time: 102 + GraphicsProbe.limit))
    #expect(layers.sixels == nil)
    #expect(pictures.cellPixels == nil)
  }

  /// `--pictures kitty|sixel|blocks` decide outright: nothing is asked.
  @Test func anOutrightChoiceAsksNothing() throws {
    let (browser, pictures) = try PictureTests.shop()
    pictures.cellPixels = Size(width: 8, height: 16)
    pictures.pixelProtocol = .kitty
    let terminal = Terminal()
    let layers = terminal.layers(pictures, asks: false)
    #expect(layers.kitty != nil)
    _ = Self.frame(browser, pictures, layers, at: 0)
    #expect(terminal.written.isEmpty)
    #expect(!layers.take(.deviceAttributes([62, 4]), time: 1))
    #expect(layers.sixels == nil)
  }
}
