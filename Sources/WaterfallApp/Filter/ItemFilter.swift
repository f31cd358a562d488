import Dispatch
import Synchronization

/// `--filter`: the items of a source that a search matches, found with the
/// browser's own matcher (``ItemMatcher``) and handed over in the data's order as
/// they are read (or, with a ``sort``, in its order once all are read), with no
/// terminal.
///
/// Reading and matching overlap: a thread of its own reads the source as the
/// browser's loader does (``DataOrigin/load(page:scanner:options:shouldStop:opened:described:deliver:)``,
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
  public func run(_ source: DataOrigin, emit: ([UInt8]) -> Bool, flushed: () -> Void = {}) -> Outcome {
    let chunks = Mutex<[Chunk]>([])
    let ready = DispatchSemaphore(value: 0)
    let stop = Atomic<Bool>(false)
    let finished = Mutex<Outcome?>(nil)
    let reader = self
    DispatchQueue.global(qos: .userInitiated).async {
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
        let printed = chunk.printsPath(item) ? ItemStore.printed(json: Array(json), printsPath: true) : JSONLine.compact(Array(json))
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
  private func read(_ source: DataOrigin, shouldStop: () -> Bool, chunk: (Chunk) -> Void) -> Outcome {
    var outcome = Outcome()
    let all = ItemStore(roles: roles)
    var scanner = ItemScanner(roles: roles)
    scanner.checksOnly = true
    var pathRanges: [Range<Int>] = []
    for index in 0..<source.pageCount {
      if shouldStop() { break }
      var file: PageFile?
      var shape = ItemTextShape.json
      var page = 0
      let printsPaths = source.isPicturePage(index)
      let error = source.load(
        page: index, scanner: scanner, options: options,
        shouldStop: shouldStop,
        opened: { opened in
          file = opened
          page = all.add(opened, section: source.pageSection(index), folder: source.treeFolder(index), isPictures: printsPaths)
        },
        described: { described, note in
          shape = described
          all.setShape(described, ofPage: page)
          if let note { outcome.notes.append("\(source.name): \(note)") }
        },
        deliver: { items, skipped, _ in
          outcome.skipped.append(contentsOf: skipped)
          outcome.items += items.count
          guard !items.isEmpty, let file else { return }
          if sort != nil {
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
        })
      if let error { outcome.errors.append(error) }
    }
    if sort != nil { chunk(Chunk(texts: all.itemTexts, items: 0..<all.count, pathRanges: pathRanges)) }
    return outcome
  }
}
