/// The characters of a box outline.
///
/// ```swift
/// BoxLines.light    // ┌─┐ │ └─┘ for cards
/// BoxLines.heavy    // ┏━┓ ┃ ┗━┛ for the selected card
/// BoxLines.ascii    // +-+ | +-+ when the locale is not UTF-8
/// ```
public struct BoxLines: Hashable, Sendable {
  public let topLeft: Glyph
  public let horizontal: Glyph
  public let topRight: Glyph
  public let vertical: Glyph
  public let bottomLeft: Glyph
  public let bottomRight: Glyph

  /// An outline of six one-column characters; a wider or unsafe one becomes a space.
  public init(
    topLeft: Character, horizontal: Character, topRight: Character, vertical: Character,
    bottomLeft: Character, bottomRight: Character
  ) {
    func glyph(_ c: Character) -> Glyph {
      let g = DisplayText.glyphs(of: String(c)).first ?? .space
      return g.width == 1 ? g : .space
    }
    self.topLeft = glyph(topLeft)
    self.horizontal = glyph(horizontal)
    self.topRight = glyph(topRight)
    self.vertical = glyph(vertical)
    self.bottomLeft = glyph(bottomLeft)
    self.bottomRight = glyph(bottomRight)
  }

  public static let light = BoxLines(
    topLeft: "┌", horizontal: "─", topRight: "┐", vertical: "│", bottomLeft: "└", bottomRight: "┘")
  public static let heavy = BoxLines(
    topLeft: "┏", horizontal: "━", topRight: "┓", vertical: "┃", bottomLeft: "┗", bottomRight: "┛")
  public static let double = BoxLines(
    topLeft: "╔", horizontal: "═", topRight: "╗", vertical: "║", bottomLeft: "╚", bottomRight: "╝")
  public static let ascii = BoxLines(
    topLeft: "+", horizontal: "-", topRight: "+", vertical: "|", bottomLeft: "+", bottomRight: "+")
  /// The selected card's outline when the locale is not UTF-8.
  public static let asciiHeavy = BoxLines(
    topLeft: "#", horizontal: "=", topRight: "#", vertical: "#", bottomLeft: "#", bottomRight: "#")
}
