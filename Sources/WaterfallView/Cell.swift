import WaterfallLayout

/// A view that shows one item, or a section's header or footer, inside a
/// ``CollectionView``.
///
/// Subclass it and override ``draw(in:clip:)``; override ``prepareForReuse()`` to
/// drop what the previous item left. Cells are created by the view's
/// ``ReusePool`` from the class registered for their reuse identifier, so a
/// subclass keeps the `required` initialiser.
///
/// ```swift
/// final class TitleCell: Cell {
///   var title = ""
///   override func prepareForReuse() { title = "" }
///   override func draw(in canvas: any Canvas, clip: Rect) {
///     canvas.drawBox(frame, lines: isSelected ? .heavy : .light, clip: clip)
///     canvas.put(title, at: Point(x: frame.minX + 1, y: frame.minY + 1), clip: clip)
///   }
/// }
/// ```
open class Cell {
  /// The identifier this cell was registered and dequeued under.
  public let reuseIdentifier: String
  /// Where the cell is, in content coordinates: the layout's frame.
  public internal(set) var frame: Rect = .zero
  /// The item the cell shows now, or `nil` while it waits in the pool.
  public internal(set) var indexPath: IndexPath?
  /// Whether the cell's item is the selected one.
  public internal(set) var isSelected = false

  public required init(reuseIdentifier: String) {
    self.reuseIdentifier = reuseIdentifier
  }

  /// Called when the cell leaves the pool to show another item.
  open func prepareForReuse() {}

  /// Draws the cell at ``Cell/frame`` into `canvas`, whose coordinates are the
  /// content's. Only cells inside `clip` (the visible part of the frame) show; a
  /// card crossing the viewport's edge is drawn clipped, as if sliding under it.
  open func draw(in canvas: any Canvas, clip: Rect) {}
}
