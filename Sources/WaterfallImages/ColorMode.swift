import WaterfallView

/// How a thumbnail's pixels become terminal colours: the nearest of the 256-colour
/// palette's cube and grey entries, or the colour itself for terminals with direct
/// (24-bit) colour.
///
/// ```swift
/// ColorMode.palette256.color(RGB(250, 10, 10))   // .indexed(196)
/// ColorMode.truecolor.color(RGB(250, 10, 10))    // .rgb(250, 10, 10)
/// ```
public enum ColorMode: String, Hashable, Sendable {
  case palette256
  case truecolor

  /// The terminal colour for `rgb`.
  public func color(_ rgb: RGB) -> Color {
    switch self {
    case .palette256: return .indexed(Color.nearestPaletteIndex(r: rgb.red, g: rgb.green, b: rgb.blue))
    case .truecolor: return .rgb(rgb.red, rgb.green, rgb.blue)
    }
  }
}
