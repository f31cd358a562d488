import Testing
import WaterfallLayout
import WaterfallView

@testable import WaterfallApp

/// The card sizes a layout asks for many items at once are those it would ask
/// an item at a time: measured, from the heights measured ahead, and for
/// layouts that give every card its size.
@Suite struct CardSizesBatchTests {
  static func sizes(_ source: CardDataSource, _ view: CollectionView, items: Range<Int>, across: Int, direction: ScrollDirection)
    -> (batch: [ItemSize], single: [ItemSize])
  {
    var batch: [ItemSize] = []
    source.collectionView(view, forEachSizeOfItems: items, inSection: 0, across: across, direction: direction) { batch.append($0) }
    let single = items.map { item in
      let indexPath = IndexPath(item: item, section: 0)
      return direction == .vertical
        ? source.collectionView(view, sizeForItemAt: indexPath, width: across)
        : source.collectionView(view, sizeForItemAt: indexPath, height: across)
    }
    return (batch, single)
  }

  @Test func aBatchOfSizesIsTheSizesOneByOne() {
    let store = Fixture.store(300)
    let source = CardDataSource(store: store, theme: .unicode)
    _ = source.add(0..<store.count)
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: 80, height: 20), layout: WaterfallLayout())
    for direction in [ScrollDirection.vertical, .horizontal] {
      let (batch, single) = Self.sizes(source, view, items: 10..<250, across: 24, direction: direction)
      #expect(batch == single && batch.count == 240, "\(direction)")
    }
    // Heights measured ahead at this width, some of them only.
    source.interimHeights = (width: 30, heights: (0..<200).map { UInt16(3 + $0 % 7) })
    let (batch, single) = Self.sizes(source, view, items: 150..<300, across: 30, direction: .vertical)
    #expect(batch == single)
    #expect(batch.first == ItemSize.height(3 + 150 % 7), "an interim height")
    source.kind = LayoutKind.list
    let list = Self.sizes(source, view, items: 0..<50, across: 30, direction: .vertical)
    #expect(list.batch == list.single && list.batch.allSatisfy { $0 == ItemSize.height(1) })
  }
}
