import Testing
import WaterfallImages
import WaterfallLayout
import WaterfallView

/// The symbol renderer: for each cell, the shape and two colours that best match
/// its pixels; transparency for every kind of symbol; and the quality figure,
/// finer sets doing better at the same cell count.
@Suite struct SymbolRendererTests {
  static let red = RGB(255, 0, 0)
  static let blue = RGB(0, 0, 255)
  static let white = RGB.white

  /// A picture drawn in letters, one a pixel: R red, B blue, W white, K black,
  /// `.` transparent.
  static func picture(_ rows: [String]) -> Image {
    let width = rows[0].count
    var pixels: [UInt8] = []
    var alpha: [UInt8] = []
    for row in rows {
      precondition(row.count == width)
      for letter in row {
        let rgb: RGB =
          switch letter {
          case "R": red
          case "B": blue
          case "W": white
          default: .black
          }
        pixels += [rgb.red, rgb.green, rgb.blue]
        alpha.append(letter == "." ? 0 : 255)
      }
    }
    return Image(width: width, height: rows.count, pixels: pixels, alpha: alpha.contains(0) ? alpha : nil)
  }

  static func cells(_ rows: [String], _ symbols: SymbolSet, columns: Int = 1, cellRows: Int = 1) -> [SymbolCell] {
    let image = picture(rows)
    return SymbolRenderer(symbols: symbols, mode: .truecolor).cells(of: image, region: image.bounds, columns: columns, rows: cellRows)
  }

  static func glyphs(_ cells: [SymbolCell]) -> String { String(String.UnicodeScalarView(cells.map(\.glyph.scalar))) }

  static let r = Color.rgb(255, 0, 0)
  static let b = Color.rgb(0, 0, 255)
  static let w = Color.rgb(255, 255, 255)
  static let k = Color.rgb(0, 0, 0)

  @Test func quadrantsTakeTheShapeAndBothColours() {
    // The foreground is the part holding the top-left pixel.
    #expect(Self.cells(["RB", "BB"], .quad) == [SymbolCell(mask: SymbolCell.quadrantMask(1), foreground: Self.r, background: Self.b)])
    #expect(Self.cells(["BR", "RR"], .quad) == [SymbolCell(mask: SymbolCell.quadrantMask(1), foreground: Self.b, background: Self.r)])
    #expect(Self.cells(["WK", "KW"], .quad) == [SymbolCell(mask: SymbolCell.quadrantMask(9), foreground: Self.w, background: Self.k)])
    #expect(Self.glyphs(Self.cells(["WK", "KW"], .quad)) == "▚")
    #expect(Self.glyphs(Self.cells(["RB", "RB"], .quad)) == "▌")
    #expect(Self.glyphs(Self.cells(["RR", "BB"], .quad)) == "▀")
    // Two cells side by side: each fits its own pixels.
    #expect(Self.glyphs(Self.cells(["RBRR", "BBRB"], .quad, columns: 2)) == "▘▛")
  }

  @Test func oneColourIsAnUpperHalfOverItself() {
    let expected = SymbolCell(mask: SymbolCell.upperHalf, foreground: Self.r, background: Self.r)
    for symbols in SymbolSet.allCases {
      #expect(Self.cells(["RR", "RR", "RR", "RR", "RR", "RR"], symbols) == [expected])
    }
  }

  @Test func sextantsSplitInThirds() {
    let top = Self.cells(["RR", "RR", "BB", "BB", "BB", "BB"], .sextant)
    #expect(top == [SymbolCell(mask: SymbolCell.sextantMask(1 | 2), foreground: Self.r, background: Self.b)])
    #expect(Self.glyphs(top) == "\u{1FB02}")
    // The lower right sextant: its complement holds the top-left pixel.
    let corner = Self.cells(["BB", "BB", "BB", "BB", "BR", "BR"], .sextant)
    #expect(corner == [SymbolCell(mask: SymbolCell.sextantMask(31), foreground: Self.b, background: Self.r)])
    #expect(Self.glyphs(corner) == "\u{1FB1D}")
    // A whole left column is ▌, not a sextant code point.
    #expect(Self.glyphs(Self.cells(["RB", "RB", "RB", "RB", "RB", "RB"], .sextant)) == "▌")
  }

  /// Sextants come with the half blocks and quadrants: a picture split in halves
  /// is drawn exactly, not rounded to thirds.
  @Test func sextantsAlsoPickHalvesAndQuadrants() {
    #expect(Self.glyphs(Self.cells(["RR", "RR", "RR", "BB", "BB", "BB"], .sextant)) == "▀")
    #expect(Self.glyphs(Self.cells(["RB", "RB", "RB", "BB", "BB", "BB"], .sextant)) == "▘")
    // Quadrants cannot split in thirds: the nearest is the upper half.
    #expect(Self.glyphs(Self.cells(["RR", "BB"], .quad)) == "▀")
  }

  @Test func halfBlocksAreTwoPixelsStacked() {
    #expect(Self.cells(["R", "B"], .half) == [SymbolCell.half(top: Self.r, bottom: Self.b)])
    #expect(Self.glyphs(Self.cells(["RB", "BR"], .half)) == "▀")
  }

  /// Transparent pixels leave the terminal's background for every set: the
  /// opaque part is the foreground in its own colour.
  @Test func transparencyWorksForEverySymbolKind() {
    let quad = Self.cells([".R", "RR"], .quad)
    #expect(quad == [SymbolCell(mask: SymbolCell.quadrantMask(14), foreground: Self.r, background: .default)])
    #expect(Self.glyphs(quad) == "▟")
    #expect(Self.glyphs(Self.cells(["R.", ".R"], .quad)) == "▚")
    #expect(Self.cells(["R.", ".R"], .quad)[0].background == .default)
    let sextant = Self.cells(["RR", "RR", "RR", "RR", "R.", "R."], .sextant)
    #expect(sextant == [SymbolCell(mask: SymbolCell.sextantMask(31), foreground: Self.r, background: .default)])
    let half = Self.cells([".", "B"], .half)
    #expect(half == [SymbolCell(mask: SymbolCell.lowerHalf, foreground: Self.b, background: .default)])
    #expect(Self.glyphs(half) == "▄")
    for symbols in SymbolSet.allCases {
      let blank = Self.cells(["..", "..", "..", "..", "..", ".."], symbols)
      #expect(blank == [SymbolCell(mask: 0, foreground: .default, background: .default)])
      #expect(blank[0].style == .plain && Self.glyphs(blank) == " ")
    }
    // Two colours among the opaque pixels: their mean, never black from the blend.
    let mixed = Self.cells([".R", "BB"], .quad)
    #expect(mixed[0].foreground == .rgb(85, 0, 170) && mixed[0].background == .default)
  }

  @Test func everyMaskOfEverySetHasItsGlyph() {
    var seen = Set<Unicode.Scalar>()
    for q in 0..<16 { seen.insert(SymbolCell(mask: SymbolCell.quadrantMask(q), foreground: .default, background: .default).glyph.scalar) }
    #expect(seen.count == 16 && !seen.contains("?"))
    for s in 0..<64 { seen.insert(SymbolCell(mask: SymbolCell.sextantMask(s), foreground: .default, background: .default).glyph.scalar) }
    // 60 sextants; their empty, full and two columns are quadrants' already.
    #expect(seen.count == 76 && !seen.contains("?"))
    #expect(SymbolCell.mask(of: "\u{1FB3B}") == SymbolCell.sextantMask(62))
    #expect(SymbolCell.mask(of: "\u{1FB00}") == SymbolCell.sextantMask(1))
    #expect(SymbolCell.mask(of: "▐") == SymbolCell.sextantMask(42))
  }

  @Test func thumbnailsDrawTheCellsGlyphs() {
    let image = Self.picture(["WKWW", "KWKW"])
    let thumbnail = Thumbnail(image: image, shape: .fitWidth(2, maximumHeight: 1), mode: .truecolor, symbols: .quad)
    let buffer = CellBuffer(width: 2, height: 1)
    thumbnail.draw(in: buffer, at: Point(x: 0, y: 0), clip: buffer.bounds)
    #expect(buffer.lines == ["▚▜"])
    #expect(buffer.style(x: 0, y: 0) == Style(foreground: Self.w, background: Self.k))
  }

  // MARK: Quality

  /// The fixed set: the sample pictures, at a card's 24 x 12 cells.
  static func qualities(_ paths: [String]) throws -> [SymbolSet: [Double]] {
    var result: [SymbolSet: [Double]] = [:]
    for path in paths {
      let image = try Image(contentsOf: TestFiles.root + "/" + path)
      let reference = SymbolQuality.reference(image, region: image.bounds, columns: 24, rows: 12)
      for symbols in SymbolSet.allCases {
        let cells = SymbolRenderer(symbols: symbols, mode: .truecolor).cells(of: image, region: image.bounds, columns: 24, rows: 12)
        result[symbols, default: []].append(SymbolQuality.meanSquaredError(cells, columns: 24, against: reference))
      }
    }
    return result
  }

  static let qualitySet = [
    "Data/pictures/01-sky.jpg", "Data/pictures/02-plasma.jpg", "Data/pictures/03-op-art.png", "Data/pictures/04-tiles.png",
    "Data/pictures/05-skyline.png", "Data/pictures/06-waves.jpg", "Data/shops/img/rug-001.png",
  ]

  @Test func finerSymbolsShowThePictureMoreClosely() throws {
    let q = try Self.qualities(Self.qualitySet)
    let mean = { (set: SymbolSet) in q[set]!.reduce(0, +) / Double(q[set]!.count) }
    // Sextant better than quad better than half, on the whole set and on each picture.
    #expect(mean(.sextant) < mean(.quad) && mean(.quad) < mean(.half))
    for i in Self.qualitySet.indices {
      #expect(q[.sextant]![i] <= q[.quad]![i] * 1.01, "\(Self.qualitySet[i])")
      #expect(q[.quad]![i] <= q[.half]![i] * 1.01, "\(Self.qualitySet[i])")
    }
    // By a clear margin: each finer set removes at least a tenth of the error.
    #expect(mean(.quad) < 0.9 * mean(.half))
    #expect(mean(.sextant) < 0.9 * mean(.quad))
  }

  @Test func qualityOfAnExactPictureIsZero() {
    let image = Self.picture(["RB", "RB", "RB", "BB", "BB", "BB"])
    let reference = SymbolQuality.reference(image, region: image.bounds, columns: 1, rows: 1)
    let cells = SymbolRenderer(symbols: .quad, mode: .truecolor).cells(of: image, region: image.bounds, columns: 1, rows: 1)
    #expect(SymbolQuality.meanSquaredError(cells, columns: 1, against: reference) == 0)
    let half = SymbolRenderer(symbols: .half, mode: .truecolor).cells(of: image, region: image.bounds, columns: 1, rows: 1)
    #expect(SymbolQuality.meanSquaredError(half, columns: 1, against: reference) > 0)
  }
}
