/// A terminal colour: the terminal's own default, one of the 256 indexed colours,
/// or a 24-bit colour for terminals with direct colour.
///
/// ```swift
/// Style(foreground: .indexed(33), background: .default)
/// ```
public enum Color: Hashable, Sendable {
  /// The terminal's default foreground or background.
  case `default`
  /// An entry of the 256-colour palette: 0-7 standard, 8-15 bright, 16-231 the
  /// 6x6x6 cube, 232-255 greys.
  case indexed(UInt8)
  /// A 24-bit colour, drawn as is where the terminal supports direct colour and as
  /// the nearest palette entry elsewhere.
  case rgb(UInt8, UInt8, UInt8)

  public static let black = Color.indexed(0)
  public static let red = Color.indexed(1)
  public static let green = Color.indexed(2)
  public static let yellow = Color.indexed(3)
  public static let blue = Color.indexed(4)
  public static let magenta = Color.indexed(5)
  public static let cyan = Color.indexed(6)
  public static let white = Color.indexed(7)
  public static let brightBlack = Color.indexed(8)

  /// The nearest entry of the 256-colour palette (the 6x6x6 cube or the grey ramp).
  public var paletteIndex: UInt8? {
    switch self {
    case .default: return nil
    case .indexed(let index): return index
    case .rgb(let r, let g, let b): return Color.nearestPaletteIndex(r: r, g: g, b: b)
    }
  }

  /// The cube level (0-5) nearest to an 8-bit channel; the cube's levels are
  /// 0, 95, 135, 175, 215, 255.
  static func cubeLevel(_ value: UInt8) -> Int {
    let v = Int(value)
    if v < 48 { return 0 }
    if v < 115 { return 1 }
    return min(5, (v - 35) / 40)
  }

  static let cubeValues = [0, 95, 135, 175, 215, 255]

  /// The nearest of the 240 cube and grey entries to an RGB colour.
  public static func nearestPaletteIndex(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
    let (lr, lg, lb) = (cubeLevel(r), cubeLevel(g), cubeLevel(b))
    let cube = 16 + 36 * lr + 6 * lg + lb
    let (cr, cg, cb) = (cubeValues[lr], cubeValues[lg], cubeValues[lb])
    let average = (Int(r) + Int(g) + Int(b)) / 3
    let greyLevel = average > 238 ? 23 : max(0, (average - 3) / 10)
    let greyValue = 8 + 10 * greyLevel
    func distance(_ x: Int, _ y: Int, _ z: Int) -> Int {
      let dr = Int(r) - x
      let dg = Int(g) - y
      let db = Int(b) - z
      return dr * dr + dg * dg + db * db
    }
    if distance(greyValue, greyValue, greyValue) < distance(cr, cg, cb) {
      return UInt8(232 + greyLevel)
    }
    return UInt8(cube)
  }
}
