import WaterfallWorkers

/// Measuring every card at the widths the next `+`, `-` or `z` would give, as
/// a job a ``Worker`` runs while the user looks, so those keys find the heights
/// known (``CardHeights``) and lay a million cards out without wrapping any text.
///
/// Each width's table is delivered as it is done; a newer job stops an older one.
///
/// ```swift
/// heights.start(HeightsJob(widths: [30, 48], cards: store.cardSnapshot, store: ObjectIdentifier(store)).run)
/// // later, on the main thread:
/// for result in heights.take() { store.installHeights(result.heights, width: result.width) }
/// ```
struct HeightsJob: Sendable {
  /// One width's heights, for the store they were measured for.
  struct Result: Sendable {
    var store: ObjectIdentifier
    var width: Int
    var heights: [UInt16]
  }

  var widths: [Int]
  var cards: CardSnapshot
  var store: ObjectIdentifier

  /// Measures the cards at each width in turn, on the worker's one thread.
  func run(on job: WorkerJob<Result>) {
    for width in widths {
      guard let heights = cards.heights(width: width, shouldStop: { job.isCancelled }) else { return }
      job.deliver(Result(store: store, width: width, heights: heights))
    }
  }
}
