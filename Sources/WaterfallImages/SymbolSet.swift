/// The block symbols pictures are drawn with: each cell shows two colours split
/// by one of the set's shapes, so finer sets show more of the picture in the same
/// cells.
///
/// - `half`: the half blocks `▀ ▄` (1x2 pixels a cell), in every font since the
///   VT220's days.
/// - `quad`: the quadrants `▘ ▝ ▖ ▗ ▌ ▐ ▚ ▞ ▙ ▛ ▜ ▟` and the half blocks (2x2), all in
///   Unicode's Block Elements, which every common terminal font draws. The default.
/// - `sextant`: the sextants of Unicode's Symbols for Legacy Computing (U+1FB00
///   to U+1FB3B, 2x3) together with the quadrants and half blocks; many fonts
///   lack them, though kitty, WezTerm, foot, VTE and recent xterm draw them
///   themselves.
///
/// ```swift
/// SymbolSet(rawValue: "sextant")   // .sextant
/// SymbolSet.quad.gridWidth         // 2
/// ```
public enum SymbolSet: String, CaseIterable, Hashable, Sendable {
  case half
  case quad
  case sextant

  /// What pictures use unless told otherwise: see DECISIONS.md.
  public static let standard = SymbolSet.quad

  /// Pixels across a cell that the shapes tell apart.
  public var gridWidth: Int { self == .half ? 1 : 2 }

  /// Pixels down a cell that the shapes tell apart: 2 for half blocks and
  /// quadrants; 6 for sextants, whose thirds and the others' halves both fall on
  /// that grid's lines.
  public var gridHeight: Int { self == .sextant ? 6 : 2 }
}
