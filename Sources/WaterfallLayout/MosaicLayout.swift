/// A mosaic repeating by threes: a big square card on the left, two half-height
/// cards stacked on its right.
///
/// After `ZHDefineLayout`. Item `3g` is the big card of group `g`, `3g + 1` the
/// upper small one and `3g + 2` the lower. The left column is
/// `ceil((W - columnSpacing) / 2)` wide and the right one takes the rest; the big
/// card is square to the eye, `B = round(leftWidth * aspectCorrection)` rows (at
/// least `2 + rowSpacing`, so each small card has a row), and the small ones share
/// those rows with ``rowSpacing`` between them (the upper one gets the smaller
/// half). Groups follow one another `B + rowSpacing` rows apart. With
/// `aspectCorrection` 1 and no spacing, this is the seed's layout exactly: at width
/// 2w, big `(0, g·w, w, w)`, small `(w, g·w, w, w/2)` and `(w, g·w + w/2, w, w/2)`.
///
/// At any width: when there is no room for two columns (`W < 2 + columnSpacing`)
/// a group's three cards are stacked in one column, big first. Sections follow one
/// another without a break; the mosaic has no headers.
///
/// ```swift
/// let mosaic = MosaicLayout(aspectCorrection: 1)
/// mosaic.prepare(width: 20, source: FixedLayoutSource(heights: [1, 1, 1, 1]))
/// mosaic.allAttributes().map(\.frame)
/// // (0, 0, 10, 10), (10, 0, 10, 5), (10, 5, 10, 5), (0, 10, 10, 10)
/// ```
public final class MosaicLayout: CollectionLayout {
  public var columnSpacing: Int
  public var rowSpacing: Int
  /// Rows per column of a square: 0.5 for a terminal's cells, 1 for the seed's.
  public var aspectCorrection: Double

  private var items = FlatItems()
  private var width = 1

  public init(columnSpacing: Int = 0, rowSpacing: Int = 0, aspectCorrection: Double = 0.5) {
    self.columnSpacing = columnSpacing
    self.rowSpacing = rowSpacing
    self.aspectCorrection = aspectCorrection
  }

  public func prepare(width: Int, source: any LayoutSource) {
    self.width = max(1, width)
    items = FlatItems(source: source)
  }

  private var spacing: (column: Int, row: Int) { (max(0, columnSpacing), max(0, rowSpacing)) }

  /// Whether a group is one column (too narrow for two).
  private var isStacked: Bool { width < 2 + spacing.column }

  private var leftWidth: Int { isStacked ? width : (width - spacing.column + 1) / 2 }

  /// The big card's rows.
  public var bigHeight: Int {
    let factor = aspectCorrection.isFinite && aspectCorrection > 0 ? aspectCorrection : 0.5
    let rows = Double(leftWidth) * factor
    return max(2 + spacing.row, rows < 1e9 ? Int(rows.rounded()) : 1_000_000_000)
  }

  /// Rows from one group's top to the next one's.
  private var groupPitch: Int {
    isStacked ? 2 * bigHeight + 2 * spacing.row : bigHeight + spacing.row
  }

  /// The frame of the card at flat index `index`.
  private func frame(ofCard index: Int) -> Rect {
    let (cs, rs) = spacing
    let big = bigHeight
    let upper = (big - rs) / 2
    let lower = big - rs - upper
    let top = index / 3 * groupPitch
    if isStacked {
      switch index % 3 {
      case 0: return Rect(x: 0, y: top, width: width, height: big)
      case 1: return Rect(x: 0, y: top + big + rs, width: width, height: upper)
      default: return Rect(x: 0, y: top + big + rs + upper + rs, width: width, height: lower)
      }
    }
    let left = leftWidth
    switch index % 3 {
    case 0: return Rect(x: 0, y: top, width: left, height: big)
    case 1: return Rect(x: left + cs, y: top, width: width - left - cs, height: upper)
    default: return Rect(x: left + cs, y: top + upper + rs, width: width - left - cs, height: lower)
    }
  }

  public var contentSize: Size {
    guard items.count > 0 else { return Size(width: width, height: 0) }
    let lastGroup = (items.count - 1) / 3 * 3
    let bottom = (lastGroup..<items.count).map { frame(ofCard: $0).maxY }.max() ?? 0
    return Size(width: width, height: bottom)
  }

  public func attributes(in rect: Rect) -> [LayoutAttributes] {
    guard !rect.isEmpty, items.count > 0 else { return [] }
    let groups = (items.count + 2) / 3
    let first = max(0, floorDivide(rect.minY, groupPitch))
    let last = min(groups - 1, floorDivide(rect.maxY - 1, groupPitch))
    guard first <= last else { return [] }
    return items.cells((first * 3)..<((last + 1) * 3), in: rect, frame: frame(ofCard:))
  }

  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    items.cell(at: indexPath, frame: frame(ofCard:))
  }

  /// None: the mosaic has no headers or footers.
  public func attributesForSupplementary(_ kind: ElementKind, inSection section: Int) -> LayoutAttributes? { nil }

  public func shouldInvalidate(forBoundsChange newBounds: Rect) -> Bool {
    max(1, newBounds.width) != width
  }

  public func appendItems(count: Int, toSection section: Int, source: any LayoutSource) {
    items.append(count, toSection: section, source: source)
  }

  /// The card beside, above or below, among this group and the ones next to it:
  /// of those wholly that way, one sharing rows (columns) with this card first,
  /// the nearest, then the one sharing most.
  public func neighbor(of indexPath: IndexPath, toward direction: NavigationDirection) -> IndexPath? {
    guard let index = items.flatIndex(of: indexPath) else { return nil }
    let group = index / 3
    let range = max(0, (group - 1) * 3)..<min(items.count, (group + 2) * 3)
    let candidates = range.filter { $0 != index }.map { (items.indexPath(at: $0), frame(ofCard: $0)) }
    return SpatialNeighbor.best(from: frame(ofCard: index), toward: direction, among: candidates)
  }
}
