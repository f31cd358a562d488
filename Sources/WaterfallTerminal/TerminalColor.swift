import WaterfallView

/// How a terminal numbers a ``Color``: the number its `setaf` and `setab` take.
///
/// With direct colour (`colors` 2^24, ncurses' `-direct` descriptions) a colour
/// is its 24-bit value, the eight basic colours staying 0-7 as those
/// descriptions want; otherwise it is its palette index when the terminal has
/// it, and the nearest of the eight basic colours when it does not. The
/// terminal's default colour is -1.
///
/// ```swift
/// TerminalColor(colors: 256).number(for: .rgb(255, 0, 0))        // 196
/// TerminalColor(colors: 8).number(for: .indexed(9))              // 1
/// TerminalColor(colors: 1 << 24).number(for: .rgb(0x12, 0x34, 0x56))   // 0x123456
/// ```
struct TerminalColor: Hashable, Sendable {
  /// The colour count at which a terminal has direct colour.
  static let directColors = 1 << 24

  /// How many colours the terminal has (0: none, every colour is the default).
  let colors: Int

  /// Whether colours are 24-bit values.
  var isDirect: Bool { colors >= Self.directColors }

  /// The terminal's number for `color`, -1 for its default colour.
  func number(for color: Color) -> Int32 {
    guard colors > 0 else { return -1 }
    if isDirect {
      switch color {
      case .default: return -1
      case .indexed(let index) where index < 8: return Int32(index)
      case .indexed(let index): return Self.direct(Color.paletteRGB(index))
      case .rgb(let r, let g, let b): return Self.direct((r, g, b))
      }
    }
    guard let index = color.paletteIndex else { return -1 }
    if Int(index) < colors { return Int32(index) }
    if index < 16 { return Int32(index % 8) }
    return Int32(Self.nearestBasic(index))
  }

  /// A 24-bit colour value. Values 0-7 mean the basic colours to a direct-colour
  /// terminal, so the darkest blues move up to 8 (0x000008), which looks the same.
  static func direct(_ rgb: (UInt8, UInt8, UInt8)) -> Int32 {
    let value = Int32(rgb.0) << 16 | Int32(rgb.1) << 8 | Int32(rgb.2)
    return value < 8 ? 8 : value
  }

  /// The basic colour (0-7) nearest to a cube or grey entry of the 256 palette.
  static func nearestBasic(_ index: UInt8) -> UInt8 {
    if index >= 232 { return index >= 244 ? 7 : 0 }
    let cube = Int(index) - 16
    let (r, g, b) = (cube / 36, (cube / 6) % 6, cube % 6)
    return UInt8((r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0))
  }
}
