import WaterfallLayout

/// The cells a card's picture is drawn on: never more than about twice the
/// picture's size, so a 16x16 icon stays small (its caption under it) where a
/// photo fills its card.
///
/// A terminal cell shows about 8 x 16 of a picture's pixels (the common cell of
/// a terminal font), so a picture `w` x `h` pixels is drawn on at most
/// `w / 4` x `h / 8` cells, rounded up, at least two rows. Within that, the
/// picture keeps its shape at the card's width, as tall as it makes it (2 to
/// 20 rows); a picture held smaller is as wide as its shape at its rows, and
/// the card centres it.
///
/// ```swift
/// PictureArea(aspect: CardContent.Aspect(width: 16, height: 16)!, inner: 24)    // 4 x 2 cells
/// PictureArea(aspect: CardContent.Aspect(width: 332, height: 205)!, inner: 24)  // 24 x 7: the card's width
/// ```
struct PictureArea: Hashable, Sendable {
  /// The pixels a cell shows, and how much larger than its size a picture is drawn at most.
  static let cellPixels = Size(width: 8, height: 16)
  static let largestScale = 2.0

  /// The picture's columns and rows.
  var width: Int
  var rows: Int

  /// The area of a picture of `aspect` (its size in pixels) in a card whose
  /// inside is `inner` columns wide.
  init(aspect: CardContent.Aspect, inner: Int) {
    let shape = ItemSize.aspect(width: aspect.width, height: aspect.height)
    let natural = min(max(shape.height(forWidth: inner, aspectCorrection: 0.5), CardPlan.imageRows.lowerBound), CardPlan.imageRows.upperBound)
    let largest = Self.largest(aspect)
    guard natural > largest.height || inner > largest.width else {
      self.init(width: inner, rows: natural)
      return
    }
    let rows = min(natural, max(largest.height, CardPlan.imageRows.lowerBound))
    let fitting = shape.width(forHeight: rows, aspectCorrection: 0.5)
    self.init(width: max(1, min(inner, largest.width, fitting)), rows: rows)
  }

  init(width: Int, rows: Int) {
    self.width = width
    self.rows = rows
  }

  /// The most cells a picture of `aspect` is drawn on.
  static func largest(_ aspect: CardContent.Aspect) -> Size {
    func cells(_ pixels: Double, _ perCell: Int) -> Int {
      let count = (pixels * largestScale / Double(perCell)).rounded(.up)
      return count.isFinite ? max(1, Int(min(count, 100_000))) : 1
    }
    return Size(width: cells(aspect.width, cellPixels.width), height: cells(aspect.height, cellPixels.height))
  }
}
