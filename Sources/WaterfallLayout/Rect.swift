/// A rectangle of character cells, half-open on every side.
///
/// The rectangle covers the columns `minX ..< maxX` and the rows `minY ..< maxY`:
/// a row `y` is inside when `minY <= y < maxY`, so a card at `y: 10` with
/// `height: 5` covers rows 10 through 14 and the card stacked right under it starts
/// at row 15. Two rectangles that only touch along an edge do not intersect, and an
/// empty rectangle (zero width or height) contains nothing and intersects nothing.
///
/// ```swift
/// let card = Rect(x: 0, y: 10, width: 20, height: 5)
/// card.contains(Point(x: 0, y: 14))    // true: the last row
/// card.contains(Point(x: 0, y: 15))    // false: maxY is outside
/// card.intersects(Rect(x: 0, y: 15, width: 20, height: 3))   // false: they touch
/// ```
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Int { origin.x }
  public var minY: Int { origin.y }
  /// The first column to the right of the rectangle (not inside it).
  public var maxX: Int { origin.x + size.width }
  /// The first row below the rectangle (not inside it).
  public var maxY: Int { origin.y + size.height }
  public var width: Int { size.width }
  public var height: Int { size.height }
  /// The middle row, rounded down.
  public var midY: Int { origin.y + size.height / 2 }
  /// The middle column, rounded down.
  public var midX: Int { origin.x + size.width / 2 }

  /// Whether the rectangle covers no cell.
  public var isEmpty: Bool { size.isEmpty }

  /// Whether the cell at `point` is inside: `minX <= x < maxX` and `minY <= y < maxY`.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether every cell of `other` is inside this rectangle. An empty `other` is
  /// contained when its origin lies within the closed bounds.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles share at least one cell.
  public func intersects(_ other: Rect) -> Bool {
    !isEmpty && !other.isEmpty
      && minX < other.maxX && other.minX < maxX
      && minY < other.maxY && other.minY < maxY
  }

  /// Whether the rows `minY ..< maxY` overlap the rows of `other`, whatever the columns.
  public func intersectsVertically(_ other: Rect) -> Bool {
    minY < other.maxY && other.minY < maxY && height > 0 && other.height > 0
  }

  /// The cells both rectangles cover, or `nil` when they share none.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x0 < x1, y0 < y1 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// This rectangle moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// This rectangle shrunk by `insets` on each side (never below zero size).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left,
      y: minY + insets.top,
      width: max(0, width - insets.left - insets.right),
      height: max(0, height - insets.top - insets.bottom))
  }

  public var description: String { "(\(minX), \(minY), \(width), \(height))" }
}
