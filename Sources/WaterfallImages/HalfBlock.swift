import WaterfallView

/// One terminal cell of a picture: two pixels stacked, drawn as the upper half block
/// `▀` in the top pixel's colour over a background of the bottom pixel's.
///
/// A transparent pixel is ``Color/default``: it shows the terminal's own
/// background. With only the top one transparent the cell is drawn as the lower
/// half block `▄` instead, and with both as a blank.
///
/// ```swift
/// let cell = HalfBlock(top: .indexed(196), bottom: .indexed(21))
/// cell.style   // Style(foreground: .indexed(196), background: .indexed(21))
/// HalfBlock(top: .default, bottom: .indexed(21)).glyph   // ▄, in colour 21 over the terminal's background
/// ```
public struct HalfBlock: Hashable, Sendable {
  public var top: Color
  public var bottom: Color

  public init(top: Color, bottom: Color) {
    self.top = top
    self.bottom = bottom
  }

  /// The upper half block.
  public static let upperHalf = Glyph(scalar: "▀", width: 1)
  /// The lower half block.
  public static let lowerHalf = Glyph(scalar: "▄", width: 1)

  /// The character that draws this cell with ``style``.
  public var glyph: Glyph {
    if top != .default { return Self.upperHalf }
    return bottom != .default ? Self.lowerHalf : .space
  }

  /// The colours that draw this cell with ``glyph``.
  public var style: Style {
    if top != .default { return Style(foreground: top, background: bottom) }
    return Style(foreground: bottom, background: .default)
  }
}
