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

  /// Draws the placeholder over `rect`. A card drawn on every frame keeps a
  /// ``PlaceholderDrawing`` instead, made once for its width.
  public func draw(in canvas: any Canvas, rect: Rect, clip: Rect, ascii: Bool) {
    PlaceholderDrawing(self, width: rect.width, ascii: ascii).draw(in: canvas, rect: rect, clip: clip)
  }
}
