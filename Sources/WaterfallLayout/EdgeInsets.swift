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

  /// The insets with every negative distance made 0: what a layout uses, since an
  /// edge cannot be kept clear by less than nothing.
  ///
  /// ```swift
  /// EdgeInsets(top: -3, left: 2).nonNegative   // [0, 2, 0, 0]
  /// ```
  public var nonNegative: EdgeInsets {
    EdgeInsets(top: max(0, top), left: max(0, left), bottom: max(0, bottom), right: max(0, right))
  }

  public var description: String { "[\(top), \(left), \(bottom), \(right)]" }
}
