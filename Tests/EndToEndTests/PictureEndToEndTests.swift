import Foundation
import TestSupport
import Testing

/// Pictures in the real binary: block symbols in the terminal's colours (half
/// blocks where a test looks for `▀`), the
/// placeholder without colours, keys answered while large pictures decode.
///
/// `swift test` may run with NO_COLOR set, which keeps every picture a
/// placeholder, so the commands here unset it.
@Suite(.serialized) struct PictureEndToEndTests {

  /// The screen with its colours, as SGR sequences (`capture-pane -e`).
  static func colouredScreen(_ tmux: Tmux) throws -> String {
    try Tmux.run(["capture-pane", "-p", "-e", "-t", "0"], socket: tmux.socket)
  }

  /// The placeholders on `screen`, counted by their labels: a file name with a
  /// space either side (a card's title has the border on its left).
  static func placeholders(in screen: [String]) -> Int {
    screen.joined(separator: "\n").matches(of: #/ [a-z0-9-]+\.(png|jpg) /#).count
  }

  static func scratch(_ name: String = #function) throws -> URL {
    try Scratch.folder(name)
  }

  @Test func cardsShowHalfBlockPicturesIn256Colours() throws {
    let tmux = try Tmux("env -u NO_COLOR waterfall --symbols half Data/shops", width: 100, height: 30)
    try tmux.waitFor("pictures in the cards") { $0.joined().contains("▀▀▀▀▀▀▀▀▀▀") }
    let coloured = try Self.colouredScreen(tmux)
    // A picture cell: the half block with a palette foreground and background.
    let cell = try #require(try Regex(#"\x1b\[38;5;(\d+)m\x1b\[48;5;(\d+)m▀"#).firstMatch(in: coloured), "no 256-colour half block in:\n\(coloured.prefix(2_000))")
    #expect(cell.output.count == 3)
    // The first card's picture (the rug) has more than a couple of colours.
    let colours = Set(coloured.matches(of: try Regex(#"\[4[8];5;(\d+)m"#)).map { String(coloured[$0.range]) })
    #expect(colours.count > 10)
    // Placeholder labels (` rug-001.png `) are gone once the pictures are in.
    try tmux.waitFor("every visible picture decoded") { Self.placeholders(in: $0) == 0 }
  }

  /// `COLORTERM=truecolor` is enough: no `-direct` terminfo entry is needed.
  @Test(arguments: ["xterm-256color", "screen-256color"])
  func truecolorWhereTheTerminalSaysItHasIt(term: String) throws {
    let tmux = try Tmux("env -u NO_COLOR TERM=\(term) COLORTERM=truecolor waterfall --symbols half Data/shops", width: 100, height: 30)
    try tmux.waitFor("pictures in the cards") { $0.joined().contains("▀▀▀▀▀▀▀▀▀▀") }
    let coloured = try Self.colouredScreen(tmux)
    #expect(coloured.contains("▀"))
    #expect(try Regex(#"\x1b\[38;2;\d+;\d+;\d+m"#).firstMatch(in: coloured) != nil, "no 24-bit colour in:\n\(coloured.prefix(2_000))")
  }

  static func hasQuadrants(_ text: String) -> Bool {
    // Not ▚: a placeholder's pattern may be drawn with it.
    text.unicodeScalars.contains { "▘▝▖▗▞▙▛▜▟".unicodeScalars.contains($0) }
  }

  static func hasSextants(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) }
  }

  /// Quadrants unless told otherwise, in two colours a cell; sextants with
  /// `--symbols sextant`.
  @Test func quadrantsByDefaultAndSextantsWhenAsked() throws {
    let quad = try Tmux("env -u NO_COLOR waterfall Data/pictures", width: 100, height: 30)
    let screen = try quad.waitFor("quadrants in the cards") { Self.hasQuadrants($0.joined()) }
    #expect(!Self.hasSextants(screen.joined()))
    let coloured = try Self.colouredScreen(quad)
    #expect(try Regex(#"\x1b\[[34]8;5;\d+m[▘▝▖▗▞▙▛▜▟]"#).firstMatch(in: coloured) != nil, "\(coloured.prefix(2_000))")
    let sextant = try Tmux("env -u NO_COLOR waterfall --symbols sextant Data/pictures", width: 100, height: 30)
    try sextant.waitFor("sextants in the cards") { Self.hasSextants($0.joined()) }
  }

  @Test func noColorKeepsThePlaceholders() throws {
    let tmux = try Tmux("NO_COLOR=1 waterfall Data/shops", width: 100, height: 30)
    try tmux.waitFor("the cards") { Tmux.status($0).hasPrefix(" 1/40 ") }
    // The same cards in colour show their pictures: by then, the ones without
    // colour have had as long to show theirs.
    let coloured = try Tmux("env -u NO_COLOR waterfall Data/shops", width: 100, height: 30)
    try coloured.waitFor("the pictures in colour") { $0.joined().contains("▀") }
    let screen = try tmux.capture().joined(separator: "\n")
    #expect(screen.contains("rug-001.png"))
    #expect(!screen.contains("▀"))
  }

  @Test func aFolderOfPicturesIsBrowsedAndABadOneSaysWhy() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["01-sky.jpg", "03-op-art.png", "05-skyline.png"] {
      try FileManager.default.copyItem(
        at: Tmux.root.appendingPathComponent("Data/pictures/" + name), to: folder.appendingPathComponent(name))
    }
    let skyline = try Data(contentsOf: folder.appendingPathComponent("05-skyline.png"))
    try skyline.prefix(skyline.count / 2).write(to: folder.appendingPathComponent("04-cut.png"))
    try Data("not a picture".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    let tmux = try Tmux("env -u NO_COLOR waterfall --symbols half \(Tmux.shellQuote(folder.path))", width: 100, height: 30)
    let screen = try tmux.waitFor("four pictures, not the text file") { Tmux.status($0).hasPrefix(" 1/4 ") }
    #expect(screen.joined().contains("01-sky.jpg"))
    try tmux.waitFor("the pictures") { $0.joined().contains("▀▀▀▀▀▀▀▀▀▀") }
    // The cut picture's details: its fields, and why it shows no picture.
    try tmux.type("/'cut")
    try tmux.send("Enter")
    try tmux.waitFor("one match") { Tmux.status($0).contains("/'cut") && Tmux.status($0).hasPrefix(" 1/1 ") }
    try tmux.send("Enter")
    let details = try tmux.waitFor("the reason in the details") { $0.joined().contains("truncated") }.joined(separator: "\n")
    #expect(details.contains("picture") && details.contains("04-cut.png") && details.contains("135×240"))
    // `render` draws the same.
    let rendered = try Tmux.waterfall(["render", folder.path, "--width", "100", "--height", "30", "--pictures", "--select", "2", "--details"]).out
    #expect(rendered.contains("04-cut.png") && rendered.contains("truncated"), "render:\n\(rendered)")
  }

  /// Large pictures take a while to decode (here about a second each in a debug
  /// build); the keys must not wait for them.
  @Test func keysAnswerWhilePicturesDecode() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let big = folder.appendingPathComponent("big.bin")
    try Data(BlackPNG.bytes(width: 5_000, height: 5_000)).write(to: big)
    for i in 1...12 {
      try FileManager.default.createSymbolicLink(
        at: folder.appendingPathComponent(String(format: "big-%02d.png", i)), withDestinationURL: big)
    }
    let tmux = try Tmux("env -u NO_COLOR waterfall --symbols half \(Tmux.shellQuote(folder.path))", width: 100, height: 30)
    try tmux.waitFor("the first screen") { Tmux.status($0).hasPrefix(" 1/12 ") }
    let start = Date()
    try tmux.send("End")
    let moved = try tmux.waitFor("End to select the last picture", timeout: 3) { Tmux.status($0).hasPrefix(" 12/12 ") }
    let elapsed = Date().timeIntervalSince(start)
    #expect(elapsed < 2, "End took \(elapsed) s")
    // Pictures on screen are still placeholders: the key did not wait for them.
    #expect(Self.placeholders(in: moved) >= 2, "screen:\n\(moved.joined(separator: "\n"))")
    try tmux.send("Home")
    try tmux.waitFor("Home", timeout: 3) { Tmux.status($0).hasPrefix(" 1/12 ") }
    // In time they all arrive.
    try tmux.waitFor("the pictures on screen", timeout: 60) { Self.placeholders(in: $0) == 0 && $0.joined().contains("▀") }
  }
}

/// A black RGB PNG of any size in little space: its data is one run of zeros,
/// deflated as a literal and then matches of 258 bytes (fixed Huffman codes).
enum BlackPNG {
  static func bytes(width: Int, height: Int) -> [UInt8] {
    let header = be(UInt32(width)) + be(UInt32(height)) + [8, 2, 0, 0, 0]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
      + chunk("IDAT", zeros(count: height * (1 + width * 3))) + chunk("IEND", [])
  }

  static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

  static let crcTable: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(kind.utf8) + data
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in body { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return be(UInt32(data.count)) + body + be(~crc)
  }

  static func zeros(count: Int) -> [UInt8] {
    var out: [UInt8] = []
    var bit = 0
    func code(_ value: UInt32, _ length: Int, reversed: Bool = true) {
      for i in 0..<length {
        let b = reversed ? (value >> UInt32(length - 1 - i)) & 1 : (value >> UInt32(i)) & 1
        if bit == 0 { out.append(0) }
        out[out.count - 1] |= UInt8(b) << UInt8(bit)
        bit = (bit + 1) % 8
      }
    }
    code(0b011, 3, reversed: false)  // final block, fixed Huffman
    var left = count
    code(0b0011_0000, 8)  // literal 0
    left -= 1
    while left >= 258 {
      code(0b1100_0101, 8)  // length 258
      code(0, 5)  // distance 1
      left -= 258
    }
    for _ in 0..<left { code(0b0011_0000, 8) }
    code(0, 7)  // end of block
    return [0x78, 0x01] + out + be(UInt32(count % 65_521) << 16 | 1)
  }
}
