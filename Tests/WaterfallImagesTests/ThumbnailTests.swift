import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallView

/// Thumbnails in half blocks: two pixels a cell, drawn as `▀` with the top pixel's
/// colour over the bottom's (finer symbols: SymbolRendererTests).
@Suite struct ThumbnailTests {
  /// Four rows: red, blue, green, white.
  static let stripes: Image = {
    var image = Image(width: 4, height: 4, repeating: .white)
    for x in 0..<4 {
      image[x, 0] = RGB(255, 0, 0)
      image[x, 1] = RGB(0, 0, 255)
      image[x, 2] = RGB(0, 255, 0)
    }
    return image
  }()

  @Test func eachCellIsTwoPixelsStacked() {
    let thumbnail = Thumbnail(image: Self.stripes, shape: .fill(width: 4, height: 2), mode: .palette256, symbols: .half)
    #expect(thumbnail.width == 4 && thumbnail.height == 2)
    #expect(thumbnail[0, 0] == SymbolCell.half(top: .indexed(196), bottom: .indexed(21)))
    #expect(thumbnail[3, 1] == SymbolCell.half(top: .indexed(46), bottom: .indexed(231)))
    let truecolor = Thumbnail(image: Self.stripes, shape: .fill(width: 4, height: 2), mode: .truecolor, symbols: .half)
    #expect(truecolor[2, 0] == SymbolCell.half(top: .rgb(255, 0, 0), bottom: .rgb(0, 0, 255)))
  }

  @Test func drawingWritesUpperHalfBlocksInTheCellColours() {
    let thumbnail = Thumbnail(image: Self.stripes, shape: .fill(width: 4, height: 2), mode: .palette256, symbols: .half)
    let buffer = CellBuffer(width: 6, height: 4)
    thumbnail.draw(in: buffer, at: Point(x: 1, y: 1), clip: buffer.bounds)
    #expect(buffer.lines == ["      ", " ▀▀▀▀ ", " ▀▀▀▀ ", "      "])
    #expect(buffer.style(x: 1, y: 1) == Style(foreground: .indexed(196), background: .indexed(21)))
    #expect(buffer.style(x: 4, y: 2) == Style(foreground: .indexed(46), background: .indexed(231)))
    #expect(buffer.style(x: 0, y: 1) == .plain)
  }

  /// Transparent pixels show the terminal's background, never black: a cell
  /// transparent at the top is a lower half block, one transparent in both
  /// halves a blank; half-transparent colours get their own colour back.
  @Test func transparentPixelsTakeTheTerminalsBackground() throws {
    // Column 0: transparent over red; column 1: red over transparent; column 2:
    // both transparent; column 3: red at opacity 200 (blended over black) over red.
    let red = RGB(255, 0, 0)
    var pixels = Image(width: 4, height: 2, repeating: red).pixels
    for i in [0, 5 * 3, 2 * 3, 6 * 3] { pixels[i] = 0 }  // transparent pixels are black after the blend
    pixels[3 * 3] = UInt8((255 * 200 + 127) / 255)
    let alpha: [UInt8] = [0, 255, 0, 200, 255, 0, 0, 255]
    let image = Image(width: 4, height: 2, pixels: pixels, alpha: alpha)
    let thumbnail = Thumbnail(image: image, shape: .fill(width: 4, height: 1), mode: .truecolor, symbols: .half)
    let buffer = CellBuffer(width: 4, height: 1)
    thumbnail.draw(in: buffer, at: Point(x: 0, y: 0), clip: buffer.bounds)
    #expect(buffer.lines == ["▄▀ ▀"])
    #expect(buffer.style(x: 0, y: 0) == Style(foreground: .rgb(255, 0, 0), background: .default))
    #expect(buffer.style(x: 1, y: 0) == Style(foreground: .rgb(255, 0, 0), background: .default))
    #expect(buffer.style(x: 2, y: 0) == .plain)
    #expect(buffer.style(x: 3, y: 0) == Style(foreground: .rgb(255, 0, 0), background: .rgb(255, 0, 0)))
    // An opaque picture has no opacities to carry.
    #expect(Self.stripes.alpha == nil)
  }

  /// Scaling averages opacity with the colours: a 2x2 block of one opaque and
  /// three transparent pixels is a quarter opaque, so transparent.
  @Test func scalingAveragesOpacity() throws {
    let image = Image(width: 2, height: 2, pixels: [255, 255, 255] + Array(repeating: 0, count: 9), alpha: [255, 0, 0, 0])
    let small = image.scaled(toWidth: 1, height: 1)
    #expect(small.opacity(x: 0, y: 0) == 64)
    #expect(small[0, 0] == RGB(64, 64, 64))
    // As the top of a cell over opaque red: transparent.
    let cell = Image(width: 2, height: 4, pixels: image.pixels + Image(width: 2, height: 2, repeating: RGB(255, 0, 0)).pixels, alpha: try #require(image.alpha) + [255, 255, 255, 255])
    #expect(Thumbnail(image: cell, shape: .fill(width: 1, height: 1), mode: .truecolor, symbols: .half)[0, 0] == SymbolCell.half(top: .default, bottom: .rgb(255, 0, 0)))
  }

  @Test func drawingIsClipped() {
    let thumbnail = Thumbnail(image: Self.stripes, shape: .fill(width: 4, height: 2), mode: .palette256, symbols: .half)
    let buffer = CellBuffer(width: 6, height: 4)
    thumbnail.draw(in: buffer, at: Point(x: -2, y: 1), clip: Rect(x: 0, y: 0, width: 6, height: 2))
    #expect(buffer.lines == ["      ", "▀▀    ", "      ", "      "])
    #expect(buffer.style(x: 0, y: 1).foreground == .indexed(196))
  }

  /// A card's picture area is filled: a wide picture loses its sides.
  @Test func fillCropsTheMiddle() {
    var image = Image(width: 8, height: 2, repeating: .black)
    for y in 0..<2 { for x in 3..<5 { image[x, y] = .white } }
    let thumbnail = Thumbnail(image: image, shape: .fill(width: 1, height: 1), mode: .truecolor, symbols: .half)
    #expect(thumbnail.cells == [SymbolCell.half(top: .rgb(255, 255, 255), bottom: .rgb(255, 255, 255))])
  }

  @Test(arguments: [
    (ThumbnailShape.fill(width: 24, height: 10), 400, 300, 24, 10),
    (.fill(width: 0, height: -1), 400, 300, 1, 1),
    (.fitWidth(80, maximumHeight: 100), 400, 300, 80, 30),
    (.fitWidth(80, maximumHeight: 20), 400, 300, 53, 20),
    (.fitWidth(10, maximumHeight: 20), 1000, 10, 10, 1),
    (.fitWidth(10, maximumHeight: 20), 10, 10_000, 1, 20),
    (.fitWidth(10, maximumHeight: 20), 0, 0, 10, 5),
  ])
  func shapesGiveCells(_ shape: ThumbnailShape, _ w: Int, _ h: Int, _ columns: Int, _ rows: Int) {
    let cells = shape.cells(forPicture: w, h)
    #expect(cells.width == columns && cells.height == rows)
  }

  @Test func aSampleThumbnailIsNotFlat() throws {
    let image = try Image(contentsOf: TestFiles.root + "/Data/shops/img/rug-001.png")
    let thumbnail = Thumbnail(image: image, shape: .fill(width: 24, height: 12), mode: .palette256, symbols: .half)
    #expect(Set(thumbnail.cells.map(\.foreground)).count > 4)
  }
}
