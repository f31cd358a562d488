import WaterfallLayout
import WaterfallView

/// A picture made ready for the terminal: a grid of ``SymbolCell``s, each a block
/// symbol of a ``SymbolSet`` in two colours of a ``ColorMode``, fitted to the
/// picture scaled by area averaging (see ``SymbolRenderer``).
///
/// A pixel less than half opaque after scaling is transparent (the terminal's
/// background shows); the others take their own colour, undoing the blend over
/// black that decoding did (see ``Image``).
///
/// ```swift
/// let image = try Image(contentsOf: "Data/shops/img/rug-001.png")
/// let thumbnail = Thumbnail(image: image, shape: .fill(width: 24, height: 12), mode: .palette256, symbols: .quad)
/// thumbnail.draw(in: canvas, at: Point(x: 1, y: 1), clip: canvas.bounds)
/// ```
public struct Thumbnail: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  /// The cells, row by row.
  public let cells: [SymbolCell]
  /// The picture in real pixels, filling the same cells, for a terminal that
  /// shows sixel graphics; `nil` when not asked for.
  public let sixel: SixelPicture?
  /// The picture in real pixels for the kitty graphics protocol; `nil` when not asked for.
  public let kitty: KittyPicture?

  public init(width: Int, height: Int, cells: [SymbolCell], sixel: SixelPicture? = nil, kitty: KittyPicture? = nil) {
    precondition(width >= 0 && height >= 0 && cells.count == width * height, "cells must hold width * height entries")
    self.width = width
    self.height = height
    self.cells = cells
    self.sixel = sixel
    self.kitty = kitty
  }

  /// The thumbnail of `image` in the cells `shape` asks for, drawn with `symbols`,
  /// and with `cellPixels` (a cell's size in pixels) also in real pixels filling
  /// those cells, for `pixels`' protocol.
  public init(
    image: Image, shape: ThumbnailShape, mode: ColorMode, symbols: SymbolSet = .standard, cellPixels: Size? = nil,
    pixels: PixelProtocol = .sixel
  ) {
    let (columns, rows) = shape.cells(forPicture: image.width, image.height)
    guard image.width > 0, image.height > 0 else {
      self.init(width: 0, height: 0, cells: [])
      return
    }
    let region: Image.Region
    switch shape {
    case .fill: region = image.centredRegion(aspectWidth: columns, aspectHeight: rows * 2)
    case .fitWidth: region = image.bounds
    }
    let renderer = SymbolRenderer(symbols: symbols, mode: mode)
    var sixel: SixelPicture?
    var kitty: KittyPicture?
    if let cellPixels, cellPixels.width > 0, cellPixels.height > 0, pixels == .kitty {
      let (w, h) = (columns * cellPixels.width, rows * cellPixels.height)
      let pixelRegion = shape.isFill ? image.centredRegion(aspectWidth: w, aspectHeight: h) : image.bounds
      kitty = KittyPicture(image: image.scaled(toWidth: w, height: h, region: pixelRegion))
    } else if let cellPixels, cellPixels.width > 0, cellPixels.height > 0 {
      // A whole number of sixel bands (6 pixels), never past the last row: a band
      // reaching into the row below moves the terminal's cursor there after the
      // picture, and at the screen's foot that scrolls it.
      let (w, h) = (columns * cellPixels.width, max(6, rows * cellPixels.height / 6 * 6))
      let pixelRegion: Image.Region
      switch shape {
      case .fill: pixelRegion = image.centredRegion(aspectWidth: w, aspectHeight: h)
      case .fitWidth: pixelRegion = image.bounds
      }
      sixel = SixelPicture(image: image.scaled(toWidth: w, height: h, region: pixelRegion))
    }
    self.init(
      width: columns, height: rows, cells: renderer.cells(of: image, region: region, columns: columns, rows: rows), sixel: sixel,
      kitty: kitty)
  }

  /// The cell at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> SymbolCell { cells[y * width + x] }

  /// The memory the thumbnail takes, roughly: what a cache counts.
  public var byteCount: Int {
    cells.count * MemoryLayout<SymbolCell>.stride + (sixel?.bytes.count ?? 0) + (kitty?.transmission.count ?? 0) + 64
  }

  /// Draws the thumbnail with its top-left cell at `origin`, only where it meets
  /// `clip` and the canvas.
  public func draw(in canvas: any Canvas, at origin: Point, clip: Rect) {
    let frame = Rect(x: origin.x, y: origin.y, width: width, height: height)
    guard let area = frame.intersection(clip)?.intersection(canvas.bounds) else { return }
    for y in area.minY..<area.maxY {
      let row = (y - origin.y) * width
      for x in area.minX..<area.maxX {
        let cell = cells[row + x - origin.x]
        canvas.set(cell.glyph, at: Point(x: x, y: y), style: cell.style)
      }
    }
  }
}
