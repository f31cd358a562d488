import Foundation
import TestSupport
import Testing
import WaterfallImages

/// The loader decodes off the caller's thread, caches, remembers failures, and
/// drops requests for pictures no longer drawn.
@Suite struct ThumbnailLoaderTests {
  static func key(_ name: String, _ shape: ThumbnailShape = .fill(width: 8, height: 4)) -> ThumbnailKey {
    ThumbnailKey(path: TestFiles.fixture(name), shape: shape, mode: .palette256)
  }

  /// Counts `onReady` calls, which come from a worker thread.
  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var calls: Int { lock.withLock { count } }
    /// Waits for `expected` calls (a call comes just after its picture stops
    /// being in flight), then says how many came.
    func waitFor(_ expected: Int) -> Int {
      eventually("\(expected) calls of onReady") { calls >= expected }
      return calls
    }
  }

  @Test func workersDecodeAndCallBack() {
    let counter = Counter()
    let loader = ThumbnailLoader(onReady: { counter.add() })
    defer { loader.stop() }
    loader.beginFrame()
    #expect(loader.thumbnail(Self.key("rgb.png")) == .pending)
    #expect(loader.thumbnail(Self.key("bars.jpg")) == .pending)
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    #expect(loader.thumbnail(Self.key("rgb.png")).thumbnail?.width == 8)
    #expect(loader.thumbnail(Self.key("bars.jpg")).thumbnail?.height == 4)
    #expect(loader.currentStatistics.decoded == 2)
    #expect(counter.waitFor(2) == 2)
  }

  /// A failed picture looks as a pending one does on a card: its failure wakes the
  /// drawing loop only when asked for by whoever shows it (the details panel).
  @Test func aFailureCallsBackOnlyWhenItsPictureWasAskedForSo() {
    let counter = Counter()
    let loader = ThumbnailLoader(onReady: { counter.add() })
    defer { loader.stop() }
    loader.beginFrame()
    let cards = (0..<20).map {
      ThumbnailKey(path: "/nonexistent/card-\($0).png", shape: .fill(width: 8, height: 4), mode: .palette256)
    }
    for key in cards { #expect(loader.thumbnail(key) == .pending) }
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    #expect(loader.currentStatistics.failed == 20)
    #expect(cards.allSatisfy { loader.thumbnail($0).error != nil })
    let details = ThumbnailKey(path: "/nonexistent/details.png", shape: .fitWidth(30, maximumHeight: 10), mode: .palette256)
    #expect(loader.thumbnail(details, wakesOnFailure: true) == .pending)
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    #expect(counter.waitFor(1) == 1)
    #expect(loader.thumbnail(details).error != nil)
    // A picture made still calls back, asked for so or not.
    _ = loader.thumbnail(Self.key("rgb.png"))
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    #expect(counter.waitFor(2) == 2)
    // Nothing more came of the twenty failures: once stopped, no call is on its way.
    loader.stop()
    #expect(counter.calls == 2)
  }

  @Test func failuresAreRememberedWithTheirReason() {
    var options = ThumbnailLoader.Options()
    options.workers = 0
    let loader = ThumbnailLoader(options: options)
    let key = ThumbnailKey(path: "/nonexistent/picture.png", shape: .fill(width: 4, height: 2), mode: .palette256)
    #expect(loader.thumbnail(key) == .pending)
    loader.decodeWaiting()
    #expect(loader.thumbnail(key) == .failed(.unreadable("No such file or directory")))
    // Another size of the same file fails at once, without decoding again.
    var other = key
    other.shape = .fill(width: 9, height: 9)
    #expect(loader.thumbnail(other).error != nil)
    #expect(loader.failure(forPath: key.path)?.reason == "No such file or directory")
    #expect(loader.currentStatistics.failed == 1)
  }

  @Test func requestsNotRepeatedForTwoFramesAreDropped() {
    var options = ThumbnailLoader.Options()
    options.workers = 0
    let loader = ThumbnailLoader(options: options)
    loader.beginFrame()
    _ = loader.thumbnail(Self.key("rgb.png"))  // on screen in frame 1 only
    _ = loader.thumbnail(Self.key("grey.png"))
    loader.beginFrame()
    _ = loader.thumbnail(Self.key("grey.png"))  // still on screen in frame 2
    loader.beginFrame()
    _ = loader.thumbnail(Self.key("palette.png"))  // new in frame 3
    loader.decodeWaiting()
    let statistics = loader.currentStatistics
    #expect(statistics.dropped == 1)
    #expect(statistics.decoded == 2)
    #expect(loader.peek(Self.key("rgb.png")) == .pending)
    #expect(loader.peek(Self.key("grey.png")).thumbnail != nil)
    #expect(loader.peek(Self.key("palette.png")).thumbnail != nil)
  }

  @Test func theLatestFrameIsDecodedFirst() {
    var options = ThumbnailLoader.Options()
    options.workers = 0
    // Room for one thumbnail only, so the one decoded last is the one kept.
    options.cacheBytes = Thumbnail(
      image: Image(width: 8, height: 8, repeating: .black), shape: .fill(width: 8, height: 4), mode: .palette256
    ).byteCount
    let loader = ThumbnailLoader(options: options)
    loader.beginFrame()
    _ = loader.thumbnail(Self.key("rgb.png"))  // asked for first, in frame 1
    loader.beginFrame()
    _ = loader.thumbnail(Self.key("grey.png"))  // asked for in frame 2
    loader.decodeWaiting()
    // grey.png (frame 2) went first, then rgb.png (frame 1, not yet stale).
    #expect(loader.currentStatistics.decoded == 2)
    #expect(loader.peek(Self.key("rgb.png")).thumbnail != nil)
    #expect(loader.peek(Self.key("grey.png")) == .pending)
  }

  /// The live screen's loader: what a frame asks for waits for the frame's end, so
  /// no worker takes the lock while the frame is drawn.
  @Test func requestsWaitForTheFrameToEndWhenAskedTo() {
    var options = ThumbnailLoader.Options()
    options.wakesWorkersAtFrameEnd = true
    let loader = ThumbnailLoader(options: options)
    defer { loader.stop() }
    // A frame whose end wakes the workers, which then wait for the next.
    loader.beginFrame()
    #expect(loader.thumbnail(Self.key("grey.png")) == .pending)
    loader.endFrame()
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    eventually("both workers asleep") { loader.currentStatistics.idleWorkers == 2 }
    loader.beginFrame()
    #expect(loader.thumbnail(Self.key("rgb.png")) == .pending)
    #expect(!loader.waitUntilIdle(milliseconds: 200))
    #expect(loader.currentStatistics.pending == 1)
    loader.endFrame()
    #expect(loader.waitUntilIdle(milliseconds: 10_000))
    #expect(loader.thumbnail(Self.key("rgb.png")).thumbnail != nil)
  }

  @Test func aStoppedLoaderNeverCallsBack() {
    let counter = Counter()
    let loader = ThumbnailLoader(onReady: { counter.add() })
    loader.stop()
    _ = loader.thumbnail(Self.key("rgb.png"))
    #expect(!loader.waitUntilIdle(milliseconds: 200))
    #expect(counter.calls == 0)
  }

  @Test func manyPicturesStayWithinTheCache() throws {
    var options = ThumbnailLoader.Options()
    options.cacheBytes = 64 << 10
    let loader = ThumbnailLoader(options: options)
    defer { loader.stop() }
    let folder = TestFiles.root + "/Data/shops/img"
    let names = try FileManagerNames.pictures(in: folder)
    for name in names {
      loader.beginFrame()
      _ = loader.thumbnail(ThumbnailKey(path: folder + "/" + name, shape: .fill(width: 24, height: 12), mode: .truecolor))
      loader.waitUntilIdle()
      #expect(loader.currentStatistics.cacheBytes <= 64 << 10)
    }
    #expect(loader.currentStatistics.decoded == names.count)
  }

  @Test func theLoaderShowsBadPicturesAsFailures() throws {
    let folder = try TestFiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let table = try BadImageTests.makeTable(in: folder)
    var options = ThumbnailLoader.Options()
    options.workers = 0
    let loader = ThumbnailLoader(options: options)
    for (name, _) in table {
      _ = loader.thumbnail(ThumbnailKey(path: folder + "/" + name, shape: .fill(width: 10, height: 5), mode: .palette256))
    }
    loader.decodeWaiting()
    for (name, expected) in table {
      let state = loader.peek(ThumbnailKey(path: folder + "/" + name, shape: .fill(width: 10, height: 5), mode: .palette256))
      if case .decodes = expected {
        #expect(state.thumbnail != nil, "\(name)")
      } else {
        #expect(state.error != nil, "\(name)")
      }
    }
  }
}
