import WaterfallView

/// Colour pairs allocated on demand: each foreground and background combination
/// gets a pair the first time it is drawn and keeps it, and no more pairs are
/// defined than the terminal has. When they run out, a combination is drawn in the
/// default colours (its attributes still apply).
struct ColorPairs {
  struct Key: Hashable {
    var foreground: Int32
    var background: Int32
  }

  private var pairs: [Key: Int32] = [:]
  private var next: Int32 = 1
  let colors: Int
  let limit: Int
  /// Defines a pair on the terminal; `false` when it could not.
  let define: (Int32, Int32, Int32) -> Bool

  init(colors: Int, limit: Int, define: @escaping (Int32, Int32, Int32) -> Bool) {
    self.colors = colors
    self.limit = limit
    self.define = define
  }

  /// The number of pairs defined so far.
  var count: Int { pairs.count }

  /// The pair number for `foreground` on `background`: 0 (the default pair) for
  /// default colours or when the budget is spent.
  mutating func pair(foreground: Color, background: Color) -> Int32 {
    let key = Key(foreground: terminalColor(foreground), background: terminalColor(background))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = pairs[key] { return pair }
    guard Int(next) < limit, define(next, key.foreground, key.background) else { return 0 }
    pairs[key] = next
    next += 1
    return next - 1
  }

  /// The terminal's number for `color`: -1 for the default, the palette index when
  /// the terminal has it, and the nearest of the eight basic colours otherwise.
  func terminalColor(_ color: Color) -> Int32 {
    guard let index = color.paletteIndex else { return -1 }
    if Int(index) < colors { return Int32(index) }
    if index < 16 { return Int32(index % 8) }
    return Int32(Self.nearestBasic(index))
  }

  /// The basic colour (0-7) nearest to a cube or grey entry of the 256 palette.
  static func nearestBasic(_ index: UInt8) -> UInt8 {
    if index >= 232 { return index >= 244 ? 7 : 0 }
    let cube = Int(index) - 16
    let (r, g, b) = (cube / 36, (cube / 6) % 6, cube % 6)
    return UInt8((r >= 3 ? 1 : 0) | (g >= 3 ? 2 : 0) | (b >= 3 ? 4 : 0))
  }
}
