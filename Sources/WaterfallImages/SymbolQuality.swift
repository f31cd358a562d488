import WaterfallView

/// How closely cells show a picture: the mean squared error, per colour channel
/// (0 to 255²), between the picture the cells draw and the source scaled to the
/// same grid, 2 x 6 sub-pixels a cell, on which every half block, quadrant and
/// sextant is exact. Lower is better; cells of different ``SymbolSet``s, or
/// another program's, compare at the same cell count.
///
/// Transparent parts (``Color/default``) count as black, and palette colours as
/// the palette's RGB; measure opaque pictures in ``ColorMode/truecolor`` to judge
/// the shapes alone.
///
/// ```swift
/// let reference = SymbolQuality.reference(image, region: image.bounds, columns: 24, rows: 12)
/// let cells = SymbolRenderer(symbols: .sextant, mode: .truecolor).cells(of: image, region: image.bounds, columns: 24, rows: 12)
/// SymbolQuality.meanSquaredError(cells, columns: 24, against: reference)   // e.g. 180.5
/// ```
public enum SymbolQuality {
  /// `region` of `image` scaled to `columns * 2` x `rows * 6` pixels: what the
  /// cells are compared with.
  public static func reference(_ image: Image, region: Image.Region, columns: Int, rows: Int) -> Image {
    image.scaled(toWidth: columns * 2, height: rows * 6, region: region)
  }

  /// The mean squared error of `cells` (`columns` a row) against `reference`
  /// (see ``reference(_:region:columns:rows:)``).
  public static func meanSquaredError(_ cells: [SymbolCell], columns: Int, against reference: Image) -> Double {
    let rows = columns > 0 ? cells.count / columns : 0
    precondition(reference.width == columns * 2 && reference.height == rows * 6, "the reference must be 2 x 6 pixels a cell")
    guard !cells.isEmpty else { return 0 }
    var total = 0
    for (index, cell) in cells.enumerated() {
      let (cx, cy) = (index % columns, index / columns)
      let foreground = rgb(cell.foreground)
      let background = rgb(cell.background)
      for k in 0..<12 {
        let shown = cell.mask & (1 << UInt16(k)) != 0 ? foreground : background
        let source = reference[cx * 2 + k % 2, cy * 6 + k / 2]
        let dr = Int(shown.red) - Int(source.red)
        let dg = Int(shown.green) - Int(source.green)
        let db = Int(shown.blue) - Int(source.blue)
        total += dr * dr + dg * dg + db * db
      }
    }
    return Double(total) / Double(cells.count * 12 * 3)
  }

  /// The RGB a terminal colour shows: the palette's cube and grey ramp for
  /// indexed colours from 16; black for the default and the 16 system colours.
  static func rgb(_ color: Color) -> RGB {
    switch color {
    case .rgb(let r, let g, let b): return RGB(r, g, b)
    case .default: return .black
    case .indexed(let i) where i >= 232:
      let v = UInt8(8 + 10 * (Int(i) - 232))
      return RGB(v, v, v)
    case .indexed(let i) where i >= 16:
      let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
      let n = Int(i) - 16
      return RGB(levels[n / 36], levels[n / 6 % 6], levels[n % 6])
    case .indexed:
      return .black
    }
  }
}
