/// Distances in character cells to keep clear inside each edge of a rectangle.
///
/// ```swift
/// let section = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
/// section.horizontal   // 4
/// ```
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  public var top: Int
  public var left: Int
  public var bottom: Int
  public var right: Int

  public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same distance on every side.
  public init(all value: Int) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  public static let zero = EdgeInsets()

  /// `left + right`.
  public var horizontal: Int { left + right }
  /// `top + bottom`.
  public var vertical: Int { top + bottom }

  public var description: String { "[\(top), \(left), \(bottom), \(right)]" }
}
