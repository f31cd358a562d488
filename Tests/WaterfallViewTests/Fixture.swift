import WaterfallLayout
@testable import WaterfallView

/// A data source and delegate over plain arrays: each item has a title and a
/// height, one array per section.
final class Fixture: CollectionViewDataSource, CollectionViewDelegate {
  var sections: [[(title: String, height: Int)]]
  var headers: [String]?
  var selections: [IndexPath] = []
  /// The theme every card is drawn with.
  var theme = CardTheme.unicode
  var displayed = 0
  var ended = 0
  /// The content offset at each did-scroll call.
  var scrolls: [Int] = []
  let view: CollectionView

  init(sections: [[(title: String, height: Int)]], frame: Rect, layout: any CollectionLayout, headers: [String]? = nil) {
    self.sections = sections
    self.headers = headers
    view = CollectionView(frame: frame, layout: layout)
    view.register(TextCell.self, forCellWithReuseIdentifier: "text")
    view.register(BarCell.self, forCellWithReuseIdentifier: "bar")
    view.dataSource = self
    view.delegate = self
    view.reloadData()
  }

  convenience init(heights: [Int], frame: Rect, layout: any CollectionLayout) {
    self.init(sections: [heights.enumerated().map { ("Item \($0.offset)", $0.element) }], frame: frame, layout: layout)
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
    cell.text = sections[indexPath.section][indexPath.item].title
    cell.theme = theme
    return cell
  }

  func collectionView(_ collectionView: CollectionView, viewForSupplementary kind: ElementKind, inSection section: Int) -> Cell? {
    guard kind == .header, let headers else { return nil }
    let bar = collectionView.dequeueReusableCell(withIdentifier: "bar", for: IndexPath(item: 0, section: section)) as! BarCell
    bar.title = headers[section]
    return bar
  }

  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
    .height(sections[indexPath.section][indexPath.item].height)
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selections.append(indexPath)
  }

  func collectionViewDidScroll(_ collectionView: CollectionView) {
    scrolls.append(collectionView.contentOffset)
  }

  func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {
    displayed += 1
  }

  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {
    ended += 1
  }

  /// What the view draws, as text.
  func render() -> String {
    let buffer = CellBuffer(width: view.frame.maxX, height: view.frame.maxY)
    view.draw(in: buffer)
    return buffer.text
  }
}
