import WaterfallLayout

/// Where a section of cards of one size goes (the grids, the list's rows): card
/// `i` is in row `i / columns`, and every row is ``pitch`` rows below the one
/// before, so a run of the cards can be placed exactly without laying out the
/// cards before it. Read off the layout itself, laid out for two rows of cards.
/// Sideways (`--direction horizontal`), the same along the flow: a "row" is a
/// column of cards, its "top" its left edge, and the content's height its width.
///
/// ```swift
/// let rows = UniformRows(whole: GridLayout(), run: GridLayout(), size: Size(width: 80, height: 24), count: 1_000_000)
/// rows.columns              // 4 cards a row
/// rows.top(ofRun: 4_000)    // 6000: where a run from card 4,000 starts (1,000 rows of 6 above it)
/// rows.contentHeight        // 1,500,000: 250,000 rows of 6
/// ```
struct UniformRows: Equatable {
  /// The cards a row holds.
  var columns: Int
  /// The top of the first row of cards in the whole layout.
  var firstTop: Int
  /// The top of the first row of a run laid out alone (after its insets and header).
  var runTop: Int
  /// Rows from one row of cards to the next.
  var pitch: Int
  /// The whole layout's content height.
  var contentHeight: Int

  /// Probes `whole` (the layout of the whole section, `count` cards, with its
  /// header and footer) and `run` (the stand-in's, laid out with the same
  /// parameters) at `size`: each laid out for two rows of cards at most.
  init(whole: any CollectionLayout, run: any CollectionLayout, size: Size, count: Int) {
    whole.prepare(size: size, source: FixedLayoutSource(heights: []))
    let columns = max(1, (whole as? WaterfallLayout)?.effectiveColumnCount(inSection: 0) ?? 1)
    let probe = min(max(0, count), 2 * columns)
    whole.prepare(size: size, source: FixedLayoutSource(heights: Array(repeating: 1, count: probe)))
    let sideways = whole.scrollDirection == .horizontal
    let along = { (frame: Rect) in sideways ? frame.minX : frame.minY }
    let first = whole.attributesForItem(at: IndexPath(item: 0)).map { along($0.frame) } ?? 0
    let second = whole.attributesForItem(at: IndexPath(item: columns)).map { along($0.frame) }
    let pitch = second.map { $0 - first } ?? 1
    let rows = { (cards: Int) in (cards + columns - 1) / columns }
    run.prepare(size: size, source: FixedLayoutSource(heights: [1]))
    self.columns = columns
    firstTop = first
    runTop = run.attributesForItem(at: IndexPath(item: 0)).map { along($0.frame) } ?? 0
    self.pitch = pitch
    let extent = sideways ? whole.contentSize.width : whole.contentSize.height
    contentHeight = extent + max(0, rows(count) - rows(probe)) * pitch
  }

  /// The first card at or before `item` that starts a row.
  func rowStart(_ item: Int) -> Int { max(0, item) / columns * columns }

  /// The ``WindowLayout/top`` of a run starting at card `first` (a row's first):
  /// its cards then go exactly where the whole layout puts them.
  func top(ofRun first: Int) -> Int { firstTop + first / columns * pitch - runTop }
}
