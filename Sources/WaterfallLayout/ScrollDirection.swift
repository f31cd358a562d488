/// The direction a collection scrolls in, after `UICollectionView.ScrollDirection`.
///
/// A vertical waterfall flows cards into the shortest column and scrolls down; a
/// horizontal one flows them into the shortest row and scrolls right. A layout that
/// scrolls horizontally computes its frames as a vertical one would with the axes
/// swapped (``Rect/transposed``), so every rule (spacing, insets, headers, the
/// shortest-first order, navigation) holds the same way turned a quarter.
///
/// ```swift
/// let layout = WaterfallLayout(columnCount: 3, scrollDirection: .horizontal)
/// layout.prepare(size: Size(width: 80, height: 24), source: FixedLayoutSource(heights: [20, 30]))
/// layout.contentSize   // 30 wide, 24 tall: three rows of 8
/// ```
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
  case vertical, horizontal
}
