import WaterfallLayout
import WaterfallView

/// A picture made ready for the terminal: a grid of ``HalfBlock`` cells, each two
/// pixels of the picture scaled by area averaging, in the colours of a ``ColorMode``.
///
/// A pixel less than half opaque after scaling is transparent (the terminal's
/// background shows); the others take their own colour, undoing the blend over
/// black that decoding did (see ``Image``).
///
/// ```swift
/// let image = try Image(contentsOf: "Data/shops/img/rug-001.png")
/// let thumbnail = Thumbnail(image: image, shape: .fill(width: 24, height: 12), mode: .palette256)
/// thumbnail.draw(in: canvas, at: Point(x: 1, y: 1), clip: canvas.bounds)
/// ```
public struct Thumbnail: Hashable, Sendable {
  /// Columns.
  public let width: Int
  /// Rows; each holds two rows of pixels.
  public let height: Int
  /// The cells, row by row.
  public let cells: [HalfBlock]

  public init(width: Int, height: Int, cells: [HalfBlock]) {
    precondition(width >= 0 && height >= 0 && cells.count == width * height, "cells must hold width * height entries")
    self.width = width
    self.height = height
    self.cells = cells
  }

  /// The thumbnail of `image` in the cells `shape` asks for.
  public init(image: Image, shape: ThumbnailShape, mode: ColorMode) {
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
    let small = image.scaled(toWidth: columns, height: rows * 2, region: region)
    var cells: [HalfBlock] = []
    cells.reserveCapacity(columns * rows)
    for y in 0..<rows {
      for x in 0..<columns {
        cells.append(HalfBlock(top: Self.color(small, x, 2 * y, mode), bottom: Self.color(small, x, 2 * y + 1, mode)))
      }
    }
    self.init(width: columns, height: rows, cells: cells)
  }

  /// The colour of a pixel of `image`: ``Color/default`` when it is less than
  /// half opaque, else its colour with the blend over black undone.
  static func color(_ image: Image, _ x: Int, _ y: Int, _ mode: ColorMode) -> Color {
    let opacity = Int(image.opacity(x: x, y: y))
    if opacity < 128 { return .default }
    let rgb = image[x, y]
    guard opacity < 255 else { return mode.color(rgb) }
    func unblend(_ value: UInt8) -> UInt8 { UInt8(min(255, (Int(value) * 255 + opacity / 2) / opacity)) }
    return mode.color(RGB(unblend(rgb.red), unblend(rgb.green), unblend(rgb.blue)))
  }

  /// The cell at column `x`, row `y`.
  public subscript(x: Int, y: Int) -> HalfBlock { cells[y * width + x] }

  /// The memory the thumbnail takes, roughly: what a cache counts.
  public var byteCount: Int { cells.count * MemoryLayout<HalfBlock>.stride + 64 }

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
