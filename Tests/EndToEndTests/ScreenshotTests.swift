import Foundation
import Testing

/// `Scripts/screenshots.sh` (`make screenshots`), run as CI runs it: no standard
/// input, `CI=true`, one small shot of the shop so it stays quick. It needs
/// xterm, Xvfb and ImageMagick, which `make test` installs.
@Suite struct ScreenshotTests {
  /// The PNG's width and height, from its header.
  static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
    let bytes = [UInt8](data.prefix(24))
    guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (number(16), number(20))
  }

  @Test func theScriptSavesTheShopAsAColourPictureOfTheTerminal() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-shots-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (columns, rows) = (48, 14)
    let result = try Tmux.launch(
      "/bin/bash", ["Scripts/screenshots.sh", folder.path], input: nil,
      environment: [
        "CI": "true", "SHOTS": "shops", "WATERFALL": Tmux.waterfall,
        "SCREEN_COLUMNS": String(columns), "SCREEN_ROWS": String(rows),
      ], timeout: 120)
    #expect(result.status == 0, "the script failed: \(result.err)")
    let file = folder.appendingPathComponent("shops.png")
    let data = try Data(contentsOf: file)
    let size = try #require(Self.pngSize(data), "not a PNG: \(data.prefix(16) as NSData)")
    // The window is the terminal, no border: a whole number of cells of a real
    // font's size (DejaVu Sans Mono at 11 points is 9x19 pixels on Xvfb).
    #expect(size.width % columns == 0 && size.height % rows == 0, "\(size) is not \(columns)x\(rows) cells")
    let cell = (width: size.width / columns, height: size.height / rows)
    #expect((5...20).contains(cell.width) && (10...40).contains(cell.height) && cell.height > cell.width, "cells of \(cell)")
    #expect(result.out.contains("shops.png \(size.width)x\(size.height)"))
    // Pictures in colour, not a blank or two-colour window.
    let colours = try Tmux.runTool("/usr/bin/env", ["identify", "-format", "%k", file.path])
    #expect((Int(colours) ?? 0) > 100, "only \(colours) colours")
  }
}
