import TestSupport
import Testing
import WaterfallLayout
@testable import WaterfallView

/// A cell counting its `prepareForReuse` calls.
final class CountingCell: TextCell {
  var prepared = 0
  override func prepareForReuse() {
    super.prepareForReuse()
    prepared += 1
  }
}

final class CountingSource: CollectionViewDataSource, CollectionViewDelegate {
  let count: Int
  /// Every distinct cell the view was given, by identity.
  var cells: [ObjectIdentifier: CountingCell] = [:]
  /// How many times a cell left the screen (and went back to the pool).
  var ended = 0
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
    let cell = collectionView.dequeueReusableCell(withIdentifier: "card", for: indexPath) as! CountingCell
    cell.text = "Item \(indexPath.item)"
    cells[ObjectIdentifier(cell)] = cell
    return cell
  }
  func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: Cell, forItemAt indexPath: IndexPath) {
    ended += 1
  }
  func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
    .height(4 + (indexPath.item * 7919) % 9)
  }
}

@Suite struct ReuseTests {
  /// The view holds its data source and delegate weakly (as documented): the
  /// caller keeps them alive, and a view never keeps its owner alive.
  @Test func dataSourceAndDelegateAreHeldWeakly() {
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: 20, height: 10), layout: WaterfallLayout(columnCount: 2))
    view.register(CountingCell.self, forCellWithReuseIdentifier: "card")
    weak var gone: CountingSource?
    do {
      let source = CountingSource(count: 5)
      gone = source
      view.dataSource = source
      view.delegate = source
      view.reloadData()
      #expect(view.numberOfItems == 5)
    }
    #expect(gone == nil)
    #expect(view.dataSource == nil && view.delegate == nil)
    view.reloadData()
    #expect(view.numberOfItems == 0)
  }

  @Test func scrollingAHundredThousandItemsRowByRowCreatesOnlyWhatIsVisible() {
    let source = CountingSource(count: 100_000)
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: 60, height: 20), layout: WaterfallLayout(columnCount: 3, columnSpacing: 1))
    view.register(CountingCell.self, forCellWithReuseIdentifier: "card")
    view.dataSource = source
    view.delegate = source
    view.reloadData()
    var mostVisible = 0
    var identities: [IndexPath: ObjectIdentifier] = [:]
    var keptIdentity = true
    while true {
      view.layoutSubviews()
      let cells = view.visibleCells
      mostVisible = max(mostVisible, cells.count)
      var next: [IndexPath: ObjectIdentifier] = [:]
      for cell in cells {
        let id = ObjectIdentifier(cell)
        if let before = identities[cell.indexPath!], before != id { keptIdentity = false }
        next[cell.indexPath!] = id
      }
      identities = next
      if view.contentOffset == view.maximumContentOffset { break }
      view.scroll(byRows: 1)
    }
    let pool = view.reusePool
    #expect(pool.createdCount <= mostVisible + 3, "most visible at once: \(mostVisible)")
    #expect(pool.createdCount == source.cells.count)
    #expect(pool.createdCount + pool.reusedCount >= 100_000, "every item was shown once at least")
    #expect(keptIdentity, "a cell that stays visible keeps its identity")
    #expect(view.indexPathsForVisibleItems.contains(IndexPath(item: 99_999)))
    // Every cell that left was reused, but for the few that left last and wait.
    #expect(source.ended > 99_000)
    #expect(pool.reusedCount == source.ended - pool.waitingCount)
    #expect(pool.waitingCount + view.visibleCells.count == pool.createdCount, "no cell is lost or kept twice")
    // Every reuse ran prepareForReuse, once.
    #expect(source.cells.values.reduce(0) { $0 + $1.prepared } == pool.reusedCount)
  }

  @Test func prepareForReuseRunsOnEachReuse() {
    let pool = ReusePool()
    pool.register(CountingCell.self, forReuseIdentifier: "c")
    let a = pool.dequeue("c") as! CountingCell
    #expect(a.prepared == 0)
    pool.enqueue(a)
    let b = pool.dequeue("c") as! CountingCell
    #expect(a === b)
    #expect(b.prepared == 1)
    #expect(pool.createdCount == 1 && pool.reusedCount == 1)
  }

  @Test func delegateHearsOfSelectionAndScrollingOncePerChange() {
    let fixture = Fixture(heights: Array(repeating: 5, count: 50), frame: Rect(x: 0, y: 0, width: 30, height: 10), layout: WaterfallLayout(columnCount: 2))
    fixture.view.selectItem(at: IndexPath(item: 6))  // rows 15..<20: scrolls to 10
    fixture.view.selectItem(at: IndexPath(item: 6))
    fixture.view.selectItem(at: IndexPath(item: 99))  // no such item: nothing selected
    #expect(fixture.selections == [IndexPath(item: 6)])
    #expect(fixture.view.selectedIndexPath == nil)
    fixture.view.setContentOffset(10)  // unchanged
    fixture.view.setContentOffset(-3)
    fixture.view.scroll(byRows: -1)  // clamped: unchanged
    #expect(fixture.scrolls == [10, 0])
  }

  @Test func displayCallbacksBalance() {
    let fixture = Fixture(heights: Array(repeating: 5, count: 50), frame: Rect(x: 0, y: 0, width: 30, height: 10), layout: WaterfallLayout(columnCount: 2))
    fixture.view.layoutSubviews()
    #expect(fixture.displayed == 4)
    fixture.view.scroll(byRows: 12)
    fixture.view.layoutSubviews()
    #expect(fixture.displayed - fixture.ended == fixture.view.visibleCells.count)
  }
}

@Suite struct DrawingTests {
  func threeColumns(height: Int = 12) -> Fixture {
    let titles = ["Mug", "Teapot with a long name", "Lamp", "Chair", "Desk", "Rug", "Vase", "Clock"]
    let heights = [4, 6, 3, 5, 4, 3, 5, 4]
    return Fixture(
      sections: [zip(titles, heights).map { ($0, $1) }],
      frame: Rect(x: 0, y: 0, width: 40, height: height),
      layout: WaterfallLayout(columnCount: 3, columnSpacing: 1))
  }

  @Test func threeColumnWaterfallAt40x12() {
    let fixture = threeColumns()
    expectScreen(fixture.render(), equals: """
      ┌──────────┐ ┌──────────┐ ┌──────────┐
      │Mug       │ │Teapot    │ │Lamp      │
      │          │ │with a    │ └──────────┘
      └──────────┘ │long name │ ┌──────────┐
      ┌──────────┐ │          │ │Chair     │
      │Desk      │ └──────────┘ │          │
      │          │ ┌──────────┐ │          │
      └──────────┘ │Rug       │ └──────────┘
      ┌──────────┐ └──────────┘ ┌──────────┐
      │Vase      │              │Clock     │
      │          │              │          │
      │          │              └──────────┘
      """)
  }

  @Test func cardsCrossingTheEdgesAreClippedAsIfSlidingUnder() {
    let fixture = threeColumns(height: 6)
    fixture.view.setContentOffset(2)
    // Rows 2..<8: Mug and Teapot lose their top edges, Lamp its top two rows;
    // Desk, Chair and Rug lose their bottoms.
    expectScreen(fixture.render(), equals: """
      │          │ │with a    │ └──────────┘
      └──────────┘ │long name │ ┌──────────┐
      ┌──────────┐ │          │ │Chair     │
      │Desk      │ └──────────┘ │          │
      │          │ ┌──────────┐ │          │
      └──────────┘ │Rug       │ └──────────┘
      """)
  }

  @Test func theSelectedCardHasHeavyBoldLines() {
    let fixture = threeColumns(height: 5)
    fixture.view.selectItem(at: IndexPath(item: 1))
    expectScreen(fixture.render(), equals: """
      ┌──────────┐ ┏━━━━━━━━━━┓ ┌──────────┐
      │Mug       │ ┃Teapot    ┃ │Lamp      │
      │          │ ┃with a    ┃ └──────────┘
      └──────────┘ ┃long name ┃ ┌──────────┐
      ┌──────────┐ ┃          ┃ │Chair     │
      """)
    let buffer = CellBuffer(width: 40, height: 5)
    fixture.view.draw(in: buffer)
    #expect(buffer.style(x: 13, y: 0).attributes.contains(.bold))
    #expect(buffer.style(x: 14, y: 1).attributes.contains(.bold), "the title is bold too")
    #expect(!buffer.style(x: 0, y: 0).attributes.contains(.bold))
    #expect(buffer.style(x: 13, y: 0).foreground == CardTheme.unicode.selectedBorderStyle.foreground)
    #expect(buffer.style(x: 13, y: 0).foreground != buffer.style(x: 0, y: 0).foreground, "and in its own colour")
    #expect(fixture.view.cellForItem(at: IndexPath(item: 1))?.isSelected == true)
  }

  @Test func asciiCardsWhenTheLocaleIsNotUTF8() {
    let fixture = threeColumns(height: 5)
    fixture.theme = CardTheme.automatic(colors: true, utf8: false)
    fixture.view.reloadData()
    fixture.view.selectItem(at: IndexPath(item: 1))
    expectScreen(fixture.render(), equals: """
      +----------+ #==========# +----------+
      |Mug       | #Teapot    # |Lamp      |
      |          | #with a    # +----------+
      +----------+ #long name # +----------+
      +----------+ #          # |Chair     |
      """)
    #expect(CardTheme.automatic(colors: true, utf8: true) == .unicode)
    #expect(CardTheme.automatic(colors: false, utf8: false) == CardTheme.ascii.withoutColors)
  }

  @Test func cjkAndEmojiTitlesCutAtAnEdge() {
    let fixture = Fixture(
      sections: [[("价格便宜的茶壶", 3), ("😀😀😀😀😀😀", 3), ("a价b格c", 3)]],
      frame: Rect(x: 0, y: 0, width: 30, height: 3), layout: WaterfallLayout(columnCount: 3))
    let text = fixture.render()
    #expect(text == """
      ┌────────┐┌────────┐┌────────┐
      │价格便… ││😀😀😀… ││a价b格c │
      └────────┘└────────┘└────────┘
      """)
    let buffer = CellBuffer(width: 30, height: 3)
    fixture.view.draw(in: buffer)
    #expect(buffer.lines.allSatisfy { DisplayText.width(of: $0) == 30 })
  }

  @Test func aHostileTitleIsShownAndControlsNothing() {
    let fixture = Fixture(
      sections: [[("A\u{1B}[2J\r\u{08}\u{07}\u{1B}]0;pwn\u{07}Z", 4), ("ok", 4)]],
      frame: Rect(x: 0, y: 0, width: 40, height: 4), layout: WaterfallLayout(columnCount: 2))
    expectScreen(fixture.render(), equals: """
      ┌──────────────────┐┌──────────────────┐
      │A␛␍␈␇␛Z           ││ok                │
      │                  ││                  │
      └──────────────────┘└──────────────────┘
      """)
  }

  @Test func stickyHeaderIsDrawnOverTheCardsSlidingUnder() {
    let fixture = Fixture(
      sections: [[("One", 4), ("Two", 4)], [("Three", 4)]],
      frame: Rect(x: 0, y: 0, width: 20, height: 4),
      layout: WaterfallLayout(columnCount: 1, headerHeight: 1, pinsHeaders: true),
      headers: ["Fruit", "Tools"])
    fixture.view.setContentOffset(3)
    expectScreen(fixture.render(), equals: """
       Fruit
      └──────────────────┘
      ┌──────────────────┐
      │Two               │
      """)
    // Section 0 ends at row 9, where "Tools" starts: "Fruit" is pushed up by it.
    fixture.view.setContentOffset(8)
    expectScreen(fixture.render(), equals: """
       Fruit
       Tools
      ┌──────────────────┐
      │Three             │
      """)
    fixture.view.setContentOffset(10)
    expectScreen(fixture.render(), equals: """
       Tools
      │Three             │
      │                  │
      └──────────────────┘
      """)
  }

  @Test func stickyHeaderIsPushedUpAndOffTheTopByTheNextOne() {
    let fixture = Fixture(
      sections: [[("One", 4), ("Two", 4)], [("Three", 4), ("Four", 4)]],
      frame: Rect(x: 0, y: 0, width: 20, height: 5),
      layout: WaterfallLayout(columnCount: 1, headerHeight: 2, pinsHeaders: true),
      headers: ["Fruit", "Tools"])
    // Section 0 spans rows 0..<10 (header 0..<2); "Tools" starts at row 10. A
    // bar's title is on its lower row.
    fixture.view.setContentOffset(8)
    expectScreen(fixture.render(), equals: """

       Fruit

       Tools
      ┌──────────────────┐
      """)
    // One row further, "Tools" would overlap a "Fruit" pinned at the top edge, so
    // it pushes "Fruit" up: its upper row is above the edge, its title on row 0.
    fixture.view.setContentOffset(9)
    expectScreen(fixture.render(), equals: """
       Fruit

       Tools
      ┌──────────────────┐
      │Three             │
      """)
    fixture.view.setContentOffset(10)
    expectScreen(fixture.render(), equals: """

       Tools
      ┌──────────────────┐
      │Three             │
      │                  │
      """)
  }
}
