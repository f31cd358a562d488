import WaterfallLayout
import WaterfallView

/// The stand-in's run following the selection: while the worker lays every
/// card out, a ``WindowLayout`` places only the cards around the selection.
/// After each key the run grows by ``nearReach`` cards at an end the selection
/// or the screen nears (the cards measured exactly, here), so Down and PageDown
/// go on past where it first ended; a selection that jumped out of it (`g`, `G`)
/// gets a run of its own around it.
extension Browser {
  /// The most cards a run holds: past this, it starts again around the
  /// selection rather than grow (each growth lays the whole run out again).
  var windowLimit: Int { 8 * nearReach }

  /// Grows or moves the stand-in's run when the selection or the screen comes
  /// within a screen of cards of its ends; nothing when no stand-in shows.
  func followSelectionWithWindow() {
    guard let window = view.layout as? WindowLayout, pendingLayout != nil, window.section == 0,
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
}
