import Testing
import WaterfallImages
import WaterfallLayout

/// Sixel pictures: the exact sequence for small pictures, transparency left
/// unpainted, and nothing but the fixed frame, numbers and sixel characters.
@Suite struct SixelPictureTests {
  static func text(_ picture: SixelPicture) -> String { String(decoding: picture.bytes, as: UTF8.self) }

  @Test func oneRedPixel() {
    let picture = SixelPicture(image: Image(width: 1, height: 1, repeating: RGB(255, 0, 0)))
    #expect(Self.text(picture) == "\u{1B}P0;1;0q\"1;1;1;1#180;2;100;0;0#180@\u{1B}\\")
  }

  /// Two colours in a 5 x 7 picture: two bands; runs of four or more are `!n`.
  @Test func bandsColoursAndRuns() {
    var image = Image(width: 5, height: 7, repeating: .white)
    for x in 0..<5 { image[x, 0] = .black }
    image[4, 6] = .black
    let text = Self.text(SixelPicture(image: image))
    // Black is register 0, white 215; band 1: black on row 0 (bit 1: "@"), white on
    // rows 1-5 ("~" - 1 = 62 + 63 = "}"); band 2: white at x 0-3, black at x 4.
    #expect(text == "\u{1B}P0;1;0q\"1;1;5;7#0;2;0;0;0#215;2;100;100;100#0!5@$#215!5}-#0!4?@$#215!4@\u{1B}\\")
  }

  @Test func transparentPixelsAreNotPainted() {
    let image = Image(width: 2, height: 1, pixels: [0, 0, 0, 255, 0, 0], alpha: [0, 255])
    let text = Self.text(SixelPicture(image: image))
    #expect(text == "\u{1B}P0;1;0q\"1;1;2;1#180;2;100;0;0#180?@\u{1B}\\")
    #expect(text.hasPrefix("\u{1B}P0;1;"), "P2 = 1: unpainted pixels stay as they are")
  }

  @Test func onlyPixelsReachTheSequence() throws {
    let image = try Image(contentsOf: TestFiles.root + "/Data/pictures/01-sky.jpg")
    let bytes = SixelPicture(image: image.scaled(toWidth: 60, height: 48)).bytes
    let body = bytes.dropFirst(5).dropLast(2)
    #expect(Array(bytes.prefix(5)) == Array("\u{1B}P0;1".utf8) && Array(bytes.suffix(2)) == [0x1B, 0x5C])
    // Numbers, separators, the raster and colour introducers, and sixel characters.
    #expect(body.allSatisfy { (0x30...0x3B).contains($0) || [0x22, 0x23, 0x21, 0x24, 0x2D, 0x71].contains($0) || (0x3F...0x7E).contains($0) })
  }

  @Test func thumbnailsCarryPixelsForWholeBands() throws {
    let image = try Image(contentsOf: TestFiles.root + "/Data/pictures/01-sky.jpg")
    let thumbnail = Thumbnail(image: image, shape: .fill(width: 10, height: 5), mode: .palette256, cellPixels: Size(width: 6, height: 13))
    let sixel = try #require(thumbnail.sixel)
    #expect(sixel.width == 60 && sixel.height == 60, "5 rows of 13 pixels, down to whole bands of 6")
    #expect(Thumbnail(image: image, shape: .fill(width: 10, height: 5), mode: .palette256).sixel == nil)
  }
}
