import TestSupport
import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallTerminal

/// The encoder's bytes, played on a terminal in memory (``ModelTerminal``),
/// leave exactly the frame on the screen, frame after frame; and a scroll costs
/// the rows that came into view, not the screen.
@Suite struct FrameEncoderTests {
  static let colors = TerminalColor(colors: 256)

  /// Plays `frames` one after another through one encoder on one model
  /// terminal; after each, the model shows the frame. `fresh` frames are
  /// encoded over no previous frame (a repaint).
  static func play(_ frames: [CellBuffer], fresh: Set<Int> = [0]) -> (terminal: ModelTerminal, bytes: [Int]) {
    let size = frames[0].size
    var terminal = ModelTerminal(width: size.width, height: size.height)
    var encoder = FrameEncoder(strings: .xterm, colors: colors)
    var counts: [Int] = []
    var previous: CellBuffer?
    for (i, frame) in frames.enumerated() {
      var bytes: [UInt8] = []
      encoder.encode(frame, over: fresh.contains(i) ? nil : previous, into: &bytes)
      terminal.feed(bytes)
      counts.append(bytes.count)
      #expect(terminal.problems.isEmpty, "frame \(i): \(terminal.problems.prefix(3))")
      let expected = ModelTerminal.expected(frame, colors: colors)
      if terminal.cells != expected {
        let y = (0..<size.height).first { terminal.cells[$0] != expected[$0] }!
        let x = (0..<size.width).first { terminal.cells[y][$0] != expected[y][$0] }!
        Issue.record("frame \(i): row \(y) column \(x) shows \(terminal.cells[y][x]), not \(expected[y][x])")
        break
      }
      previous = frame
    }
    return (terminal, counts)
  }

  /// A long document of styled rows (wide glyphs, colours, attributes); a
  /// frame is a window of it with a status row under it.
  struct Document {
    var rows: [[(String, Style)]]

    init(rows count: Int, width: Int, using random: inout SeededGenerator) {
      let words = ["card", "价格", "mug", "│", "┏━━┓", "clay", "日本", "x", "  ", "wool"]
      let styles: [Style] = [
        .plain, Style(foreground: .indexed(3), attributes: .bold), Style(foreground: .indexed(90)),
        Style(foreground: .rgb(200, 40, 10), background: .indexed(17)), Style(attributes: [.reverse]),
        Style(attributes: [.dim, .underline]), Style(background: .indexed(236)), Style(attributes: .italic),
      ]
      rows = (0..<count).map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          (words.randomElement(using: &random)!, styles.randomElement(using: &random)!)
        }
      }
    }

    func frame(from first: Int, width: Int, height: Int, status: String) -> CellBuffer {
      let frame = CellBuffer(width: width, height: height)
      for y in 0..<(height - 1) where rows.indices.contains(first + y) {
        var x = 0
        for (word, style) in rows[first + y] {
          x += frame.put(word, at: Point(x: x, y: y), style: style, clip: frame.bounds)
        }
      }
      frame.put(status, at: Point(x: 0, y: height - 1), style: Style(attributes: .reverse), clip: frame.bounds)
      return frame
    }
  }

  @Test(arguments: 0..<6)
  func randomScrollsAndEditsLeaveExactlyTheFrame(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed))
    let (width, height) = (40, 14)
    let document = Document(rows: 200, width: width, using: &random)
    var first = 50
    var frames: [CellBuffer] = []
    for step in 0..<60 {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: first += Int.random(in: 1...4, using: &random)
      case 1: first -= Int.random(in: 1...4, using: &random)
      case 2: first += Int.random(in: -30...30, using: &random)
      default: break
      }
      first = max(0, min(first, 180))
      let frame = document.frame(from: first, width: width, height: height, status: " \(step)/60 · row \(first)")
      // Now and then an edit inside the frame: a selection box drawn over a card.
      if Int.random(in: 0..<3, using: &random) == 0 {
        let x = Int.random(in: 0..<(width - 6), using: &random)
        let y = Int.random(in: 0..<(height - 3), using: &random)
        frame.put("┃sel价┃", at: Point(x: x, y: y), style: Style(foreground: .indexed(3), attributes: .bold), clip: frame.bounds)
      }
      frames.append(frame)
    }
    _ = Self.play(frames, fresh: [0, 25])
  }

  @Test func aOneRowScrollSendsOneRowNotTheScreen() {
    var random = SeededGenerator(seed: 7)
    let document = Document(rows: 100, width: 80, using: &random)
    let frames = (0..<6).map { document.frame(from: 20 + $0, width: 80, height: 24, status: " status") }
    let (_, counts) = Self.play(frames)
    // Every visible row of the first frame, then about one row (of at most
    // eight words) and the scroll's few sequences for each one-row step.
    let rowBytes = 8 * 16 + 40
    for count in counts.dropFirst() { #expect(count < rowBytes + 60, "\(counts)") }
    #expect(counts[0] > 3 * rowBytes)
  }

  @Test func anUnchangedFrameSendsNothing() {
    var random = SeededGenerator(seed: 3)
    let document = Document(rows: 30, width: 30, using: &random)
    let frame = document.frame(from: 0, width: 30, height: 10, status: " s")
    let same = document.frame(from: 0, width: 30, height: 10, status: " s")
    let (_, counts) = Self.play([frame, same])
    #expect(counts[1] == 0)
  }

  @Test func onlyTheChangedCellsOfARowAreSent() {
    let a = CellBuffer(lines: [String(repeating: "a", count: 60), String(repeating: "b", count: 60)])
    let b = CellBuffer(lines: [String(repeating: "a", count: 60), String(repeating: "b", count: 30) + "X" + String(repeating: "b", count: 29)])
    let (_, counts) = Self.play([a, b])
    #expect(counts[1] == "\u{1B}[2;31HX".utf8.count)
  }

  @Test func blankCellsOfANewScreenCostNothing() {
    let frame = CellBuffer(width: 100, height: 30)
    frame.put("corner", at: Point(x: 94, y: 29))
    let (_, counts) = Self.play([frame])
    #expect(counts[0] == "\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[30;95Hcorner".utf8.count)
  }

  @Test func combiningMarksAndWideGlyphsAtTheEdge() {
    let a = CellBuffer(width: 6, height: 2)
    a.put("e\u{301}价", at: Point(x: 0, y: 0))
    a.put("ab价", at: Point(x: 2, y: 1))
    let b = CellBuffer(width: 6, height: 2)
    b.put("价e\u{301}", at: Point(x: 1, y: 0))
    b.put("a价b", at: Point(x: 2, y: 1))
    _ = Self.play([a, b, a])
  }

  @Test func aTerminalThatWouldScrollNeverGetsItsLastCell() {
    var strings = TerminalStrings.xterm
    strings.writesLastCell = false
    var encoder = FrameEncoder(strings: strings, colors: Self.colors)
    let frame = CellBuffer(lines: ["abc", "def"])
    var bytes: [UInt8] = []
    encoder.encode(frame, over: nil, into: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasSuffix("de"), "\(text.debugDescription)")
  }

  @Test func withoutAScrollRegionRowsAreWrittenInstead() {
    var strings = TerminalStrings.xterm
    strings.scrollRegion = nil
    var random = SeededGenerator(seed: 11)
    let document = Document(rows: 60, width: 30, using: &random)
    let frames = (0..<4).map { document.frame(from: 10 + $0 * 2, width: 30, height: 12, status: " s") }
    var terminal = ModelTerminal(width: 30, height: 12)
    var encoder = FrameEncoder(strings: strings, colors: Self.colors)
    var previous: CellBuffer?
    for frame in frames {
      var bytes: [UInt8] = []
      encoder.encode(frame, over: previous, into: &bytes)
      #expect(!String(decoding: bytes, as: UTF8.self).contains(/\x1B\[\d+;\d+r/), "no scroll region set")
      terminal.feed(bytes)
      #expect(terminal.cells == ModelTerminal.expected(frame, colors: Self.colors))
      previous = frame
    }
  }
}
