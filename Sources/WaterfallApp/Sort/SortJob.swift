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
  }

  var order: SortOrder
  var texts: ItemTexts

  /// Sorts (``Sorter``, its passes on the worker's helpers) and delivers the
  /// result, unless stopped first.
  func run(on job: WorkerJob<Result>) {
    guard let items = Sorter.sorted(texts, by: order, parallelism: job.parallelism, shouldStop: { job.isCancelled })
    else { return }
    job.deliver(Result(order: order, items: items))
  }
}
