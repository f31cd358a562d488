import TestSupport
import Testing
import WaterfallLayout
@testable import WaterfallView

/// `put` of measured glyphs hands the glyphs wholly inside the clip to
/// ``Canvas/setRun(_:at:style:)`` in one call: the cells must be exactly those
/// drawn a glyph at a time, with the same rules at the clip's edges.
@Suite struct GlyphRunTests {
  /// A canvas that has only the one primitive: every run is drawn by the
  /// protocol's default, a `set` per glyph, and counted.
  final class SetOnly: Canvas {
    let buffer: CellBuffer
    var runs = 0
    init(width: Int, height: Int) { buffer = CellBuffer(width: width, height: height) }
    var size: Size { buffer.size }
    func set(_ glyph: Glyph, at point: Point, style: Style) { buffer.set(glyph, at: point, style: style) }
    func setRun(_ glyphs: ArraySlice<Glyph>, at point: Point, style: Style) {
      runs += 1
      var x = point.x
      for glyph in glyphs {
        set(glyph, at: Point(x: x, y: point.y), style: style)
        x += glyph.width
      }
    }
  }

  /// The rule, one glyph at a time: a glyph wholly inside the area is drawn, a
  /// glyph cut by an edge leaves spaces in its visible columns.
  static func reference(_ glyphs: [Glyph], at point: Point, style: Style, area: Rect, into buffer: CellBuffer) -> Int {
    guard point.y >= area.minY, point.y < area.maxY else { return glyphs.reduce(0) { $0 + $1.width } }
    var x = point.x
    for glyph in glyphs {
      guard x < area.maxX else { break }
      let end = x + glyph.width
      if x >= area.minX && end <= area.maxX {
        buffer.set(glyph, at: Point(x: x, y: point.y), style: style)
      } else if end > area.minX {
        for column in max(x, area.minX)..<min(end, area.maxX) { buffer.set(.space, at: Point(x: column, y: point.y), style: style) }
      }
      x = end
    }
    return x - point.x
  }

  static let alphabet = DisplayText.glyphs(of: "ab价格cd😀e\u{301}f")

  @Test func aRunDrawsWhatGlyphsOneAtATimeDraw() {
    var rng = SeededGenerator(seed: 0x5E7_2B9)
    let style = Style(foreground: .indexed(3), attributes: .bold)
    for trial in 0..<2_000 {
      let glyphs = (0..<Int.random(in: 0...14, using: &rng)).map { _ in Self.alphabet.randomElement(using: &rng)! }
      let point = Point(x: Int.random(in: -6...14, using: &rng), y: Int.random(in: 0...2, using: &rng))
      let clip = Rect(
        x: Int.random(in: -2...8, using: &rng), y: Int.random(in: 0...1, using: &rng),
        width: Int.random(in: 0...12, using: &rng), height: Int.random(in: 1...2, using: &rng))
      let fast = CellBuffer(width: 12, height: 3)
      let expected = CellBuffer(width: 12, height: 3)
      let counted = SetOnly(width: 12, height: 3)
      for canvas in [fast, expected, counted.buffer] { canvas.fill(Rect(x: 0, y: 0, width: 12, height: 3), with: "·") }
      let advanced = fast.put(glyphs, at: point, style: style, clip: clip)
      counted.put(glyphs, at: point, style: style, clip: clip)
      let area = clip.intersection(expected.bounds) ?? Rect(x: 0, y: 0, width: 0, height: 0)
      let expectedAdvance = Self.reference(glyphs, at: point, style: style, area: area, into: expected)
      #expect(fast.cells == expected.cells, "trial \(trial): \(fast.lines) against \(expected.lines)")
      #expect(counted.buffer.cells == expected.cells, "trial \(trial)")
      #expect(counted.runs <= 1, "at most one run a call")
      if !area.isEmpty { #expect(advanced == expectedAdvance, "trial \(trial)") }
    }
  }

  @Test func aRegionPassesItsRunOnTranslated() {
    let screen = SetOnly(width: 10, height: 4)
    let region = CanvasRegion(base: screen, offset: Point(x: 2, y: -98), bounds: Rect(x: 0, y: 98, width: 6, height: 4))
    region.put(DisplayText.glyphs(of: "a价bcdefg"), at: Point(x: 1, y: 100))
    #expect(screen.runs == 1)
    #expect(screen.buffer.lines[2] == "   a价bc  ", "clipped at the region's right edge, drawn at screen row 2")
  }
}
