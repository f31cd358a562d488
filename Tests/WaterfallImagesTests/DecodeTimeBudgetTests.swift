import Foundation
import Testing
import WaterfallImages

/// Every decode has a time budget (``ImageLimits/maximumDecodeMilliseconds``): the
/// decoder looks at the clock between rows and stops with a reason once it has
/// passed. A 1 ms budget is far too little for millions of pixels, whatever the
/// machine; no limit, or ten minutes, decodes the same file whole (the tests
/// assert no time: the standard 2 s is not relied on here).
@Suite struct DecodeTimeBudgetTests {
  /// A 3000x3000 grey PNG (9 megapixels) in about 60 kB: zeros, deflated.
  static func largePNG(name: String = #function) throws -> (folder: String, path: String) {
    let folder = try TestFiles.scratchFolder(name)
    let path = folder + "/large.png"
    try TestFiles.write(
      TestFiles.png(width: 3_000, height: 3_000, bitDepth: 8, colorType: 0, idat: TestFiles.zeros(count: 3_000 * 3_001)), to: path)
    return (folder, path)
  }

  @Test func aTinyBudgetStopsTheDecodeWithAReason() throws {
    let (folder, path) = try Self.largePNG()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: ImageError.tooSlow(milliseconds: 1)) {
      try Image(contentsOf: path, limits: ImageLimits(maximumDecodeMilliseconds: 1))
    }
    #expect(ImageError.tooSlow(milliseconds: 1).reason == "took longer than 1 ms to decode")
  }

  @Test(arguments: [0, 600_000])
  func enoughTimeDecodesTheWholePicture(_ milliseconds: Int) throws {
    let (folder, path) = try Self.largePNG()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let image = try Image(contentsOf: path, limits: ImageLimits(maximumDecodeMilliseconds: milliseconds))
    #expect(image.width == 3_000 && image.height == 3_000)
    #expect(image.pixels.allSatisfy { $0 == 0 })
  }

  /// The budget is the standard limits' unless given: 2 s.
  @Test func theStandardBudgetIsTwoSeconds() {
    #expect(ImageLimits.standard.maximumDecodeMilliseconds == 2_000)
  }
}
