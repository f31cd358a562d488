import Foundation
import Testing
import TestSupport
import WaterfallImages

@testable import WaterfallApp

/// A turned photo in a folder of pictures (issue 30): its item is the size it is
/// shown at, and its details say how it was turned.
@Suite struct PictureOrientationDetailsTests {
  /// corner.jpg (24x16) with an APP1 EXIF segment saying `orientation`.
  static func turnedJPEG(_ orientation: Int) throws -> [UInt8] {
    let jpeg = Array(try Data(contentsOf: URL(fileURLWithPath: Repository.path("Tests/WaterfallImagesTests/Fixtures/corner.jpg"))))
    let tiff: [UInt8] = Array("II".utf8) + [42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0, 0]
    let body = Array("Exif".utf8) + [0, 0] + tiff
    return Array(jpeg[0..<2]) + [0xFF, 0xE1, 0, UInt8(body.count + 2)] + body + Array(jpeg[2...])
  }

  @Test(arguments: [(1, "24×16", nil), (6, "16×24", "rotated 90° clockwise (EXIF orientation 6)"),
                    (3, "24×16", "rotated 180° (EXIF orientation 3)"), (8, "16×24", "rotated 90° anticlockwise (EXIF orientation 8)")]
        as [(Int, String, String?)])
  func theDetailsSayHowAPhotoWasTurned(_ orientation: Int, _ size: String, _ said: String?) throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("photo.jpg").path
    try Data(try Self.turnedJPEG(orientation)).write(to: URL(fileURLWithPath: path))
    let item = try JSONParser.parse(PictureFolder.page(folder: folder.path, files: [path]))
    #expect(item["size"]?.text == size)
    #expect(item["orientation"]?.text == said)
  }
}
