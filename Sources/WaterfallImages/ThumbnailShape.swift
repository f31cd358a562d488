/// The cells a thumbnail should take, and how the picture fits them.
///
/// A cell holds two pixels, one above the other, and is about twice as tall as it is
/// wide, so pixels come out square: a picture `w` x `h` shown `n` cells wide takes
/// `n * h / w / 2` rows.
///
/// ```swift
/// ThumbnailShape.fill(width: 24, height: 10).cells(forPicture: 400, 300)      // (24, 10)
/// ThumbnailShape.fitWidth(80, maximumHeight: 20).cells(forPicture: 400, 300)  // (53, 20)
/// ```
public enum ThumbnailShape: Hashable, Sendable {
  /// Exactly `width` x `height` cells; the picture is cropped (centred) to the
  /// cells' shape and fills them, as a card's picture area wants.
  case fill(width: Int, height: Int)
  /// The whole picture, `width` cells wide, unless that would make it taller than
  /// `maximumHeight` rows: then as wide as that height allows. The details panel's.
  case fitWidth(Int, maximumHeight: Int)

  /// The thumbnail's width and height in cells for a picture of `width` x `height`
  /// pixels; at least 1 x 1.
  public func cells(forPicture width: Int, _ height: Int) -> (width: Int, height: Int) {
    switch self {
    case .fill(let w, let h):
      return (max(1, w), max(1, h))
    case .fitWidth(let w, let maximumHeight):
      let columns = max(1, w)
      let limit = max(1, maximumHeight)
      guard width > 0, height > 0 else { return (columns, min(limit, max(1, columns / 2))) }
      // rows = columns * height / width / 2, rounded.
      let rows = (columns * height + width) / (2 * width)
      if rows <= limit { return (columns, max(1, rows)) }
      let narrower = (2 * limit * width + height / 2) / height
      return (max(1, min(columns, narrower)), limit)
    }
  }

  /// Whether the picture is cropped to fill the cells.
  var isFill: Bool {
    if case .fill = self { return true }
    return false
  }
}
