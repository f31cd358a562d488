import Foundation
import Testing
import WaterfallImages

/// Every kind of PNG the generator writes decodes to the pixels its formula says;
/// JPEG to within the loss JPEG allows.
@Suite struct DecodingTests {
  @Test(arguments: ["rgb.png", "rgb-interlaced.png", "rgb16.png"])
  func rgbFixturesDecodeToExactPixels(_ name: String) throws {
    let image = try Image(contentsOf: TestFiles.fixture(name))
    #expect(image.width == 16 && image.height == 12)
    for y in 0..<12 {
      for x in 0..<16 where image[x, y] != TestFiles.fixtureRGB(x, y) {
        Issue.record("\(name) (\(x), \(y)): \(image[x, y]), expected \(TestFiles.fixtureRGB(x, y))")
        return
      }
    }
  }

  @Test func greyBecomesThreeEqualChannels() throws {
    let image = try Image(contentsOf: TestFiles.fixture("grey.png"))
    for y in 0..<12 {
      for x in 0..<16 {
        let g = UInt8((x * 16 + y) % 256)
        #expect(image[x, y] == RGB(g, g, g))
      }
    }
  }

  @Test func oneBitGreyExpandsToBlackAndWhite() throws {
    let image = try Image(contentsOf: TestFiles.fixture("grey1.png"))
    #expect(image[0, 0] == .black)
    #expect(image[1, 0] == .white)
    #expect(image[1, 1] == .black)
    #expect(image[15, 11] == .black)
  }

  /// Alpha blends over the background: (value * alpha + background * (255 - alpha) + 127) / 255.
  static func blend(_ value: Int, _ alpha: Int, over background: Int) -> UInt8 {
    UInt8((value * alpha + background * (255 - alpha) + 127) / 255)
  }

  /// A PNG with transparency keeps each pixel's opacity; opaque pictures keep none.
  @Test func opacityIsKeptForTransparentPictures() throws {
    let rgba = try Image(contentsOf: TestFiles.fixture("rgba.png"))
    let alpha = try #require(rgba.alpha)
    #expect(alpha.count == rgba.width * rgba.height)
    #expect(rgba.opacity(x: 3, y: 2) == 51 && rgba.opacity(x: 15, y: 0) == 255 && rgba.opacity(x: 0, y: 5) == 0)
    #expect(try Image(contentsOf: TestFiles.fixture("palette.png")).opacity(x: 3, y: 0) == 128)
    #expect(try Image(contentsOf: TestFiles.fixture("rgb.png")).alpha == nil)
    #expect(try Image(contentsOf: TestFiles.fixture("bars.jpg")).alpha == nil)
  }

  @Test(arguments: [RGB.black, RGB.white, RGB(30, 60, 90)])
  func transparencyBlendsOverTheBackground(_ background: RGB) throws {
    let image = try Image(contentsOf: TestFiles.fixture("rgba.png"), background: background)
    for y in [0, 5, 11] {
      for x in [0, 1, 7, 15] {
        let c = TestFiles.fixtureRGB(x, y)
        let a = x * 17
        let expected = RGB(
          Self.blend(Int(c.red), a, over: Int(background.red)), Self.blend(Int(c.green), a, over: Int(background.green)),
          Self.blend(Int(c.blue), a, over: Int(background.blue)))
        #expect(image[x, y] == expected, "(\(x), \(y))")
      }
    }
    let greyAlpha = try Image(contentsOf: TestFiles.fixture("grey-alpha.png"), background: background)
    #expect(greyAlpha[3, 2].red == Self.blend(200, 51, over: Int(background.red)))
    #expect(greyAlpha[15, 0].blue == 200)
  }

  @Test func paletteWithTransparencyExpands() throws {
    let image = try Image(contentsOf: TestFiles.fixture("palette.png"))
    let palette = [RGB(255, 0, 0), RGB(0, 255, 0), RGB(0, 0, 255)]
    for y in 0..<12 {
      for x in 0..<16 {
        let index = (x + y) % 4
        let expected = index < 3 ? palette[index] : RGB(128, 128, 128)  // white at alpha 128 over black
        #expect(image[x, y] == expected, "(\(x), \(y))")
      }
    }
  }

  /// The bars' colours, left to right, 8 pixels each.
  static let bars = [
    RGB(255, 255, 255), RGB(255, 255, 0), RGB(0, 255, 255), RGB(0, 255, 0), RGB(255, 0, 255), RGB(255, 0, 0),
    RGB(0, 0, 255), RGB(0, 0, 0),
  ]

  static func close(_ a: RGB, _ b: RGB, within tolerance: Int) -> Bool {
    abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
      && abs(Int(a.blue) - Int(b.blue)) <= tolerance
  }

  @Test(arguments: ["bars.jpg", "bars-progressive.jpg"])
  func jpegBarsDecodeWithinTolerance(_ name: String) throws {
    let image = try Image(contentsOf: TestFiles.fixture(name))
    #expect(image.width == 64 && image.height == 32)
    for (i, bar) in Self.bars.enumerated() {
      let pixel = image[i * 8 + 4, 16]
      #expect(Self.close(pixel, bar, within: 8), "bar \(i): \(pixel), expected \(bar)")
    }
  }

  @Test func greyJPEGComesOutGrey() throws {
    let image = try Image(contentsOf: TestFiles.fixture("bars-grey.jpg"))
    for (i, bar) in Self.bars.enumerated() {
      let pixel = image[i * 8 + 4, 16]
      let luma = (299 * Int(bar.red) + 587 * Int(bar.green) + 114 * Int(bar.blue)) / 1000
      #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
      #expect(abs(Int(pixel.red) - luma) <= 8, "bar \(i): \(pixel), expected grey \(luma)")
    }
  }

  /// A thumbnail needs few pixels: a large JPEG is decoded at 1/2, 1/4 or 1/8 of its
  /// size, never below the size asked for.
  @Test(arguments: [
    ((0, 0), (640, 480)), ((80, 60), (80, 60)), ((81, 60), (160, 120)), ((80, 61), (160, 120)),
    ((200, 10), (320, 240)), ((321, 1), (640, 480)),
  ])
  func jpegDecodesSmallerWhenAskedFor(_ minimum: (Int, Int), _ expected: (Int, Int)) throws {
    let image = try Image(contentsOf: TestFiles.fixture("bars-640x480.jpg"), minimumSize: minimum)
    #expect(image.width == expected.0 && image.height == expected.1)
    #expect(Self.close(image[image.width / 16, image.height / 2], .white, within: 8))
    #expect(Self.close(image[image.width * 15 / 16, image.height / 2], .black, within: 8))
  }

  @Test func aPNGIsNeverDecodedSmaller() throws {
    let image = try Image(contentsOf: TestFiles.fixture("rgb.png"), minimumSize: (1, 1))
    #expect(image.width == 16 && image.height == 12)
  }

  @Test(arguments: [
    ("rgb.png", ImageFormat.png, 16, 12), ("palette.png", .png, 16, 12), ("bars.jpg", .jpeg, 64, 32),
    ("bars-640x480.jpg", .jpeg, 640, 480),
  ])
  func headersGiveFormatAndSize(_ name: String, _ format: ImageFormat, _ width: Int, _ height: Int) throws {
    #expect(try ImageHeader.read(TestFiles.fixture(name)) == ImageHeader(format: format, width: width, height: height))
  }

  @Test func aPNGWrittenHereRoundTrips() throws {
    var image = Image(width: 5, height: 3, repeating: RGB(1, 2, 3))
    image[4, 2] = RGB(200, 100, 50)
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try TestFiles.write(TestFiles.png(image), to: folder + "/a.png")
    #expect(try Image(contentsOf: folder + "/a.png") == image)
  }

  @Test func theSamplePicturesAllDecode() throws {
    for folder in ["Data/pictures", "Data/shops/img"] {
      let path = TestFiles.root + "/" + folder
      let names = try FileManagerNames.pictures(in: path)
      #expect(names.count >= 24, "\(folder) has \(names.count) pictures")
      for name in names {
        let header = try ImageHeader.read(path + "/" + name)
        let image = try Image(contentsOf: path + "/" + name)
        #expect(image.width == header.width && image.height == header.height, "\(name)")
      }
    }
  }
}
