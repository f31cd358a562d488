import WaterfallWorkers

/// Sorting the store's items in an order, as a job a ``Worker`` runs: keys
/// never wait for a sort, and a newer sort stops an older one.
///
/// ```swift
/// let sorts = Worker<SortJob.Result>(name: "sort", mode: mode)
/// sorts.start(SortJob(order: SortOrder(field: "price"), texts: store.itemTexts).run)
/// // later, when woken:
/// if let done = sorts.takeLast() { show(done.items) }
/// ```
struct SortJob: Sendable {
  /// A finished sort: the order, and the store indices in it.
  struct Result: Sendable, Equatable {
    var order: SortOrder
    var items: [Int]
    /// Which cards add the sort field's line (none for the data's order).
    var lines: SortFieldLines?
  }

  var order: SortOrder
  var texts: ItemTexts
  /// The cards, to find which show the field already; none: no lines are found.
  var cards: CardSnapshot?
  /// The fields the cards show in their own places (title, subtitle, …).
  var shownInPlace: Set<String> = []

  /// Sorts (``Sorter``, its passes on the worker's helpers), finds which
  /// cards add the sort field's line (``SortFieldLines``), and delivers the
  /// result, unless stopped first.
  func run(on job: WorkerJob<Result>) {
    guard let items = Sorter.sorted(texts, by: order, parallelism: job.parallelism, shouldStop: { job.isCancelled })
    else { return }
    var lines: SortFieldLines?
    if let field = order.field, let cards {
      lines = SortFieldLines.find(
        field: field, texts: texts, cards: cards, shownInPlace: shownInPlace, parallelism: job.parallelism
      ) { job.isCancelled }
      guard lines != nil else { return }
    }
    job.deliver(Result(order: order, items: items, lines: lines))
  }
}
