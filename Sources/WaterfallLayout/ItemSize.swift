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
///
/// In a horizontal flow the layout gives the item a height (its row's) and asks for
/// its width: an exact answer is the item's length along the flow, in columns, and an
/// aspect size is scaled to the row (``width(forHeight:aspectCorrection:)``).
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

  /// The width in columns at `height` rows, for a horizontal flow: an exact size's
  /// number (its length along the flow), or `floor(w * height / h / aspectCorrection)`
  /// for an aspect size, clamped to `0 ... maximumHeight`.
  ///
  /// ```swift
  /// ItemSize.aspect(width: 400, height: 300).width(forHeight: 6, aspectCorrection: 0.5)
  /// // floor(400 * 6 / 300 / 0.5) = 16 columns
  /// ```
  public func width(forHeight height: Int, aspectCorrection: Double = 1) -> Int {
    switch self {
    case .height(let columns):
      return min(max(0, columns), Self.maximumHeight)
    case .aspect(let w, let h):
      guard w.isFinite, h.isFinite, w > 0, h > 0, aspectCorrection.isFinite,
        aspectCorrection > 0, height > 0
      else { return 0 }
      let columns = w * Double(height) / h / aspectCorrection
      guard columns < Double(Self.maximumHeight) else { return Self.maximumHeight }
      return Int(columns)
    }
  }

  /// The item's length along a flow in `direction`, given its extent `across` it.
  func length(across: Int, direction: ScrollDirection, aspectCorrection: Double) -> Int {
    switch direction {
    case .vertical: return height(forWidth: across, aspectCorrection: aspectCorrection)
    case .horizontal: return width(forHeight: across, aspectCorrection: aspectCorrection)
    }
  }
}
