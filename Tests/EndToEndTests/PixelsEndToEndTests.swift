import Foundation
import Testing
import WaterfallImages

/// Real pixels in real terminals under Xvfb: xterm `-ti vt340` (sixel) and kitty
/// (its graphics protocol, software GL), scrolled, the screen saved with real
/// pixels and again with block symbols only (Scripts/pixel-shots.sh). Where the
/// two differ is where pixels were drawn: that must be inside the pictures' cells
/// (as `render` draws the same screen) and nowhere else, and cover most of them.
@Suite(.serialized) struct PixelsEndToEndTests {
  static let (columns, rows) = (100, 30)
  static let symbols: Set<Character> = Set("▀▄▌▐▘▝▖▗▚▞▙▛▜▟█")

  /// `xterm auto`: `--pictures auto` in that xterm, which answers the question
  /// with sixel after the first frames drew block symbols (issue 31).
  @Test(arguments: ["xterm", "kitty", "tmux", "xterm auto"])
  func picturesLandOnTheCardsAndNowhereElse(run: String) throws {
    let terminal = String(run.split(separator: " ")[0])
    for tool in [terminal == "tmux" ? "xterm" : terminal, "tmux", "xvfb-run", "xdotool", "import"] {
      try #require(
        ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) },
        "\(tool) is missing: make test installs it")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wf-pixels-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let shots = try Tmux.launch(
      "/bin/bash",
      ["Scripts/pixel-shots.sh", folder.path, Tmux.waterfall, "Data/pictures", "j j Next"] + run.split(separator: " ").map(String.init),
      input: nil, environment: [:], timeout: 120)
    try #require(shots.status == 0, "the script failed: \(shots.err)")
    let pixels = try Image(contentsOf: folder.appendingPathComponent("pixels.png").path)
    let blocks = try Image(contentsOf: folder.appendingPathComponent("blocks.png").path)
    try #require(pixels.width == blocks.width && pixels.height == blocks.height)
    // The terminal's size: rows, columns, and its cells' area in pixels.
    let size = try String(contentsOf: folder.appendingPathComponent("size.txt"), encoding: .utf8)
      .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    try #require(size.count == 4 && size[0] == Self.rows && size[1] == Self.columns, "size \(size)")
    let cell = (width: size[2] / Self.columns, height: size[3] / Self.rows)
    // In tmux the pane starts at column 40 of the window (39 columns and a border left of it).
    let left = terminal == "tmux" ? 40 : 0
    try #require(
      cell.width > 0 && cell.height > 0 && size[2] + left * cell.width <= pixels.width && size[3] <= pixels.height)

    // The cells where the two screens differ: where real pixels are (left of the pane: stray, -1).
    var differing = Set<Int>()
    for y in 0..<(cell.height * Self.rows) {
      for x in 0..<(cell.width * (Self.columns + left)) where pixels[x, y] != blocks[x, y] {
        let column = x / cell.width - left
        differing.insert(column < 0 ? -1 : (y / cell.height) * Self.columns + column)
      }
    }
    // The same screen as text: the pictures' cells are block symbols.
    let drawn = try Tmux.waterfall([
      "render", "Data/pictures", "--width", "\(Self.columns)", "--height", "\(Self.rows)", "--pictures", "--keys", "j j NPage",
    ])
    let lines = drawn.out.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    try #require(lines.count >= Self.rows)
    #expect(String(lines[Self.rows - 1]).hasPrefix(" 15/24 "), "render is not at the live screen's place: \(drawn.out)")
    var pictureCells = Set<Int>()
    for (y, line) in lines.prefix(Self.rows).enumerated() {
      for (x, character) in line.enumerated() where Self.symbols.contains(character) { pictureCells.insert(y * Self.columns + x) }
    }
    #expect(!differing.isEmpty, "no real pixels at all")
    let stray = differing.subtracting(pictureCells)
    #expect(stray.isEmpty, "pixels outside the pictures at cells \(stray.sorted().prefix(20).map { ($0 % Self.columns, $0 / Self.columns) })")
    // The whole pictures (most of those on screen) are in pixels.
    #expect(Double(differing.count) > 0.5 * Double(pictureCells.count), "\(differing.count) of \(pictureCells.count) cells")
  }
}
