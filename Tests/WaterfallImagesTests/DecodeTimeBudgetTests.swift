import Foundation
import Testing
import WaterfallImages

/// Every decode has a time budget (``ImageLimits/maximumDecodeMilliseconds``): the
/// decoder looks at the clock between rows (PNG, JPEG, GIF) or between slices of the
/// file (WebP) and stops with a reason once it has passed. A 1 ms budget is far too
/// little for millions of pixels, whatever the machine; no limit, or ten minutes,
/// decodes the same file whole (the tests assert no time: the standard 2 s is not
/// relied on here).
@Suite struct DecodeTimeBudgetTests {
  /// A 3000x3000 grey PNG (9 megapixels) in about 60 kB: zeros, deflated.
  static func largePNG(name: String = #function) throws -> (folder: String, path: String) {
    let folder = try TestFiles.scratchFolder(name)
    let path = folder + "/large.png"
    try TestFiles.write(
      TestFiles.png(width: 3_000, height: 3_000, bitDepth: 8, colorType: 0, idat: TestFiles.zeros(count: 3_000 * 3_001)), to: path)
    return (folder, path)
  }

  /// A large picture of each format: its path (in a scratch folder, removed by the
  /// caller, or a fixture), width and height.
  enum Large: String, CaseIterable, CustomTestStringConvertible {
    /// 3000x3000 zeros, deflated (made here).
    case png
    /// 2000x2000 lossy blocks and stripes at quality 5, 43 kB (`cwebp -q 5`): more
    /// than ten slices of the incremental decoder.
    case webp

    var testDescription: String { rawValue }

    func make(name: String = #function) throws -> (folder: String?, path: String, width: Int, height: Int) {
      switch self {
      case .png:
        let (folder, path) = try DecodeTimeBudgetTests.largePNG(name: name)
        return (folder, path, 3_000, 3_000)
      case .webp:
        return (nil, TestFiles.fixture("large-lossy.webp"), 2_000, 2_000)
      }
    }
  }

  /// Wall time, or the decoding thread's CPU time (``ImageLimits/decodeTimeIsCPUTime``):
  /// 1 ms of either is too little.
  @Test(arguments: Large.allCases, [false, true])
  func aTinyBudgetStopsTheDecodeWithAReason(_ large: Large, _ cpuTime: Bool) throws {
    let (folder, path, _, _) = try large.make(name: "tiny-\(large)-\(cpuTime)")
    defer { if let folder { try? FileManager.default.removeItem(atPath: folder) } }
    var limits = ImageLimits(maximumDecodeMilliseconds: 1)
    limits.decodeTimeIsCPUTime = cpuTime
    #expect(throws: ImageError.tooSlow(milliseconds: 1)) {
      try Image(contentsOf: path, limits: limits)
    }
    #expect(ImageError.tooSlow(milliseconds: 1).reason == "took longer than 1 ms to decode")
  }

  @Test(arguments: Large.allCases, [0, 600_000])
  func enoughTimeDecodesTheWholePicture(_ large: Large, _ milliseconds: Int) throws {
    let (folder, path, width, height) = try large.make(name: "enough-\(large)-\(milliseconds)")
    defer { if let folder { try? FileManager.default.removeItem(atPath: folder) } }
    let image = try Image(contentsOf: path, limits: ImageLimits(maximumDecodeMilliseconds: milliseconds))
    #expect(image.width == width && image.height == height)
    if large == .png { #expect(image.pixels.allSatisfy { $0 == 0 }) }
  }

  /// A WebP held in memory (a database BLOB) is decoded, and bounded, like a file.
  @Test func aWebPInMemoryDecodesAndIsBounded() throws {
    let bytes = try TestFiles.read(TestFiles.fixture("large-lossy.webp"))
    let key = ThumbnailKey(path: "blob:large", shape: .fill(width: 8, height: 4), mode: .palette256)
    var options = ThumbnailLoader.Options()
    options.workers = 0
    options.bytesForPath = { _ in bytes }
    var tight = options
    tight.firstTryMilliseconds = 0
    tight.limits.maximumDecodeMilliseconds = 1
    // A thumbnail is decoded scaled (1/8 here); 1 ms is still too little.
    #expect(throws: ImageError.tooSlow(milliseconds: 1)) {
      try ThumbnailLoader.make(key, options: tight, limits: tight.limits)
    }
    let thumbnail = try ThumbnailLoader.make(key, options: options, limits: ImageLimits(maximumDecodeMilliseconds: 600_000))
    #expect(thumbnail.width == 8 && thumbnail.height == 4)
  }

  /// The budget is the standard limits' unless given: 2 s.
  @Test func theStandardBudgetIsTwoSeconds() {
    #expect(ImageLimits.standard.maximumDecodeMilliseconds == 2_000)
  }
}
