import Foundation
import Testing
import TestSupport
import WaterfallImages

/// Photos are shown upright (issue 30): a JPEG's or WebP's EXIF orientation,
/// each of the eight, turns the decoded picture and the header's size.
@Suite struct OrientationTests {
  // MARK: EXIF by hand

  /// A TIFF block (EXIF's body) whose first IFD holds `entries` (tag, type,
  /// count, value), in either byte order.
  static func tiff(bigEndian: Bool = false, entries: [(UInt16, UInt16, UInt32, UInt16)]) -> [UInt8] {
    func u16(_ v: UInt16) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func u32(_ v: UInt32) -> [UInt8] { bigEndian ? u16(UInt16(v >> 16)) + u16(UInt16(v & 0xFFFF)) : u16(UInt16(v & 0xFFFF)) + u16(UInt16(v >> 16)) }
    var out = Array((bigEndian ? "MM" : "II").utf8) + u16(42) + u32(8) + u16(UInt16(entries.count))
    for (tag, type, count, value) in entries { out += u16(tag) + u16(type) + u32(count) + u16(value) + [0, 0] }
    return out + u32(0)
  }

  static func orientationTIFF(_ value: Int, bigEndian: Bool = false) -> [UInt8] {
    // Other tags around it, as a camera writes them: Make, then Orientation, then XResolution.
    tiff(bigEndian: bigEndian, entries: [(0x010F, 2, 4, 0), (0x0112, 3, 1, UInt16(value)), (0x011A, 5, 1, 0)])
  }

  /// `jpeg` with an APP1 EXIF segment holding `tiff` right after its SOI.
  static func withEXIF(_ jpeg: [UInt8], _ tiff: [UInt8]) -> [UInt8] {
    let body = Array("Exif".utf8) + [0, 0] + tiff
    let length = body.count + 2
    return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + Array(jpeg[2...])
  }

  /// A lossless WebP (VP8L, as cwebp writes it) made extended (VP8X) with an EXIF chunk.
  static func withEXIF(webp: [UInt8], width: Int, height: Int, _ tiff: [UInt8]) -> [UInt8] {
    func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8((v >> 24) & 0xFF)] }
    func le24(_ v: Int) -> [UInt8] { Array(le32(v).prefix(3)) }
    func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] { Array(kind.utf8) + le32(data.count) + data + (data.count % 2 == 1 ? [0] : []) }
    let vp8x = chunk("VP8X", [0x08, 0, 0, 0] + le24(width - 1) + le24(height - 1))
    let body = Array("WEBP".utf8) + vp8x + Array(webp[12...]) + chunk("EXIF", tiff)
    return Array("RIFF".utf8) + le32(body.count) + body
  }

  // MARK: The reader

  @Test(arguments: PictureOrientation.allCases)
  func theTagIsReadInEitherByteOrder(_ orientation: PictureOrientation) {
    #expect(PictureOrientation(exif: Self.orientationTIFF(orientation.rawValue)) == orientation)
    #expect(PictureOrientation(exif: Self.orientationTIFF(orientation.rawValue, bigEndian: true)) == orientation)
  }

  @Test(arguments: [
    ("no bytes", []),
    ("not TIFF", Array("XX*\0\u{8}\0\0\0".utf8)),
    ("no orientation tag", tiff(entries: [(0x010F, 2, 4, 0)])),
    ("a value out of range", tiff(entries: [(0x0112, 3, 1, 9)])),
    ("a value of zero", tiff(entries: [(0x0112, 3, 1, 0)])),
    ("the wrong type", tiff(entries: [(0x0112, 4, 1, 6)])),
    ("a count of two", tiff(entries: [(0x0112, 3, 2, 6)])),
    ("cut inside its entry", Array(orientationTIFF(6).prefix(30))),
    ("an IFD past the end", Array("II".utf8) + [42, 0, 0xFF, 0xFF, 0, 0]),
    ("more entries than bytes", Array("II".utf8) + [42, 0, 8, 0, 0, 0, 0xFF, 0xFF]),
  ] as [(String, [UInt8])])
  func anythingUnreadableIsNormal(_ name: String, _ bytes: [UInt8]) {
    #expect(PictureOrientation(exif: bytes) == .normal, "\(name)")
  }

  // MARK: Pictures

  /// Where each orientation shows the stored picture's top-left pixel, read from
  /// EXIF's own table (the `F` drawings): which corner of the shown picture.
  static let topLeftShowsAt: [PictureOrientation: (right: Bool, bottom: Bool)] = [
    .normal: (false, false), .mirrored: (true, false), .rotated180: (true, true), .flipped: (false, true),
    .transposed: (false, false), .rotated90: (true, false), .transversed: (true, true), .rotated270: (false, true),
  ]

  /// The picture turned by mirrors and quarter turns, as the test writes them.
  static func turned(_ image: Image, _ orientation: PictureOrientation) -> Image {
    func mirror(_ i: Image) -> Image {
      var out = i
      for y in 0..<i.height { for x in 0..<i.width { out[x, y] = i[i.width - 1 - x, y] } }
      return out
    }
    func clockwise(_ i: Image) -> Image {
      var out = Image(width: i.height, height: i.width, repeating: .black)
      // The left column, read bottom to top, becomes the top row.
      for y in 0..<i.height { for x in 0..<i.width { out[i.height - 1 - y, x] = i[x, y] } }
      return out
    }
    switch orientation {
    case .normal: return image
    case .mirrored: return mirror(image)
    case .rotated180: return clockwise(clockwise(image))
    case .flipped: return mirror(clockwise(clockwise(image)))
    case .transposed: return clockwise(clockwise(clockwise(mirror(image))))
    case .rotated90: return clockwise(image)
    case .transversed: return clockwise(mirror(image))
    case .rotated270: return clockwise(clockwise(clockwise(image)))
    }
  }

  static func isRed(_ c: RGB) -> Bool { c.red > 180 && c.green < 90 && c.blue < 90 }

  @Test(arguments: PictureOrientation.allCases)
  func aJPEGIsShownUpright(_ orientation: PictureOrientation) throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let plain = try TestFiles.read(TestFiles.fixture("corner.jpg"))
    let path = folder + "/turned.jpg"
    try TestFiles.write(Self.withEXIF(plain, Self.orientationTIFF(orientation.rawValue, bigEndian: orientation.rawValue % 2 == 0)), to: path)

    let stored = try Image(contentsOf: TestFiles.fixture("corner.jpg"))
    let shown = try Image(contentsOf: path)
    #expect(shown == Self.turned(stored, orientation))
    let corner = try #require(Self.topLeftShowsAt[orientation])
    #expect(Self.isRed(shown[corner.right ? shown.width - 1 : 0, corner.bottom ? shown.height - 1 : 0]), "the red corner")
    let header = try ImageHeader.read(path)
    #expect(header.orientation == orientation)
    #expect((header.width, header.height) == (orientation.swapsSides ? (16, 24) : (24, 16)))
    #expect((shown.width, shown.height) == (header.width, header.height))
  }

  /// A picture decoded smaller (DCT scaling) is asked for its size as shown.
  @Test(arguments: [PictureOrientation.normal, .rotated90, .rotated270])
  func aScaledJPEGKeepsItsShownMinimum(_ orientation: PictureOrientation) throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/big.jpg"
    try TestFiles.write(Self.withEXIF(try TestFiles.read(TestFiles.fixture("bars-640x480.jpg")), Self.orientationTIFF(orientation.rawValue)), to: path)
    // At least 250 wide as shown: 640x480 upright is decoded at half size (320x240);
    // turned, it is shown 480 wide at full size, and half (240) would be too narrow.
    let image = try Image(contentsOf: path, minimumSize: (250, 100))
    #expect(image.width >= 250 && image.height >= 100, "\(image.width)x\(image.height)")
    #expect((image.width, image.height) == (orientation.swapsSides ? (480, 640) : (320, 240)))
  }

  @Test(arguments: PictureOrientation.allCases)
  func aWebPIsShownUpright(_ orientation: PictureOrientation) throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/turned.webp"
    let plain = try TestFiles.read(TestFiles.fixture("rgb-lossless.webp"))
    try TestFiles.write(Self.withEXIF(webp: plain, width: 16, height: 12, Self.orientationTIFF(orientation.rawValue)), to: path)
    var stored = Image(width: 16, height: 12, repeating: .black)
    for y in 0..<12 { for x in 0..<16 { stored[x, y] = TestFiles.fixtureRGB(x, y) } }
    #expect(try Image(contentsOf: path) == Self.turned(stored, orientation))
    #expect(try ImageHeader.read(path).orientation == orientation)
  }
}
