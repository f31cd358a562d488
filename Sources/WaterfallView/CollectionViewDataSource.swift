import WaterfallLayout

/// What a ``CollectionView`` shows: how many sections and items, and the cell for
/// each item (dequeued from the view), after `UICollectionViewDataSource`.
///
/// The view holds its data source weakly (as UIKit does): keep it alive yourself,
/// for as long as the view shows it.
///
/// ```swift
/// final class Notes: CollectionViewDataSource {
///   var notes: [String] = []
///   func collectionView(_ view: CollectionView, numberOfItemsInSection section: Int) -> Int {
///     notes.count
///   }
///   func collectionView(_ view: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
///     let cell = view.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
///     cell.text = notes[indexPath.item]
///     return cell
///   }
/// }
/// ```
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections; 1 unless implemented.
  func numberOfSections(in collectionView: CollectionView) -> Int
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// A configured cell for the item, taken from
  /// ``CollectionView/dequeueReusableCell(withIdentifier:for:)``.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell
  /// A configured cell for a section's header or footer, or `nil` to draw none;
  /// `nil` unless implemented.
  func collectionView(_ collectionView: CollectionView, viewForSupplementary kind: ElementKind, inSection section: Int)
    -> Cell?
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementary kind: ElementKind, inSection section: Int
  ) -> Cell? { nil }
}

/// How a ``CollectionView`` sizes its items and tells about what happens, after
/// `UICollectionViewDelegate`. Every method has a default.
public protocol CollectionViewDelegate: AnyObject {
  /// The size of an item given the width the layout gives it; 3 rows unless
  /// implemented.
  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize
  /// The size of an item given the height a horizontal flow gives it.
  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, height: Int) -> ItemSize
  /// The sizes of many items at once, in order (`LayoutSource.forEachSize`, asked
  /// when many items are laid out); by default an item at a time.
  func collectionView(
    _ collectionView: CollectionView, forEachSizeOfItems items: Range<Int>, inSection section: Int, across: Int,
    direction: ScrollDirection, _ body: (ItemSize) -> Void)
  /// The selection moved to `indexPath`.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The content offset changed.
  func collectionViewDidScroll(_ collectionView: CollectionView)
  /// `cell` is about to be shown for `indexPath`.
  func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath)
  /// `cell` left the visible rect and went back to the pool.
  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int)
    -> ItemSize
  { .height(3) }
  /// By default the answer for a width of `height`: the vertical flow turned.
  public func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, height: Int)
    -> ItemSize
  { self.collectionView(collectionView, sizeForItemAt: indexPath, width: height) }
  public func collectionView(
    _ collectionView: CollectionView, forEachSizeOfItems items: Range<Int>, inSection section: Int, across: Int,
    direction: ScrollDirection, _ body: (ItemSize) -> Void
  ) {
    for item in items {
      let indexPath = IndexPath(item: item, section: section)
      body(
        direction == .vertical
          ? self.collectionView(collectionView, sizeForItemAt: indexPath, width: across)
          : self.collectionView(collectionView, sizeForItemAt: indexPath, height: across))
    }
  }
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionViewDidScroll(_ collectionView: CollectionView) {}
  public func collectionView(_ collectionView: CollectionView, willDisplay cell: Cell, forItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath
  ) {}
}
