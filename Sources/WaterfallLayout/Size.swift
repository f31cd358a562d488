/// A width and a height in character cells.
///
/// ```swift
/// let screen = Size(width: 80, height: 24)
/// screen.area   // 1920
/// ```
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  /// The number of cells covered.
  public var area: Int { width * height }

  /// Whether either side is zero or negative.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  public var description: String { "\(width)x\(height)" }
}
