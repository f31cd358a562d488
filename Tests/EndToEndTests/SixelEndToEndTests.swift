import Foundation
import Testing
import WaterfallImages

/// Real pixels in a real terminal: xterm `-ti vt340` under Xvfb, scrolled, its
/// window saved with sixel pictures and again with block symbols only
/// (Scripts/sixel-shots.sh). Where the two differ is where sixel pixels were
/// drawn: that must be inside the pictures' cells (as `render` draws the same
/// screen) and nowhere else, and cover most of them.
@Suite(.serialized) struct SixelEndToEndTests {
  static let (columns, rows) = (100, 30)
  static let symbols: Set<Character> = Set("▀▄▌▐▘▝▖▗▚▞▙▛▜▟█")

  @Test func sixelPicturesLandOnTheCardsAndNowhereElse() throws {
    for tool in ["xterm", "xvfb-run", "xdotool", "import"] {
      try #require(
        ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) },
        "\(tool) is missing: make test installs it")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-sixel-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = "j j Next"
    let shots = try Tmux.launch(
      "/bin/bash", ["Scripts/sixel-shots.sh", folder.path, Tmux.waterfall, "Data/pictures", keys], input: nil,
      environment: [:], timeout: 120)
    try #require(shots.status == 0, "the script failed: \(shots.err)")
    let sixel = try Image(contentsOf: folder.appendingPathComponent("sixel.png").path)
    let blocks = try Image(contentsOf: folder.appendingPathComponent("blocks.png").path)
    try #require(sixel.width == blocks.width && sixel.height == blocks.height)
    try #require(sixel.width % Self.columns == 0 && sixel.height % Self.rows == 0, "\(sixel.width)x\(sixel.height) is not whole cells")
    let cell = (width: sixel.width / Self.columns, height: sixel.height / Self.rows)

    // The cells where the two windows differ: where sixel pixels are.
    var differing = Set<Int>()
    for y in 0..<sixel.height {
      for x in 0..<sixel.width where sixel[x, y] != blocks[x, y] {
        differing.insert((y / cell.height) * Self.columns + x / cell.width)
      }
    }
    // The same screen as text: the pictures' cells are block symbols.
    let drawn = try Tmux.waterfall([
      "render", "Data/pictures", "--width", "\(Self.columns)", "--height", "\(Self.rows)", "--pictures", "--keys", "j j NPage",
    ])
    let lines = drawn.out.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    #expect(lines.count >= Self.rows)
    #expect(String(lines[Self.rows - 1]).hasPrefix(" 15/24 "), "render is not at the live screen's place: \(drawn.out)")
    var pictureCells = Set<Int>()
    for (y, line) in lines.prefix(Self.rows).enumerated() {
      for (x, character) in line.enumerated() where Self.symbols.contains(character) { pictureCells.insert(y * Self.columns + x) }
    }
    #expect(!differing.isEmpty, "no sixel pixels at all")
    let stray = differing.subtracting(pictureCells)
    #expect(stray.isEmpty, "pixels outside the pictures at cells \(stray.sorted().prefix(20).map { ($0 % Self.columns, $0 / Self.columns) })")
    // The whole pictures (most of those on screen) are in pixels.
    #expect(Double(differing.count) > 0.5 * Double(pictureCells.count), "\(differing.count) of \(pictureCells.count) cells")
  }
}
