import WaterfallWorkers

/// The passes over the store's texts that the field picker (`s`, `F`) and the
/// frequency sheet need, each on a ``Worker`` of its own, so a key never waits
/// on them: the fields seen (``FieldSurvey``) and one field's values
/// (``FrequencyTable``).
///
/// A survey is kept for the store and the item count it was made for, and
/// made again only when the store changed or grew. A newer request stops the
/// pass under way. While a pass runs, ``progress`` says how far it is, for the
/// status bar (`reading the fields 45%`).
///
/// ```swift
/// let passes = FieldPasses(mode: .stepped)
/// passes.survey(of: store)          // nil: started on the worker
/// passes.runPending()
/// passes.takeSurvey()?.fields       // the fields, kinds and counts
/// ```
final class FieldPasses {
  /// A survey made, and what it was made of.
  struct Survey: Sendable {
    var survey: FieldSurvey
    var store: ObjectIdentifier
    var count: Int
  }

  /// A field's counts made, and the request they answer.
  struct Counts: Sendable {
    var table: FrequencyTable
    var request: Int
  }

  let surveyWorker: Worker<Survey>
  let countsWorker: Worker<Counts>
  /// The last survey taken in.
  private(set) var lastSurvey: Survey?
  /// The survey asked for and not yet taken in: its store and count.
  private var surveying: (store: ObjectIdentifier, count: Int)?
  /// The counts asked for and not yet taken in.
  private var counting: Int?
  private var requests = 0

  init(mode: WorkerMode) {
    surveyWorker = Worker(name: "fields", mode: mode, priority: .lowered)
    countsWorker = Worker(name: "counts", mode: mode, priority: .lowered)
  }

  /// The survey of every item of `store`, when one was made of it as it is
  /// now; otherwise nil, and one is started (unless it is under way).
  func survey(of store: ItemStore) -> FieldSurvey? {
    let id = ObjectIdentifier(store)
    if let lastSurvey, lastSurvey.store == id, lastSurvey.count == store.count { return lastSurvey.survey }
    if let surveying, surveying.store == id, surveying.count == store.count { return nil }
    surveying = (id, store.count)
    let texts = store.itemTexts
    let count = store.count
    surveyWorker.start { job in
      let progress = Progress(total: count)
      guard let survey = FieldSurvey(texts: texts, items: 0..<count, shouldStop: progress.asking(job)) else { return }
      job.deliver(Survey(survey: survey, store: id, count: count))
    }
    return nil
  }

  /// Starts counting the values of `field` among `items` of `store` (nil:
  /// every item), stopping a count under way.
  func countValues(of field: String, in store: ItemStore, items: [Int]?) {
    requests += 1
    let request = requests
    counting = request
    let texts = store.itemTexts
    let count = store.count
    countsWorker.start { job in
      let progress = Progress(total: items?.count ?? count)
      let table =
        if let items {
          FrequencyTable(field: field, texts: texts, items: items, shouldStop: progress.asking(job))
        } else {
          FrequencyTable(field: field, texts: texts, items: 0..<count, shouldStop: progress.asking(job))
        }
      guard let table else { return }
      job.deliver(Counts(table: table, request: request))
    }
  }

  /// Stops the count under way; its table will not be taken in.
  func cancelCounts() {
    countsWorker.cancel()
    counting = nil
  }

  /// The survey finished since the last call, if it is the one asked for last.
  func takeSurvey() -> FieldSurvey? {
    guard let done = surveyWorker.takeLast(), let surveying, done.store == surveying.store, done.count == surveying.count
    else { return nil }
    self.surveying = nil
    lastSurvey = done
    return done.survey
  }

  /// The counts finished since the last call, if they are the ones asked for last.
  func takeCounts() -> FrequencyTable? {
    guard let done = countsWorker.takeLast(), done.request == counting else { return nil }
    counting = nil
    return done.table
  }

  /// The status bar's word on a pass under way: "reading the fields 45%".
  var progress: String? {
    if counting != nil { return "counting \(countsWorker.progress)%" }
    if surveying != nil { return "reading the fields \(surveyWorker.progress)%" }
    return nil
  }

  /// How far the pass under way is, as the boxes say it: "45%".
  var percent: String? {
    if counting != nil { return "\(countsWorker.progress)%" }
    if surveying != nil { return "\(surveyWorker.progress)%" }
    return nil
  }

  /// Whether a pass is under way.
  var isBusy: Bool { surveying != nil || counting != nil }

  /// Whether a finished pass waits to be taken in.
  var hasResults: Bool { surveyWorker.hasOutput || countsWorker.hasOutput }

  /// Whether a stepped worker holds a pass not yet run.
  var hasPending: Bool { surveyWorker.hasPending || countsWorker.hasPending }

  /// Runs the passes waiting (stepped workers), here.
  func runPending() {
    surveyWorker.runPending()
    countsWorker.runPending()
  }

  /// Counts the batches a pass has read, for its progress: the `shouldStop`
  /// a pass asks before each batch of ``ItemTexts/batchSize`` items.
  private final class Progress: @unchecked Sendable {
    // @unchecked: used by the one thread that runs the pass.
    let total: Int
    var batches = 0

    init(total: Int) { self.total = total }

    func asking<Output>(_ job: WorkerJob<Output>) -> () -> Bool {
      { [self] in
        batches += 1
        job.report(progress: min(99, (batches - 1) * ItemTexts.batchSize * 100 / max(1, total)))
        return job.isCancelled
      }
    }
  }
}
