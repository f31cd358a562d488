import WaterfallView

/// Colour pairs allocated on demand, reused, and recycled least recently used first,
/// never more than the terminal has.
///
/// Each foreground and background combination gets a pair the first time it is
/// drawn and keeps it while it is in use. Pictures use thousands of combinations, so
/// when every pair is taken the one least recently drawn is redefined for the new
/// combination, provided it was not drawn in the current frame (``beginFrame()``):
/// redefining a pair recolours every cell already drawn with it. When every pair was
/// drawn in this frame, the combination falls back to the default colours (its
/// attributes still apply) and ``fallbackCount`` goes up.
///
/// On a terminal with direct colour (`colors` 2^24), colours are 24-bit values;
/// otherwise an RGB colour becomes its nearest palette entry, and with fewer than 256
/// colours the nearest basic colour.
///
/// ```swift
/// var pairs = ColorPairs(colors: 256, limit: 256, define: Curses.definePair)
/// pairs.beginFrame()
/// let pair = pairs.pair(foreground: .indexed(196), background: .indexed(21))
/// ```
struct ColorPairs {
  struct Key: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// The colour count at which a terminal has direct colour (ncurses' `-direct`
  /// terminal descriptions).
  static let directColors = 1 << 24

  let colors: Int
  /// Pair numbers run from 1 to `limit - 1`; 0 is the terminal's default pair.
  let limit: Int
  /// Defines a pair on the terminal; `false` when it could not.
  let define: (Int32, Int32, Int32) -> Bool

  private var pairs: [Key: Int32] = [:]
  /// By pair number: its key, the frame it was last drawn in, its neighbours in
  /// recency order (0: none).
  private var keys: [Key?] = [nil]
  private var lastFrame: [UInt64] = [0]
  private var newer: [Int32] = [0]
  private var older: [Int32] = [0]
  private var newest: Int32 = 0
  private var oldest: Int32 = 0
  private var frame: UInt64 = 1

  /// Pairs redefined for another combination, and combinations drawn in the
  /// default colours for want of a pair.
  private(set) var recycledCount = 0
  private(set) var fallbackCount = 0

  init(colors: Int, limit: Int, define: @escaping (Int32, Int32, Int32) -> Bool) {
    self.colors = colors
    self.limit = max(1, min(limit, Int(Int32.max)))
    self.define = define
  }

  /// Whether colours are 24-bit values.
  var isDirect: Bool { colors >= Self.directColors }

  /// The number of pairs defined so far.
  var count: Int { pairs.count }

  /// The highest pair number handed out.
  var highestPair: Int { keys.count - 1 }

  /// Starts a frame: pairs drawn before now may be recycled.
  mutating func beginFrame() {
    frame &+= 1
  }

  /// The pair number for `foreground` on `background`: 0 (the default pair) for
  /// default colours or when no pair is free.
  mutating func pair(foreground: Color, background: Color) -> Int32 {
    let key = Key(foreground: terminalColor(foreground), background: terminalColor(background))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = pairs[key] {
      touch(pair)
      return pair
    }
    if keys.count < limit {
      let pair = Int32(keys.count)
      guard define(pair, key.foreground, key.background) else { return fallback() }
      keys.append(key)
      lastFrame.append(frame)
      newer.append(0)
      older.append(0)
      pairs[key] = pair
      linkAsNewest(pair)
      return pair
    }
    let victim = oldest
    guard victim != 0, lastFrame[Int(victim)] != frame, let old = keys[Int(victim)] else { return fallback() }
    guard define(victim, key.foreground, key.background) else { return fallback() }
    pairs.removeValue(forKey: old)
    pairs[key] = victim
    keys[Int(victim)] = key
    recycledCount += 1
    touch(victim)
    return victim
  }

  /// Notes that `pair` is on screen in this frame though nothing drew it again
  /// (its row was left as it was), so it is not recycled.
  mutating func keep(_ pair: Int32) {
    guard pair > 0, Int(pair) < keys.count else { return }
    touch(pair)
  }

  private mutating func fallback() -> Int32 {
    fallbackCount += 1
    return 0
  }

  private mutating func touch(_ pair: Int32) {
    lastFrame[Int(pair)] = frame
    guard newest != pair else { return }
    unlink(pair)
    linkAsNewest(pair)
  }

  private mutating func unlink(_ pair: Int32) {
    let (n, o) = (newer[Int(pair)], older[Int(pair)])
    if n != 0 { older[Int(n)] = o } else { newest = o }
    if o != 0 { newer[Int(o)] = n } else { oldest = n }
    newer[Int(pair)] = 0
    older[Int(pair)] = 0
  }

  private mutating func linkAsNewest(_ pair: Int32) {
    older[Int(pair)] = newest
    newer[Int(pair)] = 0
    if newest != 0 { newer[Int(newest)] = pair }
    newest = pair
    if oldest == 0 { oldest = pair }
  }

  /// The terminal's number for `color`: -1 for the default; with direct colour a
  /// 24-bit value (the eight basic colours stay 0-7, as the terminal descriptions
  /// want); otherwise the palette index when the terminal has it, and the nearest
  /// of the eight basic colours when it does not.
  func terminalColor(_ color: Color) -> Int32 {
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
