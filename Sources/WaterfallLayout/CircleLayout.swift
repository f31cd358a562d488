#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Cards on a circle around the view's middle, the selected one at the front.
///
/// After `ZHCircleLayout`: card `i` of `n` sits at angle `θ = 2π (i - front) / n`,
/// its centre at `(cx + rx sin θ, cy + ry cos θ)`, so the front card (θ = 0) is at
/// the bottom and the next ones go round to its right. A terminal cell is about
/// twice as tall as it is wide, so the circle is an ellipse `rx = ry / cellAspect`
/// columns across (narrower if the view is), which looks round. The front card is
/// ``frontItemSize``, the others ``itemSize``; cards nearer the front are drawn
/// later (``LayoutAttributes/zIndex``), the front one last. Cards overlap by design.
/// One card alone is drawn ``frontItemSize``, centred.
///
/// More cards than fit round the ellipse (``capacity``) are shown as a window of the
/// circle: the `capacity` cards around the front one, in the same places as if there
/// were no others; the rest have no frame until the circle turns to them. The view
/// turns it by telling the layout the selection (``selectionDidChange(to:)``). The
/// content is the view; nothing scrolls.
///
/// ```swift
/// let circle = CircleLayout(itemSize: Size(width: 10, height: 4), frontItemSize: Size(width: 16, height: 6))
/// circle.prepare(size: Size(width: 60, height: 20), source: FixedLayoutSource(heights: [1, 1, 1, 1]))
/// circle.attributesForItem(at: IndexPath(item: 0))?.frame   // (22, 14, 16, 6): the front, at the bottom
/// circle.attributesForItem(at: IndexPath(item: 1))?.frame   // (39, 8, 10, 4): a quarter turn, to the right
/// ```
public final class CircleLayout: CollectionLayout {
  /// The size of a card on the circle (clamped to the view).
  public var itemSize: Size
  /// The size of the front card, and of a card alone (clamped to the view).
  public var frontItemSize: Size
  /// A cell's width over its height: 0.5 for a terminal's cells, so the ellipse is
  /// twice as wide as it is tall in cells, and round to the eye.
  public var cellAspect: Double

  private var items = FlatItems()
  private var viewSize = Size(width: 1, height: 1)
  /// The flat index of the card at the front.
  public private(set) var frontIndex = 0

  public init(
    itemSize: Size = Size(width: 16, height: 5), frontItemSize: Size = Size(width: 26, height: 9),
    cellAspect: Double = 0.5
  ) {
    self.itemSize = itemSize
    self.frontItemSize = frontItemSize
    self.cellAspect = cellAspect
  }

  public func prepare(width: Int, source: any LayoutSource) {
    prepare(size: Size(width: width, height: viewSize.height), source: source)
  }

  public func prepare(size: Size, source: any LayoutSource) {
    viewSize = Size(width: max(1, size.width), height: max(1, size.height))
    items = FlatItems(source: source)
    frontIndex = min(max(0, frontIndex), max(0, items.count - 1))
  }

  public var contentSize: Size { viewSize }

  /// The item at the front, if there is one.
  public var frontItem: IndexPath? {
    items.count > 0 ? items.indexPath(at: frontIndex) : nil
  }

  /// A copy as it stands (the same items, size and front card): what a turn
  /// animates from.
  public func snapshot() -> CircleLayout {
    let copy = CircleLayout(itemSize: itemSize, frontItemSize: frontItemSize, cellAspect: cellAspect)
    copy.items = items
    copy.viewSize = viewSize
    copy.frontIndex = frontIndex
    return copy
  }

  /// Turns the selected item to the front; returns whether the circle turned.
  public func selectionDidChange(to indexPath: IndexPath?) -> Bool {
    guard let indexPath, let index = items.flatIndex(of: indexPath), index != frontIndex else { return false }
    frontIndex = index
    return true
  }

  private func clamped(_ size: Size) -> Size {
    Size(width: max(1, min(size.width, viewSize.width)), height: max(1, min(size.height, viewSize.height)))
  }

  /// The ellipse's radii in cells: as tall as leaves the front card inside the view
  /// at the bottom, and `1 / cellAspect` times as wide, no wider than the view allows.
  public var radii: (x: Double, y: Double) {
    let front = clamped(frontItemSize)
    let ry = max(0, Double(viewSize.height - front.height) / 2)
    let widest = max(0, Double(viewSize.width - front.width) / 2)
    return (min(ry / max(0.01, cellAspect), widest), ry)
  }

  /// How many cards the ellipse shows: its circumference (rows counted as
  /// `1 / cellAspect` columns) over a card's mean extent, at least 2.
  public var capacity: Int {
    let (rx, ry) = radii
    let ryColumns = ry / max(0.01, cellAspect)
    let circumference = 2 * Double.pi * ((rx * rx + ryColumns * ryColumns) / 2).squareRoot()
    let card = clamped(itemSize)
    let extent = max(1, (Double(card.width) + Double(card.height) / max(0.01, cellAspect)) / 2)
    return max(2, Int(circumference / extent))
  }

  /// The cards shown: how many, and the step from the front in flat indices of the
  /// first one (the window runs `-(shown / 2) ..< shown - shown / 2`).
  private var shownCount: Int { min(items.count, capacity) }

  /// The place of flat index `index` around the circle, from the front (0) by
  /// `step`s (negative to the left), or `nil` when it is outside the window.
  private func step(of index: Int) -> Int? {
    let n = items.count
    let shown = shownCount
    guard n > 0 else { return nil }
    // The step in -(n/2) ..< n - n/2 whose index is this one, going round.
    var step = (index - frontIndex) % n
    if step < 0 { step += n }
    if step >= n - n / 2 { step -= n }
    guard step >= -(shown / 2), step < shown - shown / 2 else { return nil }
    return step
  }

  private func attributes(ofCard index: Int, step: Int) -> LayoutAttributes {
    let indexPath = items.indexPath(at: index)
    if items.count == 1 {
      let size = clamped(frontItemSize)
      let frame = Rect(
        x: (viewSize.width - size.width) / 2, y: (viewSize.height - size.height) / 2,
        width: size.width, height: size.height)
      return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: frame, zIndex: 1_001)
    }
    let angle = 2 * Double.pi * Double(step) / Double(shownCount)
    let (rx, ry) = radii
    let centreX = Double(viewSize.width) / 2 + rx * sin(angle)
    let centreY = Double(viewSize.height) / 2 + ry * cos(angle)
    let size = clamped(step == 0 ? frontItemSize : itemSize)
    let x = min(max(0, Int((centreX - Double(size.width) / 2).rounded())), viewSize.width - size.width)
    let y = min(max(0, Int((centreY - Double(size.height) / 2).rounded())), viewSize.height - size.height)
    let depth = step == 0 ? 1_001 : Int(((1 + cos(angle)) / 2 * 1_000).rounded())
    return LayoutAttributes(
      kind: .cell, indexPath: indexPath, frame: Rect(x: x, y: y, width: size.width, height: size.height),
      zIndex: depth)
  }

  /// The cards of the window sharing a cell with `rect`, in item order.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    let n = items.count
    guard !rect.isEmpty, n > 0 else { return [] }
    let shown = shownCount
    var result: [LayoutAttributes] = []
    result.reserveCapacity(shown)
    for step in -(shown / 2)..<(shown - shown / 2) {
      let index = ((frontIndex + step) % n + n) % n
      let a = attributes(ofCard: index, step: step)
      if a.frame.intersects(rect) { result.append(a) }
    }
    result.sort { $0.indexPath < $1.indexPath }
    return result
  }

  /// The card's place, or `nil` when it is outside the window shown.
  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard let index = items.flatIndex(of: indexPath), let step = step(of: index) else { return nil }
    return attributes(ofCard: index, step: step)
  }

  /// None: the circle has no headers or footers.
  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? { nil }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    max(1, newBounds.width) != viewSize.width || max(1, newBounds.height) != viewSize.height
  }

  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    items = FlatItems(source: source)
  }

  /// Right and down: the next card round the circle; left and up: the previous one.
  /// The circle has no ends: after the last card comes the first.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard let index = items.flatIndex(of: indexPath), items.count > 1 else { return nil }
    let step = direction == .right || direction == .down ? 1 : -1
    return items.indexPath(at: (index + step + items.count) % items.count)
  }
}
