import Foundation
import TestSupport
import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallView

@testable import WaterfallTerminal

/// Colour pairs: allocated on demand, reused, recycled least recently used first,
/// never beyond the terminal's budget, and never redefined while on screen.
@Suite struct ColorPairsTests {
  /// A terminal's pair table, as `init_extended_pair` would fill it.
  final class Terminal {
    var defined: [Int32: ColorPairs.Key] = [:]
    var definitions = 0
    let limit: Int
    init(limit: Int) { self.limit = limit }
    func define(_ pair: Int32, _ foreground: Int32, _ background: Int32) -> Bool {
      guard pair > 0, Int(pair) < limit else { return false }
      defined[pair] = ColorPairs.Key(foreground: foreground, background: background)
      definitions += 1
      return true
    }
  }

  @Test func aCombinationKeepsItsPair() {
    let terminal = Terminal(limit: 16)
    var pairs = ColorPairs(colors: 256, limit: 16, define: terminal.define)
    let a = pairs.pair(foreground: .indexed(196), background: .indexed(21))
    let b = pairs.pair(foreground: .indexed(46), background: .default)
    #expect(a == 1 && b == 2)
    #expect(pairs.pair(foreground: .indexed(196), background: .indexed(21)) == a)
    #expect(pairs.pair(foreground: .default, background: .default) == 0)
    #expect(terminal.definitions == 2)
  }

  @Test func whenFullTheLeastRecentlyDrawnPairIsRecycled() {
    let terminal = Terminal(limit: 4)  // pairs 1, 2, 3
    var pairs = ColorPairs(colors: 256, limit: 4, define: terminal.define)
    for i in 0..<3 { _ = pairs.pair(foreground: .indexed(UInt8(16 + i)), background: .default) }
    pairs.beginFrame()
    _ = pairs.pair(foreground: .indexed(16), background: .default)  // pair 1 drawn again
    let recycled = pairs.pair(foreground: .indexed(100), background: .default)
    #expect(recycled == 2)  // pair 2 was drawn longest ago
    #expect(terminal.defined[2] == ColorPairs.Key(foreground: 100, background: -1))
    #expect(pairs.recycledCount == 1 && pairs.count == 3)
  }

  @Test func pairsDrawnThisFrameAreNeverRecycled() {
    let terminal = Terminal(limit: 3)  // pairs 1, 2
    var pairs = ColorPairs(colors: 256, limit: 3, define: terminal.define)
    pairs.beginFrame()
    #expect(pairs.pair(foreground: .indexed(20), background: .default) == 1)
    #expect(pairs.pair(foreground: .indexed(21), background: .default) == 2)
    #expect(pairs.pair(foreground: .indexed(22), background: .default) == 0)  // falls back
    #expect(pairs.fallbackCount == 1)
    #expect(terminal.defined[1]?.foreground == 20 && terminal.defined[2]?.foreground == 21)
    pairs.beginFrame()
    #expect(pairs.pair(foreground: .indexed(22), background: .default) == 1)
  }

  @Test func directColourUsesTwentyFourBitValues() {
    let terminal = Terminal(limit: 100)
    var pairs = ColorPairs(colors: 1 << 24, limit: 100, define: terminal.define)
    #expect(pairs.terminalColor(.rgb(0x12, 0x34, 0x56)) == 0x123456)
    #expect(pairs.terminalColor(.rgb(0, 0, 3)) == 8)  // 0-7 would be the basic colours
    #expect(pairs.terminalColor(.indexed(3)) == 3)
    #expect(pairs.terminalColor(.indexed(196)) == 0xFF0000)
    #expect(pairs.terminalColor(.indexed(8)) == 0x7F7F7F)
    #expect(pairs.terminalColor(.default) == -1)
    _ = pairs.pair(foreground: .rgb(1, 2, 3), background: .rgb(250, 250, 250))
    #expect(terminal.defined[1] == ColorPairs.Key(foreground: 0x010203, background: 0xFAFAFA))
  }

  @Test func palettesMapRGBToTheirEntries() {
    let pairs256 = ColorPairs(colors: 256, limit: 100) { _, _, _ in true }
    #expect(pairs256.terminalColor(.rgb(255, 0, 0)) == 196)
    let pairs8 = ColorPairs(colors: 8, limit: 64) { _, _, _ in true }
    #expect(pairs8.terminalColor(.rgb(255, 0, 0)) == 1)
    #expect(pairs8.terminalColor(.indexed(9)) == 1)
  }

  @Test(arguments: [
    ("xterm-256color", "truecolor", true), ("tmux-256color", "24bit", true), ("screen", "TrueColor", true),
    ("xterm-256color", nil, false), ("xterm-256color", "yes", false), ("xterm-direct", "truecolor", false),
    (nil, "truecolor", false), ("dumb", "truecolor", false), ("x,use=evil", "truecolor", false),
  ] as [(String?, String?, Bool)])
  func truecolorTerminalsGetADirectDescription(_ term: String?, _ colorterm: String?, _ expected: Bool) {
    #expect(ColorSupport.wantsDirectColor(term: term, colorterm: colorterm) == expected)
  }

  /// The description made from a 256-colour one has 2^24 colours and sends
  /// `38;2;R;G;B`, keeps the basic colours, and leaves nothing behind.
  @Test func theMadeDescriptionSendsTwentyFourBitColour() throws {
    let made = try #require(DirectColorTerminfo.make(base: "xterm-256color"), "tic could not make the description")
    defer { made.remove() }
    let described = try ChildOutput.run(["infocmp", "-x", "-1", "-A", made.directory, DirectColorTerminfo.name])
    #expect(described.contains("colors#0x1000000"))
    #expect(described.contains("setaf=\\E[%?%p1%{8}%<%t3%p1%d%e38;2;%p1%{65536}%/%d;%p1%{256}%/%{255}%&%d;%p1%{255}%&%d%;m,"))
    #expect(described.contains("smcup="), "the base's capabilities are kept")
    made.remove()
    #expect(access(made.directory, F_OK) != 0)
    #expect(DirectColorTerminfo.make(base: "no-such-terminal-at-all") == nil)
  }

  /// Scrolls a viewport down a tall column of the sample pictures, one row a frame,
  /// sending each frame's styles through the pairs as the session does: the pairs
  /// stay within the budget, and no pair changes its colours within a frame.
  @Test(arguments: [(256, 64), (256, 1024), (1 << 24, 512)])
  func scrollingManyPicturesStaysWithinTheBudget(_ colors: Int, _ limit: Int) throws {
    let folder = Repository.path("Data/shops/img")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
      .prefix(40)
    let mode: ColorMode = colors >= 1 << 24 ? .truecolor : .palette256
    let thumbnails = try names.map { Thumbnail(image: try Image(contentsOf: folder + "/" + $0), shape: .fill(width: 30, height: 8), mode: mode) }
    let terminal = Terminal(limit: limit)
    var pairs = ColorPairs(colors: colors, limit: limit, define: terminal.define)
    let screen = CellBuffer(width: 30, height: 24)
    let total = thumbnails.count * 8
    var drawnCells = 0
    for offset in stride(from: 0, to: total - 24, by: 1) {
      screen.clear()
      for (i, thumbnail) in thumbnails.enumerated() where (i * 8 + 8 > offset) && (i * 8 < offset + 24) {
        thumbnail.draw(in: screen, at: Point(x: 0, y: i * 8 - offset), clip: screen.bounds)
      }
      pairs.beginFrame()
      var usedThisFrame: [Int32: ColorPairs.Key] = [:]
      for y in 0..<24 {
        screen.forEachCell(inRow: y) { cell in
          let pair = pairs.pair(foreground: cell.style.foreground, background: cell.style.background)
          guard pair != 0, let key = terminal.defined[pair] else { return }
          drawnCells += 1
          if let earlier = usedThisFrame[pair] {
            #expect(earlier == key, "pair \(pair) redefined within a frame")
          }
          usedThisFrame[pair] = key
        }
      }
      #expect(pairs.highestPair < limit && pairs.count < limit)
      #expect(terminal.defined.keys.allSatisfy { Int($0) < limit })
    }
    // Most cells got a pair of their own colours, even with a small budget.
    #expect(drawnCells > (total - 24) * 30 * 24 / 2)
    if limit < 1024 { #expect(pairs.recycledCount > 0) }
  }
}

/// Runs a program and returns what it printed.
enum ChildOutput {
  static func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}

/// OSC 52: the clipboard sequence, its base64 checked against RFC 4648's vectors.
@Suite struct ClipboardSequenceTests {
  @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
  func base64(_ text: String, _ encoded: String) {
    #expect(String(decoding: ClipboardSequence.base64(Array(text.utf8)), as: UTF8.self) == encoded)
  }

  @Test func theSequenceIsOSC52EndedBySTAndCarriesAnyBytes() {
    let bytes = ClipboardSequence.bytes(for: Array(#"{"a":"é\n"}"#.utf8))
    #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;eyJhIjoiw6lcbiJ9\u{1B}\\")
    #expect(ClipboardSequence.base64((0...255).map(UInt8.init)).allSatisfy { $0 >= 0x2B && $0 <= 0x7A })
  }
}
