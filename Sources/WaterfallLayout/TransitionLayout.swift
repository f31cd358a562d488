/// A layout on the way from one layout to another: every element sits part of the
/// way between where the first puts it and where the second does.
///
/// After `UICollectionViewTransitionLayout`. Both layouts are prepared already; as
/// ``progress`` goes from 0 to 1 a cell moves, on screen, from its old frame (seen
/// at the old content offset) to its new one (at the new offset), so a card that
/// stays on screen slides to its new place. Headers and footers are the new
/// layout's. Drawing a few steps of it over about a tenth of a second is how the
/// browser animates switching layouts.
///
/// ```swift
/// let step = TransitionLayout(from: waterfall, to: grid, fromOffset: 40, toOffset: 12)
/// step.progress = 0.5
/// view.setLayout(step, contentOffset: 12)
/// ```
///
/// The offsets are two-dimensional (``fromOrigin``, ``toOrigin``), so a vertical
/// layout can slide into a horizontal one; the `Int` ones are rows.
public final class TransitionLayout: CollectionLayout {
  public let from: any CollectionLayout
  public let to: any CollectionLayout
  /// The content offset the old layout was seen at, and the new one will be.
  public let fromOrigin: Point
  public let toOrigin: Point
  /// How far along: 0 is the old layout, 1 the new.
  public var progress: Double

  public init(from: any CollectionLayout, to: any CollectionLayout, fromOrigin: Point, toOrigin: Point, progress: Double = 0) {
    self.from = from
    self.to = to
    self.fromOrigin = fromOrigin
    self.toOrigin = toOrigin
    self.progress = progress
  }

  /// A transition between two offsets in rows (`x` 0).
  public convenience init(
    from: any CollectionLayout, to: any CollectionLayout, fromOffset: Int, toOffset: Int, progress: Double = 0
  ) {
    self.init(
      from: from, to: to, fromOrigin: Point(x: 0, y: fromOffset), toOrigin: Point(x: 0, y: toOffset),
      progress: progress)
  }

  /// The rows of ``fromOrigin`` and ``toOrigin``.
  public var fromOffset: Int { fromOrigin.y }
  public var toOffset: Int { toOrigin.y }

  public var scrollDirection: ScrollDirection { to.scrollDirection }

  /// Nothing to do: both layouts were prepared before the transition began.
  public func prepare(width: Int, source: any LayoutSource) {}

  public var contentSize: Size { to.contentSize }

  /// The cells shown on either side of the transition (at their frames part of
  /// the way), then the new layout's headers and footers.
  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    var seen = Set<IndexPath>()
    var cells: [LayoutAttributes] = []
    let oldRect = rect.offsetBy(dx: fromOrigin.x - toOrigin.x, dy: fromOrigin.y - toOrigin.y)
    for a in to.attributes(in: rect) + from.attributes(in: oldRect) where a.kind == .cell {
      guard seen.insert(a.indexPath).inserted, let moving = attributesForItem(at: a.indexPath) else { continue }
      if moving.frame.intersects(rect) { cells.append(moving) }
    }
    cells.sort { $0.indexPath < $1.indexPath }
    return cells + to.attributes(in: rect).filter { $0.kind != .cell }
  }

  /// Tells both layouts the rect each is seen through: the new one at the new
  /// offset, the old one at the old.
  public func updateVisibleRect(_ rect: Rect) {
    to.updateVisibleRect(rect)
    from.updateVisibleRect(rect.offsetBy(dx: fromOrigin.x - toOrigin.x, dy: fromOrigin.y - toOrigin.y))
  }

  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    let old = from.attributesForItem(at: indexPath)
    guard var new = to.attributesForItem(at: indexPath) else { return nil }
    guard let old else { return new }
    new.frame = Self.interpolate(
      old.frame.offsetBy(dx: toOrigin.x - fromOrigin.x, dy: toOrigin.y - fromOrigin.y), new.frame, progress: progress)
    return new
  }

  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? {
    to.attributesForSupplementary(kind, inSection: section)
  }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool { false }

  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    to.appendItems(count: count, toSection: section, source: source)
  }

  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    to.neighbor(of: indexPath, toward: direction)
  }

  /// The rect `progress` of the way from `a` to `b`, each side rounded to a cell.
  static func interpolate(_ a: Rect, _ b: Rect, progress: Double) -> Rect {
    func mix(_ x: Int, _ y: Int) -> Int { x + Int((Double(y - x) * progress).rounded()) }
    let minX = mix(a.minX, b.minX)
    let minY = mix(a.minY, b.minY)
    return Rect(x: minX, y: minY, width: max(1, mix(a.maxX, b.maxX) - minX), height: max(1, mix(a.maxY, b.maxY) - minY))
  }
}
