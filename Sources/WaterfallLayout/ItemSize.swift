/// How tall an item wants to be, as a layout's source answers for one item.
///
/// A self-sizing item answers `.height` for the width it is given (a text card
/// wraps its text to that width and counts the lines). An image-like item answers
/// `.aspect` with the picture's size in any unit; the layout scales it to the item
/// width:
///
/// ```swift
/// // 300x400 picture, 20 columns wide, cells about twice as tall as wide:
/// ItemSize.aspect(width: 300, height: 400).height(forWidth: 20, aspectCorrection: 0.5)
/// // floor(400 * 20 / 300 * 0.5) = 13 rows
/// ```
public enum ItemSize: Hashable, Sendable {
  /// An exact height in rows.
  case height(Int)
  /// A width and height whose ratio the item keeps.
  case aspect(width: Double, height: Double)

  /// The largest height an item can have, in rows. Larger answers are clamped to it.
  public static let maximumHeight = 1 << 20

  /// The height in rows at `width`: `floor(h * width / w * aspectCorrection)` for an
  /// aspect size, clamped to `0 ... maximumHeight`. A zero, negative or non-finite
  /// side gives 0.
  public func height(forWidth width: Int, aspectCorrection: Double = 1) -> Int {
    switch self {
    case .height(let rows):
      return min(max(0, rows), Self.maximumHeight)
    case .aspect(let w, let h):
      guard w.isFinite, h.isFinite, w > 0, h > 0, aspectCorrection.isFinite,
        aspectCorrection > 0, width > 0
      else { return 0 }
      let rows = h * Double(width) / w * aspectCorrection
      guard rows < Double(Self.maximumHeight) else { return Self.maximumHeight }
      return Int(rows)  // rows >= 0, so truncation is the floor
    }
  }
}
