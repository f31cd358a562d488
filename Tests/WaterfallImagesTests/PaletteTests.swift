import Testing
import WaterfallImages
import WaterfallView

/// Mapping to the xterm 256-colour palette: the nearest of the 6x6x6 cube and the
/// grey ramp, by distance in RGB.
@Suite struct PaletteTests {
  static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
    let dr = Int(a.0) - Int(b.red)
    let dg = Int(a.1) - Int(b.green)
    let db = Int(a.2) - Int(b.blue)
    return dr * dr + dg * dg + db * db
  }

  /// The nearest distance over entries 16-255, by brute force.
  static func bestDistance(_ c: (UInt8, UInt8, UInt8)) -> Int {
    (16...255).map { distance(c, Color.paletteRGB(UInt8($0))) }.min()!
  }

  @Test(arguments: [
    ((0, 0, 0), 16), ((255, 255, 255), 231), ((255, 0, 0), 196), ((0, 255, 0), 46), ((0, 0, 255), 21),
    ((95, 135, 175), 67), ((128, 128, 128), 244), ((8, 8, 8), 232), ((238, 238, 238), 255), ((250, 10, 10), 196),
  ])
  func knownColoursMapToKnownEntries(_ rgb: (UInt8, UInt8, UInt8), _ index: UInt8) {
    #expect(ColorMode.palette256.color(RGB(rgb.0, rgb.1, rgb.2)) == .indexed(index))
  }

  @Test func everyEntryMapsToItself() {
    for index in 16...255 {
      let (r, g, b) = Color.paletteRGB(UInt8(index))
      #expect(Color.nearestPaletteIndex(r: r, g: g, b: b) == UInt8(index), "entry \(index)")
    }
  }

  /// Over a grid through the whole RGB cube the mapping is always a nearest entry.
  @Test func theMappingIsAlwaysANearestEntry() {
    var misses: [String] = []
    for r in stride(from: 0, through: 255, by: 15) {
      for g in stride(from: 0, through: 255, by: 15) {
        for b in stride(from: 0, through: 255, by: 15) {
          let c = (UInt8(r), UInt8(g), UInt8(b))
          let chosen = Self.distance(c, Color.paletteRGB(Color.nearestPaletteIndex(r: c.0, g: c.1, b: c.2)))
          if chosen != Self.bestDistance(c) { misses.append("\(c)") }
        }
      }
    }
    #expect(misses.isEmpty, "not nearest: \(misses.prefix(10))")
  }

  @Test func paletteEntriesAreXtermsDefaults() {
    #expect(Color.paletteRGB(16) == (0, 0, 0))
    #expect(Color.paletteRGB(17) == (0, 0, 95))
    #expect(Color.paletteRGB(59) == (95, 95, 95))
    #expect(Color.paletteRGB(231) == (255, 255, 255))
    #expect(Color.paletteRGB(232) == (8, 8, 8))
    #expect(Color.paletteRGB(255) == (238, 238, 238))
    #expect(Color.paletteRGB(9) == (255, 0, 0))
  }

  @Test func truecolorKeepsTheColour() {
    #expect(ColorMode.truecolor.color(RGB(1, 2, 3)) == .rgb(1, 2, 3))
  }
}
