import WaterfallWorkers

extension Browser {
  /// How a browser does its work, given when it is made: where its background
  /// jobs run, and from how many items on a job goes to a worker.
  ///
  /// The terminal program gives its workers threads that wake the run loop;
  /// `render` and the library's default do every job at once; tests step the
  /// workers (``WorkerMode/stepped``) and lower the thresholds, so that a small
  /// store takes the paths a million items take.
  ///
  /// ```swift
  /// var configuration = Browser.Configuration(workers: .stepped)
  /// configuration.backgroundLayoutThreshold = 1_000
  /// let browser = Browser(store: store, options: options, size: size, configuration: configuration)
  /// browser.runPendingWork()   // the worker's jobs, here, now
  /// ```
  public struct Configuration: Sendable {
    /// Where searches, sorts, layouts and heights run.
    public var workers: WorkerMode
    /// Fewer cards than this are laid out on the main thread: it takes a few milliseconds.
    public var backgroundLayoutThreshold = 20_000
    /// Fewer cards than this are measured when needed, not ahead: it takes no time.
    public var prefetchThreshold = 20_000
    /// The threads a search uses.
    public var searchLanes = 2
    /// When the user last pressed a key: searches leave a core to the screen meanwhile.
    public var inputActivity = InputActivity()
    /// Whether work someone waits for is under way: work done ahead steps aside.
    public var awaitedWork = AwaitedWork()

    public init(workers: WorkerMode = .synchronous) {
      self.workers = workers
    }
  }
}
