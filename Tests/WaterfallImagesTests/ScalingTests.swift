import Testing
import WaterfallImages

/// Area averaging: every source pixel counts, in proportion to how much of it a new
/// pixel covers.
@Suite struct ScalingTests {
  static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> RGB) -> Image {
    var image = Image(width: width, height: height, repeating: .black)
    for y in 0..<height {
      for x in 0..<width { image[x, y] = pixel(x, y) }
    }
    return image
  }

  static func grey(_ v: UInt8) -> RGB { RGB(v, v, v) }

  @Test func twoPixelsAverageToOne() {
    let image = Image(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255])
    #expect(image.scaled(toWidth: 1, height: 1)[0, 0] == Self.grey(128))
  }

  /// 3 -> 2: the first new pixel covers one whole source pixel and half the next.
  @Test func fractionalCoverageIsWeighted() {
    let image = Self.image(3, 1) { x, _ in Self.grey(UInt8(x * 90)) }
    let scaled = image.scaled(toWidth: 2, height: 1)
    #expect(scaled[0, 0] == Self.grey(30))  // (2*0 + 1*90) / 3
    #expect(scaled[1, 0] == Self.grey(150))  // (1*90 + 2*180) / 3
  }

  /// A one-pixel checkerboard halved is flat grey; picking the nearest pixel would
  /// give all black or all white.
  @Test func aCheckerboardAveragesToGreyNotToOneOfItsColours() {
    let board = Self.image(8, 8) { x, y in (x + y) % 2 == 0 ? .black : .white }
    let half = board.scaled(toWidth: 4, height: 4)
    #expect(half.pixels.allSatisfy { $0 == 128 })
    let odd = board.scaled(toWidth: 3, height: 3)
    #expect(odd.pixels.allSatisfy { abs(Int($0) - 128) <= 16 })
  }

  @Test func thinLinesKeepTheirWeight() {
    // A one-pixel red line in 16 rows of white, scaled to 2 rows: the row holding it
    // is 1/8 red, whichever row the line is on.
    for row in 0..<16 {
      let image = Self.image(4, 16) { _, y in y == row ? RGB(255, 0, 0) : .white }
      let scaled = image.scaled(toWidth: 1, height: 2)
      let hit = scaled[0, row / 8]
      #expect(hit == RGB(255, 223, 223), "line on row \(row): \(hit)")
      #expect(scaled[0, 1 - row / 8] == .white)
    }
  }

  @Test func sameSizeIsTheSameImage() {
    let image = Self.image(7, 5) { x, y in RGB(UInt8(x * 30), UInt8(y * 50), UInt8(x * y)) }
    #expect(image.scaled(toWidth: 7, height: 5) == image)
  }

  @Test func enlargingMakesBlocks() {
    let image = Image(width: 1, height: 1, pixels: [10, 20, 30])
    let big = image.scaled(toWidth: 3, height: 2)
    #expect(big == Image(width: 3, height: 2, repeating: RGB(10, 20, 30)))
    let two = Image(width: 2, height: 1, pixels: [0, 0, 0, 200, 200, 200]).scaled(toWidth: 4, height: 1)
    #expect(two.pixels == [0, 0, 0, 0, 0, 0, 200, 200, 200, 200, 200, 200])
  }

  /// Whole-number ratios keep the mean exactly (up to rounding of each pixel).
  @Test(arguments: [(12, 8, 4, 2), (12, 8, 6, 4), (30, 10, 5, 5), (9, 9, 3, 1)])
  func meanColourIsKept(_ w: Int, _ h: Int, _ tw: Int, _ th: Int) {
    var generator = SystemRandomNumberGenerator()
    let image = Self.image(w, h) { _, _ in RGB(.random(in: 0...255, using: &generator), .random(in: 0...255), .random(in: 0...255)) }
    let scaled = image.scaled(toWidth: tw, height: th)
    for channel in 0..<3 {
      let before = stride(from: channel, to: image.pixels.count, by: 3).map { Double(image.pixels[$0]) }.reduce(0, +)
        / Double(w * h)
      let after = stride(from: channel, to: scaled.pixels.count, by: 3).map { Double(scaled.pixels[$0]) }.reduce(0, +)
        / Double(tw * th)
      #expect(abs(before - after) <= 0.5)
    }
  }

  @Test func aRegionIsScaledAlone() {
    let image = Self.image(4, 2) { x, _ in x < 2 ? .black : .white }
    #expect(image.scaled(toWidth: 1, height: 1, region: .init(x: 2, y: 0, width: 2, height: 2))[0, 0] == .white)
    #expect(image.scaled(toWidth: 1, height: 1, region: .init(x: 1, y: 0, width: 2, height: 2))[0, 0] == Self.grey(128))
  }

  @Test(arguments: [
    (100, 50, 1, 1, Image.Region(x: 25, y: 0, width: 50, height: 50)),
    (50, 100, 1, 1, Image.Region(x: 0, y: 25, width: 50, height: 50)),
    (40, 30, 4, 3, Image.Region(x: 0, y: 0, width: 40, height: 30)),
    (10, 10, 1, 3, Image.Region(x: 3, y: 0, width: 3, height: 10)),
    (3, 300, 24, 2, Image.Region(x: 0, y: 149, width: 3, height: 1)),
  ])
  func centredRegionsCropToTheShape(_ w: Int, _ h: Int, _ aw: Int, _ ah: Int, _ expected: Image.Region) {
    #expect(Image(width: w, height: h, repeating: .black).centredRegion(aspectWidth: aw, aspectHeight: ah) == expected)
  }
}
