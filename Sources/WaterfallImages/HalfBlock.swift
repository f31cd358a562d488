import WaterfallView

/// One terminal cell of a picture: two pixels stacked, drawn as the upper half block
/// `▀` in the top pixel's colour over a background of the bottom pixel's.
///
/// ```swift
/// let cell = HalfBlock(top: .indexed(196), bottom: .indexed(21))
/// cell.style   // Style(foreground: .indexed(196), background: .indexed(21))
/// ```
public struct HalfBlock: Hashable, Sendable {
  public var top: Color
  public var bottom: Color

  public init(top: Color, bottom: Color) {
    self.top = top
    self.bottom = bottom
  }

  /// The upper half block.
  public static let glyph = Glyph(scalar: "▀", width: 1)

  /// The style that draws this cell with ``glyph``.
  public var style: Style { Style(foreground: top, background: bottom) }
}
