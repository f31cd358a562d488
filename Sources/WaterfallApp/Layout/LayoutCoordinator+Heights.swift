import WaterfallLayout

/// Measuring cards ahead: after each change of layout, the cards' heights at
/// the widths `+`, `-` and `z` would give are measured on a worker
/// (``HeightsJob``), so that at a million cards those keys answer without
/// wrapping any text on the main thread.
extension LayoutCoordinator {
  /// Starts measuring the cards at the widths the next column or size key
  /// would give, if the cards are many and the layout is the vertical waterfall.
  func prefetchHeights() {
    guard hasWorkers, options.layout == .waterfall, !policy.isHorizontal,
      options.parameters.groupColumns.isEmpty, store.count >= configuration.prefetchThreshold
    else {
      heightsWorker.cancel()
      return
    }
    let current = itemWidth(for: policy)
    var neighbours: [LayoutPolicy] = []
    for change in [1, -1] {
      var next = policy
      next.options.columns = min(max(columns + change, LayoutPolicy.columnRange.lowerBound), LayoutPolicy.columnRange.upperBound)
      neighbours.append(next)
    }
    var sized = policy
    sized.options.largeCards.toggle()
    neighbours.append(sized)
    var widths: [Int] = []
    for next in neighbours {
      let width = itemWidth(for: next)
      if width > 0, width != current, !widths.contains(width), store.knownHeightCount(width: width) < store.count {
        widths.append(width)
      }
    }
    prefetchWidths = widths
    let known = widths.map { store.knownHeights(width: $0) }
    let job = HeightsJob(
      widths: widths, known: known, cards: store.cardSnapshot, store: ObjectIdentifier(store), awaited: configuration.awaitedWork)
    heightsWorker.start(job.run(on:))
  }

  /// The width of a card in the waterfall `policy` makes, in a view of
  /// `viewSize` (by default, the view's).
  func itemWidth(for policy: LayoutPolicy, viewSize: Size? = nil) -> Int {
    policy.cardWidth(in: viewSize ?? view.frame.size)
  }

  /// Takes in the heights measured ahead; returns how many tables (widths) came.
  @discardableResult
  func takePrefetchedHeights() -> Int {
    let results = heightsWorker.take()
    for result in results where result.store == ObjectIdentifier(store) {
      store.installHeights(result.heights, width: result.width)
    }
    if !results.isEmpty, loading == .done { returnFreedMemory() }
    return results.count
  }

  /// Gives the memory the load freed back to the system (``HeapTrim``), on the
  /// heights worker after the job it has: once the whole load is in, and again
  /// once the heights measured ahead are.
  func returnFreedMemory() {
    guard hasWorkers else { return }
    heightsWorker.enqueue { _ in HeapTrim.returnFreePages() }
  }

  /// Whether measured heights wait to be taken.
  var prefetchHasResults: Bool { heightsWorker.hasOutput }
}
