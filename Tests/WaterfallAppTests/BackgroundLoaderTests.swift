import Foundation
import Synchronization
import TestSupport
import Testing
import WaterfallWorkers

@testable import WaterfallApp

/// The loader and the picture sizer on their workers: pages read in turn when
/// stepped, a restart dropping what the old reading found, the backlog that
/// holds a reader back, sizes read in batches and dropped by a cancel.
@Suite struct BackgroundLoaderTests {
  /// A folder of `pages` pages of `items` items each, removed by the caller.
  static func folder(pages: Int, items: Int) throws -> URL {
    let folder = try Scratch.folder()
    for page in 1...pages {
      let text = "[" + (0..<items).map { #"{"id":"\#(page)-\#($0)","title":"page \#(page) item \#($0)"}"# }.joined(separator: ",") + "]"
      try text.write(to: folder.appendingPathComponent("\(page).json"), atomically: true, encoding: .utf8)
    }
    return folder
  }

  static func settings() -> ReadSettings { ReadSettings(scanner: ItemScanner(roles: FieldRoles())) }

  /// What the events say, in order, to compare.
  static func describe(_ events: [BackgroundLoader.Event]) -> [String] {
    events.map { event in
      switch event {
      case .opened(let page, let opened): "opened \(page) \((opened.path as NSString).lastPathComponent)"
      case .items(let page, let items, _, _): "items \(page) \(items.count)"
      case .described(let page, _, _): "described \(page)"
      case .progress(let page, _): "progress \(page)"
      case .ended(let page, let end): "ended \(page) \(end.hasMore ? "more" : "last")\(end.error.map { " \($0)" } ?? "")"
      case .memory(let paused): "memory \(paused)"
      }
    }
  }

  @Test func pagesAskedForAreReadInTurnWhenStepped() throws {
    let folder = try Self.folder(pages: 3, items: 5)
    defer { try? FileManager.default.removeItem(at: folder) }
    let loader = BackgroundLoader(source: FolderSource(path: folder.path), settings: Self.settings(), mode: .stepped)
    loader.load(page: 0)
    loader.load(page: 1)
    #expect(!loader.hasEvents, "nothing runs until the test says")
    #expect(loader.runPending() == 2)
    #expect(Self.describe(loader.takeEvents()) == [
      "progress 0", "opened 0 1.json", "described 0", "items 0 5", "ended 0 more",
      "opened 1 2.json", "described 1", "items 1 5", "ended 1 more",
    ])
    loader.load(page: 2)
    loader.load(page: 3)
    loader.runPending()
    #expect(Self.describe(loader.takeEvents()) == ["opened 2 3.json", "described 2", "items 2 5", "ended 2 last", "ended 3 last"])
  }

  @Test func aRestartDropsWhatTheOldReadingFoundAndReadsAgain() throws {
    let folder = try Self.folder(pages: 2, items: 3)
    defer { try? FileManager.default.removeItem(at: folder) }
    let loader = BackgroundLoader(source: FolderSource(path: folder.path), settings: Self.settings(), mode: .stepped)
    loader.load(page: 0)
    loader.runPending()
    loader.load(page: 1)
    #expect(loader.hasEvents)
    loader.restart()
    #expect(!loader.hasEvents, "what the old reading found is dropped")
    #expect(loader.runPending() == 0, "and the page it had asked for")
    try #"[{"title":"new"}]"#.write(to: folder.appendingPathComponent("0.json"), atomically: true, encoding: .utf8)
    loader.load(page: 0)
    loader.runPending()
    #expect(Self.describe(loader.takeEvents()) == ["progress 0", "opened 0 0.json", "described 0", "items 0 1", "ended 0 more"], "listed anew")
  }

  /// With a backlog limit far below a chunk's items, the reader delivers a chunk
  /// and waits for the main thread to take it: every take finds one chunk.
  @Test func theBacklogHoldsTheReaderBackUntilItemsAreTaken() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("many.jsonl").path
    try (0..<60_000).map { #"{"id":\#($0),"title":"item \#($0)"}"# }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let loader = BackgroundLoader(source: FileSource(path: path), settings: Self.settings(), backlogLimit: 10, mode: .background(wake: {}))
    loader.load(page: 0)
    var items = 0
    var ended = false
    while !ended {
      eventually("the next chunk") { loader.hasEvents }
      let events = loader.takeEvents()
      let chunks = events.filter { $0.itemCount > 0 }.count
      #expect(chunks <= 1, "\(chunks) chunks waited at once: the reader did not wait for room")
      items += events.reduce(0) { $0 + $1.itemCount }
      ended = events.contains { if case .ended = $0 { true } else { false } }
    }
    #expect(items == 60_000)
  }

  /// Memory over the limit only while chunks wait to be taken (the arrays the
  /// main thread frees as it takes them) never pauses reading: the loader
  /// looks again once they are taken, and reads on.
  @Test func memoryHeldOnlyByChunksInTransitDoesNotPauseReading() throws {
    let folder = try Scratch.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("many.jsonl").path
    try (0..<200_000).map { #"{"id":\#($0),"title":"item \#($0)"}"# }.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    // The loader, set once before it reads; `hasEvents` takes the worker's lock.
    final class Watched: @unchecked Sendable {
      nonisolated(unsafe) var loader: BackgroundLoader?
      let looksOver = Atomic<Int>(0)
    }
    let watched = Watched()
    let limit = MemoryLimit(bytes: 64 << 20)
    let loader = BackgroundLoader(
      source: FileSource(path: path), settings: Self.settings(), memoryLimit: limit,
      memoryInUse: {
        let inTransit = watched.loader?.hasEvents ?? false
        if inTransit { watched.looksOver.add(1, ordering: .relaxed) }
        return inTransit ? limit.bytes : 1 << 20
      },
      backlogLimit: .max, mode: .background(wake: {}))
    watched.loader = loader
    defer { watched.loader = nil }
    loader.load(page: 0)
    // The loader has looked at the memory while events waited (over the limit) before any is taken.
    eventually("a look at the memory while chunks wait") { watched.looksOver.load(ordering: .relaxed) > 0 }
    var described: [String] = []
    var items = 0
    while !described.contains(where: { $0.hasPrefix("ended") }) {
      eventually("the next events") { loader.hasEvents }
      let events = loader.takeEvents()
      items += events.reduce(0) { $0 + $1.itemCount }
      described += Self.describe(events).filter { !$0.hasPrefix("items") }
    }
    #expect(!described.contains("memory true"), "\(described)")
    #expect(items == 200_000)
  }

  @Test func sizesAreReadInBatchesWhenSteppedAndACancelDropsThem() throws {
    let sizer = PictureSizer(mode: .stepped)
    let picture = Repository.path("Tests/WaterfallImagesTests/Fixtures/rgb.png")
    let requests = (0..<(PictureSizer.batch + 6)).map { (item: $0, path: picture) }
    sizer.measure(requests)
    #expect(!sizer.isIdle && !sizer.hasSizes, "nothing read until the test says")
    sizer.runPending()
    let sizes = sizer.takeSizes()
    #expect(sizes.map(\.item) == Array(0..<(PictureSizer.batch + 6)))
    #expect(Set(sizes.map(\.aspect)).count == 1 && sizer.isIdle)
    sizer.measure([(item: 0, path: picture), (item: 1, path: "/nonexistent/x.png")])
    sizer.cancel()
    #expect(sizer.runPending() == 0 && sizer.takeSizes().isEmpty, "a reload's predecessors are dropped")
    sizer.measure([(item: 0, path: picture), (item: 1, path: "/nonexistent/x.png")])
    sizer.runPending()
    #expect(sizer.takeSizes().map(\.item) == [0], "a picture that cannot be read has no size")
  }
}
