import Foundation
import Testing
import WaterfallImages

/// Missing, unreadable, truncated, hostile and misnamed pictures: each gives a short
/// reason, nothing crashes, and memory stays bounded.
@Suite(.serialized) struct BadImageTests {
  enum Expected {
    case unreadable, notAnImage, truncated, corrupt, tooLarge, decodes

    func matches(_ result: Result<Image, ImageError>) -> Bool {
      switch (self, result) {
      case (.decodes, .success): return true
      case (.unreadable, .failure(.unreadable)), (.notAnImage, .failure(.notAnImage)), (.truncated, .failure(.truncated)),
        (.corrupt, .failure(.corrupt)), (.tooLarge, .failure(.tooLarge)):
        return true
      default: return false
      }
    }
  }

  /// Writes the bad files into `folder`; returns (file name, what decoding it gives).
  static func makeTable(in folder: String) throws -> [(String, Expected)] {
    let png = try TestFiles.read(TestFiles.fixture("rgb.png"))
    let jpeg = try TestFiles.read(TestFiles.fixture("bars.jpg"))
    var table: [(String, Expected)] = [("missing.png", .unreadable)]

    func add(_ name: String, _ bytes: [UInt8], _ expected: Expected) throws {
      try TestFiles.write(bytes, to: folder + "/" + name)
      table.append((name, expected))
    }
    try FileManager.default.createDirectory(atPath: folder + "/folder.png", withIntermediateDirectories: false)
    table.append(("folder.png", .unreadable))
    try add("empty.png", [], .notAnImage)
    try add("text.png", Array("not a picture at all\n".utf8), .notAnImage)
    try add("five-bytes.png", Array(png.prefix(5)), .truncated)
    try add("header-only.png", Array(png.prefix(33)), .truncated)
    try add("half.png", Array(png.prefix(png.count / 2)), .truncated)
    try add("half.jpg", Array(jpeg.prefix(jpeg.count / 2)), .truncated)
    try add("soi-only.jpg", [0xFF, 0xD8, 0xFF], .truncated)
    try add("garbage.jpg", [0xFF, 0xD8, 0xFF] + Array(repeating: 0x42, count: 200), .corrupt)
    // A flipped bit in the image data: the chunk's CRC no longer matches.
    var flipped = png
    flipped[png.count - 20] ^= 0x01
    try add("bad-crc.png", flipped, .corrupt)
    // Headers promising huge pictures, with no data to back them.
    try add("huge-header.png", TestFiles.png(width: 100_000, height: 100_000, idat: []), .tooLarge)
    try add("wide-header.png", TestFiles.png(width: 2_000_000_000, height: 1, idat: []), .tooLarge)
    try add("zero-header.png", TestFiles.png(width: 0, height: 0, idat: []), .corrupt)
    try add("huge-header.jpg", patchSOF(jpeg, width: 65_000, height: 65_000), .tooLarge)
    // A real decompression bomb: 1-bit, 20000 x 20000 (1.2 GB as RGB) in about 300 KB.
    let bombRows = 20_000 * (1 + 20_000 / 8)
    try add("bomb.png", TestFiles.png(width: 20_000, height: 20_000, bitDepth: 1, colorType: 0, idat: TestFiles.zeros(count: bombRows)), .tooLarge)
    // Misnamed files decode by what they are.
    try add("really-a-png.jpg", png, .decodes)
    try add("really-a-jpeg.png", jpeg, .decodes)
    try add("no-extension", png, .decodes)
    return table
  }

  /// `jpeg` with the size in its SOF0 marker replaced.
  static func patchSOF(_ jpeg: [UInt8], width: Int, height: Int) -> [UInt8] {
    var bytes = jpeg
    var i = 2
    while i + 9 < bytes.count {
      guard bytes[i] == 0xFF else { break }
      let marker = bytes[i + 1]
      let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
      if marker == 0xC0 || marker == 0xC2 {
        bytes[i + 5] = UInt8(height >> 8)
        bytes[i + 6] = UInt8(height & 0xFF)
        bytes[i + 7] = UInt8(width >> 8)
        bytes[i + 8] = UInt8(width & 0xFF)
        return bytes
      }
      i += 2 + length
    }
    Issue.record("no SOF marker found")
    return bytes
  }

  @Test func everyBadPictureGivesAReasonAndMemoryStaysBounded() throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let table = try Self.makeTable(in: folder)
    let before = TestFiles.peakMemory()
    for (name, expected) in table {
      let path = folder + "/" + name
      let result = Result { () throws(ImageError) in try Image(contentsOf: path) }
      #expect(expected.matches(result), "\(name): \(result), expected \(expected)")
      if case .failure(let error) = result {
        #expect(!error.reason.isEmpty && error.reason.count <= 90, "\(name): reason “\(error.reason)”")
      }
      // The header alone says what the picture claims to be, bad data or not.
      if name.contains("huge") || name == "bomb.png" { #expect(throws: Never.self) { try ImageHeader.read(path) } }
    }
    let grown = TestFiles.peakMemory() - before
    #expect(grown < 64 << 20, "decoding the bad pictures grew the peak memory by \(grown >> 20) MB")
  }

  @Test func reasonsReadWell() throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    _ = try Self.makeTable(in: folder)
    func reason(_ name: String) -> String {
      do {
        _ = try Image(contentsOf: folder + "/" + name)
        return "decoded"
      } catch {
        return error.reason
      }
    }
    #expect(reason("missing.png") == "No such file or directory")
    #expect(reason("folder.png") == "Is a directory")
    #expect(reason("empty.png") == "the file is empty")
    #expect(reason("text.png") == "not a PNG, JPEG, GIF or WebP file")
    #expect(reason("half.png") == "truncated: the file ends before the picture does")
    #expect(reason("huge-header.png") == "too large: 100000×100000 pixels (the limit is 40 megapixels)")
    #expect(reason("bomb.png") == "too large: 20000×20000 pixels (the limit is 40 megapixels)")
    #expect(reason("bad-crc.png").hasPrefix("damaged: "))
  }

  /// The bomb is a valid PNG: with limits that allow it, a smaller one decodes to
  /// black; with limits that do not, it is refused before decoding.
  @Test func theBombIsRealAndTheLimitsDecide() throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/bomb.png"
    try TestFiles.write(TestFiles.png(width: 2_000, height: 1_500, bitDepth: 8, colorType: 0, idat: TestFiles.zeros(count: 1_500 * 2_001)), to: path)
    #expect(try TestFiles.read(path).count < 40_000)
    let image = try Image(contentsOf: path)
    #expect(image.width == 2_000 && image.pixels.allSatisfy { $0 == 0 })
    #expect(throws: ImageError.tooLarge(width: 2_000, height: 1_500, limits: ImageLimits(maximumPixels: 1_000_000))) {
      try Image(contentsOf: path, limits: ImageLimits(maximumPixels: 1_000_000))
    }
    #expect(throws: ImageError.tooLarge(width: 2_000, height: 1_500, limits: ImageLimits(maximumSide: 1_999))) {
      try Image(contentsOf: path, limits: ImageLimits(maximumSide: 1_999))
    }
  }

  @Test func aFileWithoutPermissionIsUnreadable() throws {
    guard geteuid() != 0 else { return }  // root reads anything
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/secret.png"
    try FileManager.default.copyItem(atPath: TestFiles.fixture("rgb.png"), toPath: path)
    chmod(path, 0)
    #expect(throws: ImageError.unreadable("Permission denied")) { try Image(contentsOf: path) }
  }

  @Test func aFIFOIsRefusedWithoutWaiting() throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/pipe.png"
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: ImageError.unreadable("not a regular file")) { try Image(contentsOf: path) }
  }
}
