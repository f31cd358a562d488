import WaterfallLayout
import WaterfallView

/// Feeds the collection view: the items that pass the filter, a card (or a list
/// row) for each, and each card's height at the width the layout gives it.
final class CardDataSource: CollectionViewDataSource, CollectionViewDelegate {
  let store: ItemStore
  /// Store indices of the items shown, in order.
  var visible: [Int] = []
  var kind: LayoutKind = .waterfall
  var theme: CardTheme

  init(store: ItemStore, theme: CardTheme) {
    self.store = store
    self.theme = theme
  }

  /// The store index of the item at `indexPath`.
  func item(at indexPath: IndexPath) -> Int? {
    visible.indices.contains(indexPath.item) ? visible[indexPath.item] : nil
  }

  /// The index path showing store item `item`, if it is shown.
  func indexPath(ofItem item: Int) -> IndexPath? {
    visible.firstIndex(of: item).map { IndexPath(item: $0) }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    visible.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let content = store.content(at: visible[indexPath.item])
    if kind == .list {
      let row = collectionView.dequeueReusableCell(withIdentifier: RowCell.identifier, for: indexPath) as! RowCell
      row.content = content
      row.theme = theme
      return row
    }
    let card = collectionView.dequeueReusableCell(withIdentifier: CardCell.identifier, for: indexPath) as! CardCell
    card.configure(content: content, theme: theme, fixedSize: kind != .waterfall)
    return card
  }

  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
    switch kind {
    case .list: return .height(1)
    case .grid, .gridLarge: return .height(1)  // the grid gives every card its own height
    case .waterfall: return .height(CardPlan(content: store.content(at: visible[indexPath.item]), width: width).height)
    }
  }
}
