/// One pixel's colour: 8-bit red, green and blue.
///
/// ```swift
/// let orange = RGB(255, 128, 0)
/// orange.color(in: .truecolor)   // Color.rgb(255, 128, 0)
/// ```
public struct RGB: Hashable, Sendable, CustomStringConvertible {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  public static let black = RGB(0, 0, 0)
  public static let white = RGB(255, 255, 255)

  public var description: String { "RGB(\(red), \(green), \(blue))" }
}
