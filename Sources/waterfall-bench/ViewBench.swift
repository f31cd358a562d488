import WaterfallLayout
import WaterfallView

/// The viewport's figures: one scroll step (layout pass and drawing a 200x60
/// buffer) at 1k and 1M items, and the cells alive after scrolling through all.
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
  }

  /// A view scrolling one row per step, turning back at either end so that every
  /// step moves.
  final class Scroller {
    let view: CollectionView
    /// Held here: the view holds its data source weakly.
    let source: Source
    let buffer = CellBuffer(width: 200, height: 60)
    var direction = 1

    init(count: Int) {
      source = Source(count: count)
      view = CollectionView(
        frame: Rect(x: 0, y: 0, width: 200, height: 60),
        layout: WaterfallLayout(columnCount: 6, columnSpacing: 1, rowSpacing: 0))
      view.register(TextCell.self, forCellWithReuseIdentifier: "text")
      view.dataSource = source
      view.delegate = source
      view.reloadData()
      view.setContentOffset(view.maximumContentOffset / 2)
      view.draw(in: buffer)
    }

    /// One scroll step: a row, the layout pass, and drawing the whole view.
    func step() {
      if view.contentOffset + direction > view.maximumContentOffset || view.contentOffset + direction < 0 {
        direction = -direction
      }
      view.scroll(byRows: direction)
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
    let scrollers = counts.map { Scroller(count: $0) }
    var samples = [[Double]](repeating: [], count: counts.count)
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
  }
}
