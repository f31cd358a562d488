import WaterfallView

/// One terminal cell of a picture: a block symbol whose shape (``mask``) is drawn
/// in ``foreground`` over ``background``.
///
/// The shape is a set of the cell's 12 sub-pixels on a grid 2 across and 6 down
/// (bit `row * 2 + column`): every half block, quadrant and sextant is such a set,
/// so cells of every ``SymbolSet`` compare, draw and measure alike. A transparent
/// part has the ``Color/default`` colour: the terminal's own background shows.
///
/// ```swift
/// let cell = SymbolCell.half(top: .indexed(196), bottom: .indexed(21))
/// cell.glyph.scalar   // ▀
/// cell.style          // Style(foreground: .indexed(196), background: .indexed(21))
/// SymbolCell(mask: SymbolCell.quadrantMask(1 | 8), foreground: .indexed(1), background: .indexed(2)).glyph.scalar   // ▚
/// ```
public struct SymbolCell: Hashable, Sendable {
  /// The sub-pixels drawn in the foreground colour.
  public var mask: UInt16
  public var foreground: Color
  public var background: Color

  public init(mask: UInt16, foreground: Color, background: Color) {
    precondition(mask <= Self.full, "a cell has 12 sub-pixels")
    self.mask = mask
    self.foreground = foreground
    self.background = background
  }

  /// All 12 sub-pixels.
  public static let full: UInt16 = 0xFFF
  /// The upper half: rows 0 to 2.
  public static let upperHalf: UInt16 = 0x03F
  /// The lower half: rows 3 to 5.
  public static let lowerHalf: UInt16 = 0xFC0

  /// A cell of two stacked pixels, as the half-block renderer makes it: `▀` in
  /// the top colour over the bottom's; with the top transparent, `▄` over the
  /// terminal's background; with both, a blank.
  public static func half(top: Color, bottom: Color) -> SymbolCell {
    if top != .default { return SymbolCell(mask: upperHalf, foreground: top, background: bottom) }
    if bottom != .default { return SymbolCell(mask: lowerHalf, foreground: bottom, background: .default) }
    return SymbolCell(mask: 0, foreground: .default, background: .default)
  }

  /// The mask of quadrants `q` (1: upper left, 2: upper right, 4: lower left,
  /// 8: lower right).
  public static func quadrantMask(_ q: Int) -> UInt16 {
    var mask: UInt16 = 0
    for bit in 0..<4 where q & (1 << bit) != 0 {
      let (row, column) = (bit / 2, bit % 2)
      for r in (3 * row)..<(3 * row + 3) { mask |= 1 << UInt16(r * 2 + column) }
    }
    return mask
  }

  /// The mask of sextants `s` (bit `row * 2 + column`, rows of thirds: 1 upper
  /// left, 2 upper right, 4 middle left, … 32 lower right).
  public static func sextantMask(_ s: Int) -> UInt16 {
    var mask: UInt16 = 0
    for bit in 0..<6 where s & (1 << bit) != 0 {
      let (row, column) = (bit / 2, bit % 2)
      for r in (2 * row)..<(2 * row + 2) { mask |= 1 << UInt16(r * 2 + column) }
    }
    return mask
  }

  /// The character that draws ``mask``: a space, a half block, a quadrant or a
  /// sextant. Sextants 21 and 42 (a whole left or right column) and 0 and 63 are
  /// not in the sextant block: they are `▌ ▐`, a space and `█`.
  public var glyph: Glyph { Glyph(scalar: Self.scalars[Int(mask)] ?? "?", width: 1) }

  /// The colours that draw ``glyph``.
  public var style: Style { Style(foreground: foreground, background: background) }

  /// Each mask's character, for the masks some symbol draws.
  static let scalars: [Unicode.Scalar?] = {
    var table = [Unicode.Scalar?](repeating: nil, count: Int(full) + 1)
    // Quadrants, including the half blocks, the space and the full block.
    let quadrants: [Unicode.Scalar] = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
    for (q, scalar) in quadrants.enumerated() { table[Int(quadrantMask(q))] = scalar }
    for s in 1..<63 where s != 21 && s != 42 {
      let offset = s - 1 - (s > 21 ? 1 : 0) - (s > 42 ? 1 : 0)
      table[Int(sextantMask(s))] = Unicode.Scalar(0x1FB00 + UInt32(offset))!
    }
    return table
  }()

  /// The mask `scalar` draws, for the characters above: how a terminal's output
  /// (chafa's, in the benchmark) is read back into cells.
  public static func mask(of scalar: Unicode.Scalar) -> UInt16? {
    maskOfScalar[scalar]
  }

  private static let maskOfScalar: [Unicode.Scalar: UInt16] = {
    var masks: [Unicode.Scalar: UInt16] = [:]
    for (mask, scalar) in scalars.enumerated() {
      if let scalar { masks[scalar] = UInt16(mask) }
    }
    return masks
  }()
}
