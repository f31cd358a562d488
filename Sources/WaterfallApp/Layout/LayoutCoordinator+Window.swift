import WaterfallLayout
import WaterfallView

/// The stand-in's run following the selection: while the worker lays every
/// card out, a ``WindowLayout`` places only the cards around the selection.
/// After each key the run grows by ``nearReach`` cards at an end the selection
/// or the screen nears (the cards measured exactly, here), so Down and PageDown
/// go on past where it first ended; a selection that jumped out of it (`g`, `G`)
/// gets a run of its own around it.
extension LayoutCoordinator {
  /// The most cards a run holds: past this, it starts again around the
  /// selection rather than grow (each growth lays the whole run out again).
  var windowLimit: Int { 8 * nearReach }

  /// Grows or moves the stand-in's run when the selection or the screen comes
  /// within a screen of cards of its ends; nothing when no stand-in shows.
  func followSelectionWithWindow() {
    guard let window = view.layout as? WindowLayout, phase.isLayingOut, window.section == 0,
      let selected = view.selectedIndexPath, selected.section == 0
    else { return }
    let count = view.numberOfItems(inSection: 0)
    let reach = nearReach
    // A screen of the smallest cards either side of the selection and the screen.
    let margin = max(1, reach / 3)
    var items = window.items
    var keepsPlace = true
    if !items.contains(selected.item) {
      items = max(0, selected.item - reach)..<min(count, selected.item + reach)
      keepsPlace = false
    } else {
      let bounds = runBounds(window)
      let visible = view.isHorizontal ? view.visibleRect.transposed : view.visibleRect
      let nearTop = selected.item - items.lowerBound < margin || visible.minY - view.pageLength < bounds.top
      let nearBottom = items.upperBound - selected.item <= margin || visible.maxY + view.pageLength > bounds.bottom
      if nearTop, items.lowerBound > 0 { items = max(0, items.lowerBound - reach)..<items.upperBound }
      if nearBottom, items.upperBound < count { items = items.lowerBound..<min(count, items.upperBound + reach) }
      if items.count > windowLimit {
        items = max(0, selected.item - reach)..<min(count, selected.item + reach)
      }
    }
    guard items != window.items else { return }
    // The guess the run was placed with, in rows per card.
    let size = window.contentSize
    let content = max(window.contentHeight, view.isHorizontal ? size.width : size.height)
    let rowsPerItem = Double(content) / Double(max(1, count))
    // Cards added after the run leave those before them where they were;
    // cards added before it go above it, at the rows they are guessed to take.
    let top =
      !keepsPlace ? Int(rowsPerItem * Double(items.lowerBound))
      : window.top - Int(rowsPerItem * Double(window.items.lowerBound - items.lowerBound))
    // The selected card stays at its row on the screen (CollectionView's anchor).
    view.setLayout(windowLayout(items: items, frame: view.frame, top: top, contentHeight: content))
    if !keepsPlace { view.scrollToItem(at: selected) }
  }

  /// The rows the run's cards take in the content (the columns, sideways):
  /// its first card's top and the bottom of its lowest.
  private func runBounds(_ window: WindowLayout) -> (top: Int, bottom: Int) {
    let sideways = window.scrollDirection == .horizontal
    let first = window.attributesForItem(at: IndexPath(item: window.items.lowerBound))?.frame
    let top = first.map { sideways ? $0.minX : $0.minY } ?? window.top
    let run = window.base.contentSize
    return (top, window.top + (sideways ? run.width : run.height))
  }

  /// A stand-in for the layout of one section of many cards: those within a
  /// few screens of shown position `position`, laid out here (their heights
  /// measured and kept), where the whole layout will put them in a view at
  /// `frame`: exactly, for cards of one size (``UniformRows``); about, for the
  /// waterfall.
  func windowLayout(around position: Int, frame: Rect) -> WindowLayout {
    let count = dataSource.sections.sectionCount > 0 ? dataSource.sections.count(inSection: 0) : 0
    let reach = nearReach
    let items = max(0, min(position, count) - reach)..<min(count, position + reach)
    // Text keeps its area: rows per item go as the width the columns share
    // (sideways, columns per item as the height the rows share).
    // (Every item the old layout placed: after a reload of groups, the old
    // sections were many.)
    let oldCount = max(1, view.numberOfItems)
    let content = view.contentSize
    let rowsPerItem =
      policy.isHorizontal
      ? Double(content.width) / Double(oldCount) * Double(max(1, view.frame.height)) / Double(max(1, frame.height))
      : Double(content.height) / Double(oldCount) * Double(max(1, view.frame.width)) / Double(max(1, frame.width))
    return windowLayout(
      items: items, frame: frame, top: Int(rowsPerItem * Double(items.lowerBound)),
      contentHeight: Int(rowsPerItem * Double(count)))
  }

  /// The stand-in placing `items` of the one section, in a view at `frame`;
  /// for the waterfall, from row `top` of content `contentHeight` tall (guesses).
  func windowLayout(items: Range<Int>, frame: Rect, top: Int, contentHeight: Int) -> WindowLayout {
    let count = dataSource.sections.sectionCount > 0 ? dataSource.sections.count(inSection: 0) : 0
    let base = policy.makeLayout(sectionCount: 1, hasFooter: false)
    guard !options.layout.measuresCards else {
      // From the first card, the run is where the whole layout puts it; to the
      // last, the content ends where the cards do.
      return WindowLayout(
        base: base, section: 0, items: items, top: items.lowerBound == 0 ? 0 : top,
        contentHeight: items.upperBound >= count ? 0 : contentHeight)
    }
    let rows = UniformRows(
      whole: makeLayout(), run: policy.makeLayout(sectionCount: 1, hasFooter: false), size: frame.size, count: count)
    let first = rows.rowStart(items.lowerBound)
    return WindowLayout(
      base: base, section: 0, items: first..<items.upperBound, top: rows.top(ofRun: first),
      contentHeight: rows.contentHeight)
  }
}
