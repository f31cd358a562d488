import Foundation
import TestSupport
import Testing
import WaterfallImages

/// A slow or hostile picture never holds up the others: its first try has a small
/// time budget, and one that runs out is parked and retried behind the rest by the
/// slow lane (``ThumbnailLoader/Options/firstTryMilliseconds``). The tests assert
/// order and counts, never time.
@Suite struct FairQueueTests {
  static let others = ["rgb.png", "grey.png", "palette.png", "bars.jpg", "ramp.gif", "rgb-lossless.webp"]

  static func key(_ path: String) -> ThumbnailKey {
    ThumbnailKey(path: path, shape: .fill(width: 8, height: 4), mode: .palette256)
  }

  /// What the decoders were asked, in order, from any thread.
  final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(name: String, milliseconds: Int, decoded: Bool)] = []
    func add(_ name: String, _ milliseconds: Int, _ decoded: Bool) {
      lock.withLock { entries.append((name, milliseconds, decoded)) }
    }
    var all: [(name: String, milliseconds: Int, decoded: Bool)] { lock.withLock { entries } }
  }

  /// A picture that needs more than its first try (a stand-in decoder gives up as a
  /// decoder out of time does) is first in the queue, and its retry is held until
  /// the test lets it go: every other picture is decoded meanwhile, by the other
  /// worker.
  @Test func aSlowPictureFirstInTheQueueNeverDelaysTheOthers() {
    let gate = DispatchSemaphore(value: 0)
    let log = Log()
    var options = ThumbnailLoader.Options()
    options.workers = 1
    options.firstTryMilliseconds = 250
    options.decode = { key, limits throws(ImageError) in
      let name = (key.path as NSString).lastPathComponent
      if name == "slow.png" {
        guard limits.maximumDecodeMilliseconds > 250 else {
          log.add(name, limits.maximumDecodeMilliseconds, false)
          throw .tooSlow(milliseconds: limits.maximumDecodeMilliseconds)
        }
        // The retry (its budget counts CPU time): a long decode, over when the test
        // says so (or after 60 s, so a broken queue fails the test instead of hanging it).
        #expect(limits.decodeTimeIsCPUTime)
        _ = gate.wait(timeout: .now() + 60)
        log.add(name, limits.maximumDecodeMilliseconds, true)
        return try ThumbnailLoader.make(
          Self.key(TestFiles.fixture("rgb.png")), options: ThumbnailLoader.Options(), limits: limits)
      }
      let thumbnail = try ThumbnailLoader.make(key, options: ThumbnailLoader.Options(), limits: limits)
      log.add(name, limits.maximumDecodeMilliseconds, true)
      return thumbnail
    }
    let loader = ThumbnailLoader(options: options)
    defer {
      gate.signal()
      loader.stop()
    }
    let slow = Self.key("/nonexistent/slow.png")
    loader.beginFrame()
    #expect(loader.thumbnail(slow) == .pending)
    for name in Self.others { #expect(loader.thumbnail(Self.key(TestFiles.fixture(name))) == .pending) }

    // Every other picture becomes ready while the slow one's retry is under way.
    eventually("every other picture decoded") { loader.currentStatistics.decoded >= Self.others.count }
    let meanwhile = loader.currentStatistics
    #expect(meanwhile.decoded == Self.others.count)
    #expect(meanwhile.parked == 1)
    #expect(meanwhile.failed == 0)
    #expect(loader.peek(slow) == .pending)
    for name in Self.others { #expect(loader.peek(Self.key(TestFiles.fixture(name))).thumbnail != nil, "\(name)") }

    gate.signal()
    #expect(loader.waitUntilIdle(milliseconds: 60_000))
    #expect(loader.peek(slow).thumbnail?.width == 8)
    let final = loader.currentStatistics
    #expect(final.decoded == Self.others.count + 1 && final.parked == 1 && final.failed == 0)
    // The slow picture was tried first, gave up its worker, and finished last.
    let entries = log.all
    #expect(entries.count == Self.others.count + 2)
    #expect(entries.first.map { ($0.name, $0.milliseconds, $0.decoded) } ?? ("", 0, true) == ("slow.png", 250, false))
    #expect(entries.last.map { ($0.name, $0.milliseconds, $0.decoded) } ?? ("", 0, false) == ("slow.png", 2_000, true))
    #expect(Set(entries.dropFirst().dropLast().map(\.name)) == Set(Self.others))
  }

  /// A real slow picture (9 megapixels, far more than a 1 ms first try) asked for
  /// first: every other picture has its first try before it is tried again, and the
  /// retry, with the whole budget, decodes it.
  @Test func aRealSlowPictureIsParkedThenDecodedWhole() throws {
    let (folder, path) = try DecodeTimeBudgetTests.largePNG()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = Log()
    var options = ThumbnailLoader.Options()
    options.workers = 0
    options.firstTryMilliseconds = 1
    options.limits.maximumDecodeMilliseconds = 600_000
    options.decode = { key, limits throws(ImageError) in
      let name = (key.path as NSString).lastPathComponent
      let result = Result { () throws(ImageError) in
        try ThumbnailLoader.make(key, options: ThumbnailLoader.Options(), limits: limits)
      }
      log.add(name, limits.maximumDecodeMilliseconds, (try? result.get()) != nil)
      return try result.get()
    }
    let loader = ThumbnailLoader(options: options)
    loader.beginFrame()
    _ = loader.thumbnail(Self.key(path))
    for name in Self.others { _ = loader.thumbnail(Self.key(TestFiles.fixture(name))) }
    loader.decodeWaiting()

    #expect(loader.peek(Self.key(path)).thumbnail?.width == 8)
    for name in Self.others { #expect(loader.peek(Self.key(TestFiles.fixture(name))).thumbnail != nil, "\(name)") }
    let statistics = loader.currentStatistics
    #expect(statistics.decoded == Self.others.count + 1 && statistics.failed == 0)
    // On a busy machine a small picture may also miss its 1 ms; the large one always does.
    #expect(statistics.parked >= 1)
    let entries = log.all
    #expect(entries.first.map { ($0.name, $0.milliseconds, $0.decoded) } ?? ("", 0, true) == ("large.png", 1, false))
    let retry = entries.firstIndex { $0.name == "large.png" && $0.milliseconds == 600_000 }
    #expect(retry != nil && entries[retry!].decoded)
    // Every other picture's first try came before the large one's retry.
    for name in Self.others {
      let first = entries.firstIndex { $0.name == name && $0.milliseconds == 1 }
      #expect(first != nil && first! < retry!, "\(name)")
    }
  }

  /// With no first-try budget (0) a decode gets the whole budget at once and a
  /// picture out of time fails for good, as before.
  @Test func noFirstTryMeansNoParking() throws {
    let (folder, path) = try DecodeTimeBudgetTests.largePNG()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var options = ThumbnailLoader.Options()
    options.workers = 0
    options.firstTryMilliseconds = 0
    options.limits.maximumDecodeMilliseconds = 1
    let loader = ThumbnailLoader(options: options)
    _ = loader.thumbnail(Self.key(path))
    loader.decodeWaiting()
    #expect(loader.peek(Self.key(path)) == .failed(.tooSlow(milliseconds: 1)))
    #expect(loader.currentStatistics.parked == 0)
  }
}
