extension Color {
  /// The red, green and blue of entry `index` of the 256-colour palette, as xterm
  /// draws it by default: 0-15 the system colours (which users often retheme), 16-231
  /// the 6x6x6 cube (levels 0, 95, 135, 175, 215, 255), 232-255 the greys 8 to 238.
  ///
  /// ```swift
  /// Color.paletteRGB(196)   // (255, 0, 0)
  /// Color.paletteRGB(232)   // (8, 8, 8)
  /// ```
  public static func paletteRGB(_ index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
    switch index {
    case 0..<16:
      return systemColors[Int(index)]
    case 16..<232:
      let cube = Int(index) - 16
      return (UInt8(cubeValues[cube / 36]), UInt8(cubeValues[(cube / 6) % 6]), UInt8(cubeValues[cube % 6]))
    default:
      let grey = UInt8(8 + 10 * (Int(index) - 232))
      return (grey, grey, grey)
    }
  }

  /// xterm's default system colours.
  static let systemColors: [(red: UInt8, green: UInt8, blue: UInt8)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
    (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
    (255, 255, 255),
  ]
}
