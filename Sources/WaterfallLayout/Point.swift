/// A position in character cells: `x` counts columns from the left, `y` rows from the top.
///
/// ```swift
/// let corner = Point(x: 3, y: 10)
/// corner.offsetBy(dy: -2)   // Point(x: 3, y: 8)
/// ```
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Int
  public var y: Int

  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  /// This point moved by `dx` columns and `dy` rows.
  public func offsetBy(dx: Int = 0, dy: Int = 0) -> Point {
    Point(x: x + dx, y: y + dy)
  }

  public var description: String { "(\(x), \(y))" }
}
