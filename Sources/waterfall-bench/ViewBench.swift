import WaterfallLayout
import WaterfallView

/// The viewport's figures: one scroll step (layout pass and drawing a 200x60
/// buffer) at 1k and 1M items, down a vertical waterfall and along a horizontal
/// one, and the cells alive after scrolling through all.
struct ViewBench {
  final class Source: CollectionViewDataSource, CollectionViewDelegate {
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> Cell {
      let cell = collectionView.dequeueReusableCell(withIdentifier: "text", for: indexPath) as! TextCell
      cell.text = "Item \(indexPath.item): a card with a title long enough to wrap"
      return cell
    }
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, width: Int) -> ItemSize {
      .height(5 + (indexPath.item &* 7919) % 9)
    }
    /// In a horizontal flow: a width of 14 to 30 columns.
    func collectionView(_ collectionView: CollectionView, sizeForItemAt indexPath: IndexPath, height: Int) -> ItemSize {
      .height(14 + (indexPath.item &* 7919) % 17)
    }
  }

  /// A view scrolling one row (column, when horizontal) per step, turning back at
  /// either end so that every step moves.
  final class Scroller {
    let view: CollectionView
    /// Held here: the view holds its data source weakly.
    let source: Source
    let buffer = CellBuffer(width: 200, height: 60)
    var direction = 1

    /// Six columns of cards 5-13 rows tall, or six rows of cards 14-30 columns wide.
    init(count: Int, scrollDirection: ScrollDirection = .vertical) {
      source = Source(count: count)
      view = CollectionView(
        frame: Rect(x: 0, y: 0, width: 200, height: 60),
        layout: WaterfallLayout(columnCount: 6, columnSpacing: 1, rowSpacing: 0, scrollDirection: scrollDirection))
      view.register(TextCell.self, forCellWithReuseIdentifier: "text")
      view.dataSource = source
      view.delegate = source
      view.reloadData()
      view.scroll(alongBy: view.distanceToEnd / 2)
      view.draw(in: buffer)
    }

    /// One scroll step: a row (or column), the layout pass, and drawing the whole view.
    func step() {
      let along = view.isHorizontal ? view.scrollOffset.x : view.scrollOffset.y
      if view.distanceToEnd - direction < 0 || along + direction < 0 {
        direction = -direction
      }
      view.scroll(alongBy: direction)
      view.layoutSubviews()
      view.draw(in: buffer)
    }
  }

  /// Scroll steps at 1k and at 1m items, measured in turns (10 rounds of 8 batches
  /// of 5 steps each, the figure being the median batch) so that both sizes see the
  /// same load and a preemption spoils a batch, not the figure. Then the cells
  /// created while scrolling through everything.
  static func run(into report: inout Report, quick: Bool) {
    let counts = quick ? [1_000, 100_000] : [1_000, 1_000_000]
    // Vertical at each count, then horizontal at each: measured in the same turns.
    let scrollers = counts.map { Scroller(count: $0) } + counts.map { Scroller(count: $0, scrollDirection: .horizontal) }
    var samples = [[Double]](repeating: [], count: scrollers.count)
    let clock = ContinuousClock()
    for _ in 0..<10 {
      for (index, scroller) in scrollers.enumerated() {
        for _ in 0..<8 {
          let elapsed = clock.measure {
            for _ in 0..<5 { scroller.step() }
          }
          samples[index].append(Measure.seconds(elapsed) / 5)
        }
      }
    }
    let stepAt1k = Measure.percentile(samples[0], 50)
    for (index, count) in counts.enumerated() {
      let view = scrollers[index].view
      let step = Measure.percentile(samples[index], 50)
      let label = LayoutBench.label(count)
      report.add("view.step.\(label)", "scroll step at \(label) items (layout + draw 200x60)", step * 1e6, "µs",
                 aim: "< 200 µs", met: step < 200e-6)
      // Scroll through everything, half a screen at a time.
      view.setContentOffset(0)
      var most = 0
      while true {
        view.layoutSubviews()
        most = max(most, view.visibleCells.count)
        if view.contentOffset >= view.maximumContentOffset { break }
        view.scroll(byRows: 30)
      }
      report.add("view.cells.\(label)", "cells created scrolling all \(label) items (most visible \(most))",
                 Double(view.reusePool.createdCount), "cells", aim: "≤ most visible + columns",
                 met: view.reusePool.createdCount <= most + 6)
      if index > 0 {
        report.add("view.step.flat", "scroll step at \(label) / at 1k", step / stepAt1k, "x", aim: "flat (< 1.5x)",
                   met: step / stepAt1k < 1.5)
      }
    }
    let horizontal = scrollers[scrollers.count - 1]
    let label = LayoutBench.label(counts[counts.count - 1])
    let sideways = Measure.percentile(samples[scrollers.count - 1], 50)
    let sidewaysAt1k = Measure.percentile(samples[counts.count], 50)
    report.add("view.hstep.\(label)", "horizontal scroll step at \(label) items (layout + draw 200x60)", sideways * 1e6, "µs",
               aim: "< 200 µs", met: sideways < 200e-6)
    report.add("view.hstep.flat", "horizontal scroll step at \(label) / at 1k", sideways / sidewaysAt1k, "x",
               aim: "flat (< 1.5x)", met: sideways / sidewaysAt1k < 1.5)
    // Along everything, half a screen at a time.
    let view = horizontal.view
    view.setScrollOffset(.zero)
    var most = 0
    while true {
      view.layoutSubviews()
      most = max(most, view.visibleCells.count)
      if view.distanceToEnd == 0 { break }
      view.scroll(alongBy: 100)
    }
    report.add("view.hcells.\(label)", "cells created scrolling all \(label) items sideways (most visible \(most))",
               Double(view.reusePool.createdCount), "cells", aim: "≤ most visible + rows",
               met: view.reusePool.createdCount <= most + 6)
  }
}
