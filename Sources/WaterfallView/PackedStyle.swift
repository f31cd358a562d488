/// A ``Style`` in one 64-bit word, as ``CellBuffer`` stores it: comparing two
/// cells' styles is then one integer comparison, which is most of the work of
/// finding what changed between two frames.
///
/// Each colour takes 26 bits (a 2-bit kind, then the index or the 24-bit value),
/// the attributes 8.
///
/// ```swift
/// let packed = PackedStyle(Style(foreground: .indexed(3), attributes: .bold))
/// packed.style   // the same Style back
/// ```
struct PackedStyle: Equatable {
  var bits: UInt64

  static let plain = PackedStyle(.plain)

  init(_ style: Style) {
    bits = Self.pack(style.foreground) | Self.pack(style.background) << 26 | UInt64(style.attributes.rawValue) << 52
  }

  var style: Style {
    Style(
      foreground: Self.unpack(bits & 0x3FF_FFFF), background: Self.unpack((bits >> 26) & 0x3FF_FFFF),
      attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits >> 52)))
  }

  private static func pack(_ color: Color) -> UInt64 {
    switch color {
    case .default: return 0
    case .indexed(let index): return 1 << 24 | UInt64(index)
    case .rgb(let r, let g, let b): return 2 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
    }
  }

  private static func unpack(_ bits: UInt64) -> Color {
    switch bits >> 24 {
    case 1: return .indexed(UInt8(truncatingIfNeeded: bits))
    case 2: return .rgb(UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits))
    default: return .default
    }
  }
}
