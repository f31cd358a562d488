import Dispatch
import Synchronization
import WaterfallWorkers

/// `--filter`: the items of a source that a search matches, found with the
/// browser's own matcher (``ItemMatcher``) and handed over in the data's order as
/// they are read (or, with a ``sort``, in its order once all are read), with no
/// terminal.
///
/// Reading and matching overlap: a thread of its own reads the source as the
/// browser's loader does (through the source's ``PageCursor``,
/// every format the browser reads), each chunk of items going into an
/// ``ItemStore``; the calling thread matches each chunk's items as it comes
/// (their texts, ``ItemTexts``, are a snapshot the reader's next chunk never
/// touches) and hands the matches over.
///
/// ```swift
/// let filter = ItemFilter(query: SearchQuery("wool"), roles: FieldRoles())
/// let outcome = filter.run(.file("items.jsonl")) { bytes in write(bytes); return true }
/// outcome.matches   // how many were handed over
/// ```
public struct ItemFilter: Sendable {
  public var query: SearchQuery
  public var roles: FieldRoles
  public var options: ReadOptions
  /// The order to hand the matches over in (nil: the data's, as they are read).
  public var sort: SortOrder?

  public init(query: SearchQuery, roles: FieldRoles, options: ReadOptions = ReadOptions()) {
    self.query = query
    self.roles = roles
    self.options = options
  }

  /// What a run found, and what went wrong on the way.
  public struct Outcome: Sendable {
    /// The items read, and how many of them matched.
    public var items = 0
    public var matches = 0
    public var errors = PageErrors()
    public var skipped = SkippedLines()
    /// Where in a JSON document the items were found, when that was chosen.
    public var notes: [String] = []
    /// Whether `emit` asked to stop.
    public var stopped = false
  }

  /// A chunk of items read: where their texts are, and which of them print as
  /// their pictures' paths. A chunk with no texts ends the reading.
  private struct Chunk: Sendable {
    var texts: ItemTexts?
    var items: Range<Int> = 0..<0
    var pathRanges: [Range<Int>] = []

    func printsPath(_ item: Int) -> Bool {
      pathRanges.contains { $0.contains(item) }
    }
  }

  /// Reads every page of `source`, handing each match's printed bytes (its JSON
  /// on one line, ``JSONLine``, or a picture's path, as ``ItemStore/printed(at:)``
  /// says) to `emit` in order, on the
  /// calling thread; `emit` returns false to stop. `flushed` is called after
  /// each chunk of input, when its matches are all handed over.
  public func run(_ source: any ItemSource, emit: ([UInt8]) -> Bool, flushed: () -> Void = {}) -> Outcome {
    let chunks = Mutex<[Chunk]>([])
    let ready = DispatchSemaphore(value: 0)
    let stop = Atomic<Bool>(false)
    let finished = Mutex<Outcome?>(nil)
    let reader = self
    _ = WorkerThread(name: "wf-filter-read") {
      let outcome = reader.read(source, shouldStop: { stop.load(ordering: .relaxed) }) { chunk in
        chunks.withLock { $0.append(chunk) }
        ready.signal()
      }
      finished.withLock { $0 = outcome }
      chunks.withLock { $0.append(Chunk()) }
      ready.signal()
    }

    var matcher = ItemMatcher(query)
    var matches = 0
    var stopped = false
    func hand(_ items: some Collection<Int>, of chunk: Chunk, texts: ItemTexts) {
      texts.forEachJSON(of: items) { item, json in
        guard !stopped, matcher.matches(json: json) else { return }
        matches += 1
        let printed = chunk.printsPath(item) ? ItemStore.printed(json: Array(json), printsPath: true) : JSONValue.repairingUTF8(JSONLine.compact(Array(json)))
        if !emit(printed) {
          stopped = true
          stop.store(true, ordering: .relaxed)
        }
      }
    }
    var whole: Chunk?
    while true {
      ready.wait()
      let chunk = chunks.withLock { $0.removeFirst() }
      guard let texts = chunk.texts else { break }
      if sort != nil {
        whole = chunk
      } else if !stopped {
        hand(chunk.items, of: chunk, texts: texts)
        flushed()
      }
    }
    if let sort, let whole, let texts = whole.texts, let order = Sorter.sorted(texts, by: sort) {
      hand(order, of: whole, texts: texts)
      flushed()
    }
    var outcome = finished.withLock { $0 } ?? Outcome()
    outcome.matches = matches
    outcome.stopped = stopped
    return outcome
  }

  /// Reads every page, telling `chunk` of each chunk of items as it is in;
  /// returns what was read and what went wrong. Without a sort each chunk's
  /// items are a store of their own, let go once matched, so memory stays
  /// flat however long the input; a sort needs them all, in one store.
  private func read(_ source: any ItemSource, shouldStop: @escaping () -> Bool, chunk: @escaping (Chunk) -> Void) -> Outcome {
    var scanner = ItemScanner(roles: roles)
    scanner.checksOnly = true
    let cursor = source.open(ReadSettings(scanner: scanner, options: options))
    let sink = FilterSink(
      roles: roles, sorts: sort != nil, name: source.sourceDescription.name, shouldStop: shouldStop, chunk: chunk)
    var end = PageEnd(hasMore: true)
    while end.hasMore, !shouldStop() {
      end = cursor.readNextPage(into: sink)
      if let error = end.error { sink.outcome.errors.append(error) }
    }
    if sort != nil { chunk(Chunk(texts: sink.all.itemTexts, items: 0..<sink.all.count, pathRanges: sink.pathRanges)) }
    return sink.outcome
  }

  /// What the pages read tell the filter: each chunk of items a store of its
  /// own, handed on at once (or, to be sorted, all in one store).
  private final class FilterSink: PageSink {
    let roles: FieldRoles
    let sorts: Bool
    let name: String
    let stop: () -> Bool
    let chunk: (Chunk) -> Void
    var outcome = Outcome()
    let all: ItemStore
    var pathRanges: [Range<Int>] = []
    private var file: PageFile?
    private var shape = ItemTextShape.json
    private var page = 0
    private var printsPaths = false

    init(roles: FieldRoles, sorts: Bool, name: String, shouldStop: @escaping () -> Bool, chunk: @escaping (Chunk) -> Void) {
      self.roles = roles
      self.sorts = sorts
      self.name = name
      stop = shouldStop
      self.chunk = chunk
      all = ItemStore(roles: roles)
    }

    func shouldStop() -> Bool { stop() }

    func opened(_ opened: OpenedPage) {
      file = opened.file
      printsPaths = opened.isPictures
      page = all.add(opened.file, section: opened.section, folder: opened.folder, isPictures: opened.isPictures)
    }

    func described(_ described: ItemTextShape, note: String?) {
      shape = described
      all.setShape(described, ofPage: page)
      if let note { outcome.notes.append("\(name): \(note)") }
    }

    func deliver(_ items: [ScannedItem], skipped: SkippedLines, bytesRead: Int) {
      outcome.skipped.append(contentsOf: skipped)
      outcome.items += items.count
      guard !items.isEmpty, let file else { return }
      if sorts {
        let start = all.count
        all.append(items, toPage: page)
        if printsPaths { pathRanges.append(start..<all.count) }
        return
      }
      let store = ItemStore(roles: roles)
      let own = store.add(file, isPictures: printsPaths)
      store.setShape(shape, ofPage: own)
      store.append(items, toPage: own)
      chunk(Chunk(texts: store.itemTexts, items: 0..<store.count, pathRanges: printsPaths ? [0..<store.count] : []))
    }

    func progress(_ text: String) {}
  }
}
