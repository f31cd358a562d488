import WaterfallWorkers

/// Measuring every card at the widths the next `+`, `-` or `z` would give, as
/// a job a ``Worker`` runs while the user looks, so those keys find the heights
/// known (``CardHeights``) and lay a million cards out without wrapping any text.
///
/// The widths are measured in one pass over the cards, each card read once
/// (from its item's text, ``PackedCards``), and the heights known already
/// (`known`, by width) are kept, not measured again; a newer job stops an older one.
///
/// ```swift
/// let job = HeightsJob(widths: [30, 48], known: [nil, nil], cards: store.cardSnapshot, store: ObjectIdentifier(store))
/// heights.start(job.run)
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
  /// The heights known at each width when the job was made (nil: none).
  var known: [[UInt16]?]
  var cards: CardSnapshot
  var store: ObjectIdentifier
  /// Work someone waits for, which the measuring steps aside for between batches.
  var awaited: AwaitedWork?

  /// Measures the cards at every width, on the worker's one thread.
  func run(on job: WorkerJob<Result>) {
    let stop = {
      if job.rests { awaited?.waitWhileUnderWay { job.pause(nanoseconds: $0) } }
      return job.isCancelled
    }
    guard let tables = cards.heights(widths: widths, known: known, shouldStop: stop) else { return }
    for (width, heights) in zip(widths, tables) { job.deliver(Result(store: store, width: width, heights: heights)) }
  }
}
