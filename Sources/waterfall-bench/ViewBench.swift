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

  static func run(into report: inout Report, quick: Bool) {
    var stepAt1k = Double.nan
    for count in quick ? [1_000, 100_000] : [1_000, 1_000_000] {
      let source = Source(count: count)
      let view = CollectionView(
        frame: Rect(x: 0, y: 0, width: 200, height: 60),
        layout: WaterfallLayout(columnCount: 6, columnSpacing: 1, rowSpacing: 0))
      view.register(TextCell.self, forCellWithReuseIdentifier: "text")
      view.dataSource = source
      view.delegate = source
      view.reloadData()
      let buffer = CellBuffer(width: 200, height: 60)
      view.setContentOffset(view.maximumContentOffset / 2)
      view.draw(in: buffer)
      let steps = 400
      var samples: [Double] = []
      let clock = ContinuousClock()
      for _ in 0..<5 {
        samples.append(Measure.seconds(clock.measure {
          for _ in 0..<steps {
            view.scroll(byRows: 1)
            view.layoutSubviews()
            view.draw(in: buffer)
          }
        }) / Double(steps))
      }
      let step = Measure.percentile(samples, 50)
      if count == 1_000 { stepAt1k = step }
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
      if count != 1_000 {
        report.add("view.step.flat", "scroll step at \(label) / at 1k", step / stepAt1k, "x", aim: "flat (< 1.5x)",
                   met: step / stepAt1k < 1.5)
      }
    }
  }
}
