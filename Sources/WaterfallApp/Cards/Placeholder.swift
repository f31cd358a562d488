import WaterfallLayout
import WaterfallView

/// The stand-in for an item's picture: a pattern and a colour that follow from the
/// image's name (so the same picture always looks the same), with its file name in
/// the middle.
///
/// ```swift
/// let p = Placeholder(name: "img/mug-017.png")
/// p.label    // "mug-017.png"
/// ```
public struct Placeholder: Hashable, Sendable {
  static let unicodePatterns: [Character] = ["░", "▒", "▚", "╱", "╲", "┼", "·", "◇"]
  static let asciiPatterns: [Character] = [".", ":", "/", "\\", "+", "~", "=", "*"]
  static let colors: [UInt8] = [66, 67, 96, 101, 107, 131, 137, 143, 173, 109, 139, 180]

  public var label: String
  public var patternIndex: Int
  public var color: Color

  public init(name: String) {
    label = String(name.split(separator: "/").last ?? "")
    let hash = Self.fnv1a(name)
    patternIndex = Int(hash % UInt64(Self.unicodePatterns.count))
    color = .indexed(Self.colors[Int((hash >> 8) % UInt64(Self.colors.count))])
  }

  /// FNV-1a: a small, stable hash (Swift's own hash is seeded per process).
  static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  /// One cell in this many carries the pattern's glyph, on a diagonal lattice;
  /// the rest are spaces. The pattern still shows, and a screen of placeholders
  /// costs the terminal about half the bytes a solid fill of three-byte glyphs would.
  static let latticeStep = 4

  /// Draws the placeholder over `rect`.
  public func draw(in canvas: any Canvas, rect: Rect, clip: Rect, ascii: Bool) {
    guard !rect.isEmpty, let area = rect.intersection(clip) else { return }
    let pattern = ascii ? Self.asciiPatterns[patternIndex] : Self.unicodePatterns[patternIndex]
    let glyph = DisplayText.glyphs(of: String(pattern)).first ?? .space
    let style = Style(foreground: color)
    // The rows come in two kinds, by the lattice's phase: each is made once and
    // drawn whole, a row at a time. A cell carries the glyph when its
    // (column + 2 × row) from the rect's corner is a multiple of the step.
    let rows = (0..<2).map { kind in
      (0..<rect.width).map { x in (x + kind * 2) % Self.latticeStep == 0 ? glyph : Glyph.space }
    }
    for y in area.minY..<area.maxY {
      canvas.put(rows[((y - rect.minY) * 2 % Self.latticeStep) / 2], at: Point(x: rect.minX, y: y), style: style, clip: area)
    }
    guard !label.isEmpty, rect.width >= 3 else { return }
    let text = TextWrapper.truncate(label, width: rect.width - 2)
    let width = DisplayText.width(of: text)
    let x = rect.minX + (rect.width - width) / 2
    let y = rect.minY + rect.height / 2
    canvas.put(" " + text + " ", at: Point(x: x - 1, y: y), style: Style(foreground: color, attributes: .reverse), clip: clip.intersection(rect) ?? .zero)
  }
}
