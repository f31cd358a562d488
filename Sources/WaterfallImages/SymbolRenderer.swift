import WaterfallView

/// Turns pixels into ``SymbolCell``s: for each cell, the shape of its
/// ``SymbolSet`` and the two colours that best match the cell's pixels.
///
/// The picture is first scaled (area averaging) to the set's grid: 1x2 pixels a
/// cell for half blocks, 2x2 for quadrants, 2x6 for sextants (whose thirds and
/// the quadrants' halves both fall on it). Then, for each candidate shape, the two
/// colours are the means of the pixels inside and outside it, and the shape kept is
/// the one with the least squared error; ties go to one colour, then to the first
/// shape in the set's order. The arithmetic is integer, so the cells are the same
/// everywhere.
///
/// A pixel less than half opaque is transparent. A cell with a transparent pixel
/// keeps the terminal's background: its shape is the one closest to its opaque
/// pixels (fewest pixels on the wrong side), drawn in their mean colour, the blend
/// over black undone (see ``Image``); with no opaque pixel it is blank.
///
/// ```swift
/// let renderer = SymbolRenderer(symbols: .quad, mode: .truecolor)
/// let cells = renderer.cells(of: image, region: image.bounds, columns: 24, rows: 12)
/// cells.count   // 288
/// ```
public struct SymbolRenderer: Hashable, Sendable {
  public var symbols: SymbolSet
  public var mode: ColorMode

  public init(symbols: SymbolSet, mode: ColorMode) {
    self.symbols = symbols
    self.mode = mode
  }

  /// The cells showing `region` of `image` in `columns` x `rows` cells, row by row.
  public func cells(of image: Image, region: Image.Region, columns: Int, rows: Int) -> [SymbolCell] {
    guard columns > 0, rows > 0, image.width > 0, image.height > 0 else { return [] }
    let small = image.scaled(toWidth: columns * symbols.gridWidth, height: rows * symbols.gridHeight, region: region)
    return cells(ofScaled: small)
  }

  /// The cells of an image already scaled to the grid: `gridWidth` pixels a
  /// column, `gridHeight` a row.
  public func cells(ofScaled image: Image) -> [SymbolCell] {
    let gw = symbols.gridWidth
    let gh = symbols.gridHeight
    let columns = image.width / gw
    let rows = image.height / gh
    let shapes = Self.shapes(symbols)
    let count = gw * gh
    var cells: [SymbolCell] = []
    cells.reserveCapacity(columns * rows)
    var red = [Int](repeating: 0, count: count)
    var green = red
    var blue = red
    image.pixels.withUnsafeBufferPointer { pixels in
      for cy in 0..<rows {
        for cx in 0..<columns {
          var opaque = 0
          for k in 0..<count {
            let x = cx * gw + k % gw
            let y = cy * gh + k / gw
            let opacity = Int(image.alpha?[y * image.width + x] ?? 255)
            let i = (y * image.width + x) * 3
            if opacity >= 128 { opaque |= 1 << k }
            if opacity >= 255 || opacity < 128 {
              red[k] = Int(pixels[i])
              green[k] = Int(pixels[i + 1])
              blue[k] = Int(pixels[i + 2])
            } else {
              // Undo the blend over black.
              red[k] = min(255, (Int(pixels[i]) * 255 + opacity / 2) / opacity)
              green[k] = min(255, (Int(pixels[i + 1]) * 255 + opacity / 2) / opacity)
              blue[k] = min(255, (Int(pixels[i + 2]) * 255 + opacity / 2) / opacity)
            }
          }
          let all = (1 << count) - 1
          if opaque == all {
            cells.append(fit(red, green, blue, count: count, shapes: shapes))
          } else {
            cells.append(fitTransparent(red, green, blue, opaque: opaque, shapes: shapes))
          }
        }
      }
    }
    return cells
  }

  /// The best two-colour cell for opaque pixels.
  private func fit(_ red: [Int], _ green: [Int], _ blue: [Int], count: Int, shapes: Shapes) -> SymbolCell {
    var total = (0, 0, 0)
    for k in 0..<count {
      total.0 += red[k]
      total.1 += green[k]
      total.2 += blue[k]
    }
    // Least squared error = greatest sum over both sets of (sum of values)² / size.
    // Compared as fractions numerator / denominator, in integers.
    var best = (shape: shapes.whole, inside: total, numerator: total.0 * total.0 + total.1 * total.1 + total.2 * total.2, denominator: count)
    for shape in shapes.twoColour {
      var inside = (0, 0, 0)
      var bits = shape.grid
      while bits != 0 {
        let k = bits.trailingZeroBitCount
        bits &= bits - 1
        inside.0 += red[k]
        inside.1 += green[k]
        inside.2 += blue[k]
      }
      let n = shape.size
      let m = count - n
      let outside = (total.0 - inside.0, total.1 - inside.1, total.2 - inside.2)
      let numerator =
        (inside.0 * inside.0 + inside.1 * inside.1 + inside.2 * inside.2) * m
        + (outside.0 * outside.0 + outside.1 * outside.1 + outside.2 * outside.2) * n
      let denominator = n * m
      if numerator * best.denominator > best.numerator * denominator {
        best = (shape, inside, numerator, denominator)
      }
    }
    let n = best.shape.size
    let foreground = color(best.inside, n)
    if n == count {
      // One colour: the upper half block in it over itself, as half blocks always drew.
      return SymbolCell(mask: SymbolCell.upperHalf, foreground: foreground, background: foreground)
    }
    let outside = (total.0 - best.inside.0, total.1 - best.inside.1, total.2 - best.inside.2)
    return SymbolCell(mask: best.shape.mask, foreground: foreground, background: color(outside, count - n))
  }

  /// The cell for pixels some of which are transparent: the shape nearest the
  /// opaque ones, in their mean colour, over the terminal's background.
  private func fitTransparent(_ red: [Int], _ green: [Int], _ blue: [Int], opaque: Int, shapes: Shapes) -> SymbolCell {
    let blank = SymbolCell(mask: 0, foreground: .default, background: .default)
    guard opaque != 0 else { return blank }
    var best = shapes.all[0]
    var wrong = Int.max
    for shape in shapes.all {
      let miss = (shape.grid ^ opaque).nonzeroBitCount
      if miss < wrong {
        best = shape
        wrong = miss
      }
    }
    var bits = best.grid & opaque
    let n = bits.nonzeroBitCount
    guard n > 0 else { return blank }
    var sum = (0, 0, 0)
    while bits != 0 {
      let k = bits.trailingZeroBitCount
      bits &= bits - 1
      sum.0 += red[k]
      sum.1 += green[k]
      sum.2 += blue[k]
    }
    return SymbolCell(mask: best.mask, foreground: color(sum, n), background: .default)
  }

  private func color(_ sum: (Int, Int, Int), _ n: Int) -> Color {
    func mean(_ value: Int) -> UInt8 { UInt8(min(255, (value + n / 2) / n)) }
    return mode.color(RGB(mean(sum.0), mean(sum.1), mean(sum.2)))
  }

  // MARK: Shapes

  /// One candidate shape: its pixels on the set's grid (bit `row * gridWidth +
  /// column`), as a ``SymbolCell/mask``, and its size.
  struct Shape: Hashable, Sendable {
    var grid: Int
    var mask: UInt16
    var size: Int
  }

  /// A set's shapes: every one (for transparent cells), the two-colour ones that
  /// hold the first pixel (a shape and its complement fit alike; the foreground is
  /// the part holding the top-left pixel), and the whole cell.
  struct Shapes: Sendable {
    var all: [Shape]
    var twoColour: [Shape]
    var whole: Shape
  }

  static func shapes(_ symbols: SymbolSet) -> Shapes {
    switch symbols {
    case .half: return halfShapes
    case .quad: return quadShapes
    case .sextant: return sextantShapes
    }
  }

  private static let halfShapes = makeShapes(.half)
  private static let quadShapes = makeShapes(.quad)
  private static let sextantShapes = makeShapes(.sextant)

  private static func makeShapes(_ symbols: SymbolSet) -> Shapes {
    var masks: [UInt16] = []
    switch symbols {
    case .half:
      masks = [0, SymbolCell.upperHalf, SymbolCell.lowerHalf, SymbolCell.full]
    case .quad:
      masks = (0..<16).map { SymbolCell.quadrantMask($0) }
    case .sextant:
      for q in 0..<16 { masks.append(SymbolCell.quadrantMask(q)) }
      for s in 0..<64 where !masks.contains(SymbolCell.sextantMask(s)) { masks.append(SymbolCell.sextantMask(s)) }
    }
    let gw = symbols.gridWidth
    let gh = symbols.gridHeight
    // A grid pixel (column c, row r) covers rows r * 6 / gh ..< (r + 1) * 6 / gh of
    // the 2x6 mask, in both columns when the grid is one pixel wide.
    func grid(_ mask: UInt16) -> Int {
      var bits = 0
      for k in 0..<(gw * gh) {
        let (c, r) = (k % gw, k / gw)
        let row = r * 6 / gh
        let column = gw == 1 ? 0 : c
        if mask & (1 << UInt16(row * 2 + column)) != 0 { bits |= 1 << k }
      }
      return bits
    }
    let all = masks.map { Shape(grid: grid($0), mask: $0, size: grid($0).nonzeroBitCount) }
    let count = gw * gh
    return Shapes(
      all: all,
      twoColour: all.filter { $0.grid & 1 != 0 && $0.size < count },
      whole: all.first { $0.size == count }!)
  }
}
