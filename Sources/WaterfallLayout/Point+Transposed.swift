extension Point {
  /// The point with `x` and `y` swapped: how a horizontal layout's frames are
  /// computed in a vertical layout's terms.
  ///
  /// ```swift
  /// Point(x: 3, y: 7).transposed   // (7, 3)
  /// ```
  public var transposed: Point { Point(x: y, y: x) }
}

extension Size {
  /// The size with width and height swapped.
  public var transposed: Size { Size(width: height, height: width) }
}

extension Rect {
  /// The rect mirrored across the diagonal: `x` and `y`, width and height swapped.
  ///
  /// ```swift
  /// Rect(x: 1, y: 2, width: 3, height: 4).transposed   // (2, 1, 4, 3)
  /// ```
  public var transposed: Rect { Rect(origin: origin.transposed, size: size.transposed) }
}

extension EdgeInsets {
  /// The insets mirrored across the diagonal: top and left swapped, bottom and right.
  public var transposed: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension NavigationDirection {
  /// The direction mirrored across the diagonal: up and left swapped, down and right.
  public var transposed: NavigationDirection {
    switch self {
    case .up: return .left
    case .left: return .up
    case .down: return .right
    case .right: return .down
    }
  }
}
