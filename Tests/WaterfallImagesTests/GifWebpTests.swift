import Foundation
import Testing
import WaterfallImages

/// GIF (its first frame) and WebP decode through giflib and libwebp to the pixels
/// the generator's formulas say; an SVG gets a reason, not a picture.
@Suite struct GifWebpTests {
  /// The GIF fixtures' 16-colour ramp (`fixture_gif_color` in the generator).
  static func rampColor(_ i: Int) -> RGB {
    RGB(UInt8(i * 16), UInt8(255 - i * 16), UInt8((i * 40) % 256))
  }

  @Test(arguments: ["ramp.gif", "ramp-interlaced.gif"])
  func gifDecodesToItsPalette(_ name: String) throws {
    let header = try ImageHeader.read(TestFiles.fixture(name))
    #expect(header == ImageHeader(format: .gif, width: 16, height: 12))
    let image = try Image(contentsOf: TestFiles.fixture(name))
    #expect(image.width == 16 && image.height == 12)
    for y in 0..<12 {
      for x in 0..<16 where image[x, y] != Self.rampColor((x / 2 + y) % 16) {
        Issue.record("\(name) (\(x), \(y)): \(image[x, y]), expected \(Self.rampColor((x / 2 + y) % 16))")
        return
      }
    }
  }

  @Test func aGifPastTwelveBitCodesDecodes() throws {
    let image = try Image(contentsOf: TestFiles.fixture("large.gif"))
    #expect(image.width == 128 && image.height == 96)
    for (x, y) in [(0, 0), (127, 95), (50, 60), (13, 17)] {
      let i = (x * y) % 256
      #expect(image[x, y] == RGB(UInt8(i), UInt8(255 - i), UInt8((i * 7) % 256)), "(\(x), \(y))")
    }
  }

  @Test(arguments: [RGB.black, RGB(30, 60, 90)])
  func aSmallTransparentFrameSitsOnTheBackground(_ background: RGB) throws {
    let image = try Image(contentsOf: TestFiles.fixture("frame-transparent.gif"), background: background)
    #expect(image.width == 16 && image.height == 12)
    #expect(image[0, 0] == background)  // outside the frame
    #expect(image[5, 3] == background)  // index 0: transparent
    #expect(image[6, 3] == Self.rampColor(1))
    #expect(image[7, 3] == Self.rampColor(2))
    #expect(image[10, 6] == Self.rampColor((5 + 3) % 3))
    #expect(image[11, 6] == background)  // right of the frame
  }

  /// GIF and WebP keep their transparency as opacity, as PNG does; opaque ones keep none.
  @Test func gifAndWebPKeepTheirOpacity() throws {
    let gif = try Image(contentsOf: TestFiles.fixture("frame-transparent.gif"))
    #expect(gif.opacity(x: 0, y: 0) == 0 && gif.opacity(x: 5, y: 3) == 0 && gif.opacity(x: 6, y: 3) == 255)
    let webp = try Image(contentsOf: TestFiles.fixture("rgba-lossless.webp"))
    #expect(webp.opacity(x: 0, y: 0) == 0 && webp.opacity(x: 7, y: 5) == 119 && webp.opacity(x: 15, y: 11) == 255)
    #expect(try Image(contentsOf: TestFiles.fixture("ramp.gif")).alpha == nil)
    #expect(try Image(contentsOf: TestFiles.fixture("rgb-lossless.webp")).alpha == nil)
  }

  @Test func anAnimatedGifShowsItsFirstFrame() throws {
    let image = try Image(contentsOf: TestFiles.fixture("animated.gif"))
    #expect(image[0, 0] == Self.rampColor(3))
    #expect(image[15, 11] == Self.rampColor(3))
  }

  @Test func losslessWebPDecodesExactly() throws {
    #expect(try ImageHeader.read(TestFiles.fixture("rgb-lossless.webp")) == ImageHeader(format: .webp, width: 16, height: 12))
    let image = try Image(contentsOf: TestFiles.fixture("rgb-lossless.webp"))
    for y in 0..<12 {
      for x in 0..<16 where image[x, y] != TestFiles.fixtureRGB(x, y) {
        Issue.record("(\(x), \(y)): \(image[x, y]), expected \(TestFiles.fixtureRGB(x, y))")
        return
      }
    }
  }

  @Test func webPAlphaBlendsOverTheBackground() throws {
    let background = RGB(30, 60, 90)
    let image = try Image(contentsOf: TestFiles.fixture("rgba-lossless.webp"), background: background)
    for (x, y) in [(0, 0), (7, 5), (15, 11)] {
      let c = TestFiles.fixtureRGB(x, y)
      let a = x * 17
      let expected = RGB(
        DecodingTests.blend(Int(c.red), a, over: Int(background.red)),
        DecodingTests.blend(Int(c.green), a, over: Int(background.green)),
        DecodingTests.blend(Int(c.blue), a, over: Int(background.blue)))
      #expect(image[x, y] == expected, "(\(x), \(y))")
    }
  }

  @Test func lossyWebPIsCloseToItsBars() throws {
    let image = try Image(contentsOf: TestFiles.fixture("bars-lossy.webp"))
    #expect(image.width == 64 && image.height == 32)
    let bars: [RGB] = [.white, RGB(255, 255, 0), RGB(0, 255, 255), RGB(0, 255, 0), RGB(255, 0, 255), RGB(255, 0, 0), RGB(0, 0, 255), .black]
    for (i, bar) in bars.enumerated() {
      let pixel = image[i * 8 + 4, 16]
      let distance = abs(Int(pixel.red) - Int(bar.red)) + abs(Int(pixel.green) - Int(bar.green)) + abs(Int(pixel.blue) - Int(bar.blue))
      #expect(distance < 60, "bar \(i): \(pixel)")
    }
  }

  @Test func aThumbnailOfAWebPIsScaledWhileDecoding() throws {
    // A 64x32 WebP asked for at least 8x4 pixels decodes at 1/8: 8x4.
    let image = try Image(contentsOf: TestFiles.fixture("bars-lossy.webp"), minimumSize: (8, 4))
    #expect(image.width == 8 && image.height == 4)
  }

  @Test func svgHasAReason() throws {
    #expect(throws: ImageError.notAnImage("SVG pictures are not drawn")) {
      try ImageHeader.read(TestFiles.fixture("drawing.svg"))
    }
    #expect(ImageFormat.isPictureName("a.svg", includingUndrawn: true))
    #expect(!ImageFormat.isPictureName("a.svg"))
    #expect(ImageFormat.isPictureName("a.GIF") && ImageFormat.isPictureName("a.webp"))
  }

  @Test(arguments: ["ramp.gif", "rgb-lossless.webp", "large.gif"])
  func truncatedFilesSaySo(_ name: String) throws {
    let bytes = try TestFiles.read(TestFiles.fixture(name))
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for cut in [bytes.count / 2, bytes.count - 3] {
      let path = folder + "/cut-\(cut)"
      try TestFiles.write(Array(bytes[..<cut]), to: path)
      do {
        _ = try Image(contentsOf: path)
        Issue.record("\(name) cut at \(cut) decoded")
      } catch {
        #expect(error == .truncated || { if case .corrupt = error { true } else { false } }(), "\(name) at \(cut): \(error)")
      }
    }
  }
}
